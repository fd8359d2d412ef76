"""Looking for seeded personal data in a published PDF (issue 25): the needles and the
places to look (``publish_leak`` runs them).

**How an identifier is matched.** Both sides are folded by NFKC (full-width digits
and letters are ASCII) and kept to letters, digits and Han only ("bare": spacing,
punctuation, line ends and mask circles ignored), letters compared in either case. A
seeded span's needle is its identifying characters (``personal_data.identifying``)
in order, a name's surname glyphs before them: 林志明 for a name (林○○ is no match),
0912345678 for 0912-345-678. Between two identifying characters the needle allows
as many characters of any kind as the source had there (an address's 區, 路, 號 …,
which a re-read may misread; Han for Han), and no more. No fuzzy match: what a re-read gives back
in order is what leaks; a misread digit is not a recovered number. In the metadata and
the bytes a needle that starts or ends with a digit must not touch another digit there
(``bounded``): a file's number arrays and compressed data bared to their digits hold
any short run of digits (a birth date's 8453) by chance; a page's text does not.

Where: each output page's ``get_text``; RapidOCR's reading of each output page, as the
product reads a page, and of each image of the file drawn alone with its black boxes
painted white (``images_alone``, ``unblind``: the engine's levels step, set by the
darkest pixels, wipes a faded scan's grey ink beside pure black); the metadata and XMP; and the
bytes: the file as it is, and every stream decompressed and every object's source
(image streams excepted: their samples are what the image reading looks at, and
random pixels decoded as text would match short names by chance), each decoded as
UTF-8 and as UTF-16 (both byte alignments).
"""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import pymupdf
from PIL import Image, ImageFilter

from backend.publish.model import PersonalKind
from bench.corpus.personal_data import Seeded, identifying

_HAN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_HAN_ONLY = re.compile(f"{_HAN}+")
DARK = 70  # grey level: a redaction box's black, through JPEG
SOLID = 9  # pixels: a dark square this wide is a box, not a stroke (~3 px at 150 dpi)
_NOT_BARE = re.compile(r"[^0-9A-Za-z\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def bare(text: str) -> str:
    """Letters, digits and Han only, after NFKC."""
    return _NOT_BARE.sub("", unicodedata.normalize("NFKC", text))


def needle(seeded: Seeded, bounded: bool = False) -> re.Pattern[str] | None:
    """The pattern a leak of ``seeded`` matches in a bare text (None: it has nothing
    identifying, e.g. 林○○ in the source); ``bounded``: not inside a longer number."""
    ident = set(identifying(seeded))
    if not ident:
        return None
    kept = 0
    parts: list[str] = []
    gap = ""  # the source's bare characters since the last required one
    for i, c in enumerate(seeded.text):
        if c == "\n":
            continue
        surname = seeded.kind is PersonalKind.PERSON and kept < seeded.keep
        kept += 1
        b = bare(c)
        if not b:
            continue
        if i in ident or surname:
            if parts and gap:  # Han in the source (區, 年): Han in its place, or nothing
                kind = _HAN if _HAN_ONLY.fullmatch(gap) else "."
                parts.append(f"{kind}{{0,{len(gap)}}}")
            parts.append(re.escape(b))
            gap = ""
        elif parts:
            gap += b
    if not parts:
        return None
    pattern = "".join(parts)
    if bounded:
        pattern = f"(?<![0-9]){pattern}(?![0-9])"
    return re.compile(pattern, re.IGNORECASE)


def page_texts(doc: pymupdf.Document) -> list[str]:
    return [bare(doc[n].get_text()) for n in range(len(doc))]


def metadata(doc: pymupdf.Document) -> str:
    values = " ".join(str(v) for v in (doc.metadata or {}).values() if v)
    return bare(values + " " + doc.get_xml_metadata())


def _decoded(data: bytes) -> list[str]:
    return [
        bare(data.decode("utf-8", "ignore")),
        bare(data.decode("utf-16-be", "ignore")),
        bare(data[1:].decode("utf-16-be", "ignore")),
    ]


def raw_bytes(path: Path, doc: pymupdf.Document) -> list[str]:
    """The file's bytes as texts to search: the file as stored (UTF-8 only: its
    compressed image data read as UTF-16 is random Han), then every non-image stream
    decompressed and every object's source, each as UTF-8 and UTF-16."""
    out = [bare(path.read_bytes().decode("utf-8", "ignore"))]
    for xref in range(1, doc.xref_length()):
        out += _decoded(doc.xref_object(xref).encode("utf-8"))
        if doc.xref_is_stream(xref) and doc.xref_get_key(xref, "Subtype")[1] != "/Image":
            out += _decoded(doc.xref_stream(xref) or b"")
    return [t for t in out if t]


def page_images(doc: pymupdf.Document) -> list[list[int]]:
    """The image objects each page draws."""
    return [[image[0] for image in doc[n].get_images(full=True)] for n in range(len(doc))]


def images_alone(doc: pymupdf.Document, target: Path) -> tuple[Path, list[int], list[bytes]]:
    """Every image object of ``doc``, each drawn alone on an A4 page of its own,
    without what is drawn over it on the page (a box drawn on top of an intact image
    would hide it on the page, not in the file), its solid black areas painted white
    (``unblind``): the PDF, the xref of each of its pages, and what each holds (for
    the reading's cache)."""
    out = pymupdf.open()
    xrefs: list[int] = []
    keys: list[bytes] = []
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "Subtype")[1] == "/Image":
            pixels = pymupdf.Pixmap(doc, xref)
            if pixels.alpha:
                pixels = pymupdf.Pixmap(pixels, 0)
            if pixels.n != 3:
                pixels = pymupdf.Pixmap(pymupdf.csRGB, pixels)
            image = unblind(Image.frombytes("RGB", (pixels.width, pixels.height), pixels.samples))
            png = io.BytesIO()
            image.save(png, "PNG")
            page = out.new_page(width=595, height=842)
            page.insert_image(page.rect, stream=png.getvalue())
            xrefs.append(xref)
            keys.append(b"%d|%d|" % image.size + image.tobytes())
    if not xrefs:
        out.new_page(width=595, height=842)
    out.save(target)
    out.close()
    return target, xrefs, keys


def unblind(image: Image.Image) -> Image.Image:
    """``image`` with its solid black areas (redaction boxes: dark over at least
    ``SOLID`` pixels square, wider than any stroke) painted white. The engine sets its
    levels from the page's darkest pixels (``faint_ink``): beside pure black, a faded
    scan's grey ink counts as faint and is wiped, and the page reads as nothing. White
    instead of black reveals nothing the box removed; it lets the image be read."""
    # An opening: a square of SOLID dark pixels and what it sweeps, one pixel wider for
    # the JPEG's fringe; wider would shave the glyphs beside a box (a misplaced box's
    # half-covered character is what must still be read).
    dark = image.convert("L").point(lambda p: 255 if p < DARK else 0)
    solid = dark.filter(ImageFilter.MinFilter(SOLID)).filter(ImageFilter.MaxFilter(SOLID + 2))
    out = image.copy()
    out.paste((255, 255, 255), mask=solid)
    return out
