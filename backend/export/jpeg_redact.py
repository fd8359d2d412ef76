"""Blanking a JPEG scan under redaction boxes without MuPDF's pixel redaction.

MuPDF's ``PDF_REDACT_IMAGE_PIXELS`` decodes the image, blanks it and stores it anew as
raw samples, deflated when the file is written: ~140 ms a page for a 200-dpi A4 scan,
and a file two to four times its source. Most scans are JPEG (DCTDecode): Pillow
decodes it (libjpeg-turbo, without holding the GIL, so on a worker thread: ``blank``
takes and returns bytes and touches no PyMuPDF object), the boxes are painted black,
and the result is stored as a JPEG again with the source's own quantisation tables
(``quality="keep"``: the file stays the source's size and the rest of the scan loses
next to nothing), each page its own image (a scan shared by pages is copied first, so
no other page changes).

Only a plain JPEG on the page itself is done here: grey or RGB, no soft or stencil
mask, drawn once by the page's own resources. Anything else under a box (CMYK, masks,
images inside a form XObject, inline images, other filters) makes ``plan`` answer None,
and the caller redacts the page's images the slow way.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

import pymupdf
from PIL import Image, ImageDraw

Box = tuple[float, float, float, float]
MODES = ("L", "RGB")
Item = tuple[Any, ...]  # an entry of ``Page.get_images(full=True)``
Placement = tuple[Item, pymupdf.Matrix]

# The keys of a blanked JPEG's dictionary that are kept (``store``): how it is drawn.
_IMAGE_KEYS = frozenset(
    {"Type", "Subtype", "Width", "Height", "ColorSpace", "BitsPerComponent", "Filter"}
    | {"Length", "Decode", "Intent", "Interpolate", "OC", "StructParent", "Name", "ID"}
)

# An inline image's operator in a content stream; a match in a string (text) only
# sends the page the slow way, which is safe.
INLINE_IMAGE = re.compile(rb"(?:^|[\s\]\)>])BI\s")


@dataclass(frozen=True)
class Job:
    """One image to blank: the object the page draws it from (its own copy when other
    pages share it), its JPEG as stored, and the boxes in the image's unit square."""

    xref: int
    data: bytes
    boxes: tuple[Box, ...]


def plan(
    page: pymupdf.Page, rects: Sequence[pymupdf.Rect], shared: AbstractSet[int]
) -> list[Job] | None:
    """The jobs that blank every image ``rects`` (unrotated page points) touch on
    ``page``; None when some image they touch is not one this module can do. A shared
    image is given its own copy here, before the page's content is redacted."""
    doc = page.parent
    draws = page.get_image_info()  # every image drawn, inline and in forms too; no decoding
    touched = [d for d in draws if any(r.intersects(d["bbox"]) for r in rects)]
    if not touched:
        return []
    images = page.get_images(full=True)
    placements = _single(page, draws, images) or _by_digest(page, images, rects)
    if placements is None or len(placements) != len(touched):
        return None  # an image under a box this module does not know: MuPDF's way
    found = []
    for item, matrix in placements:
        data = doc.xref_stream_raw(item[0])
        if not _plain_jpeg(doc, item, data):
            return None
        bbox, inverse = _bbox(matrix), ~pymupdf.Matrix(matrix)
        boxes = tuple(_pixels(r, inverse) for r in rects if r.intersects(bbox))
        found.append((item, data, boxes))
    jobs = []
    for (xref, *_rest, name, _filter, _referencer), data, boxes in found:
        own = _own_copy(page, xref, name, shared) if xref in shared else xref
        jobs.append(Job(own, data, boxes))
    return jobs


def blank(data: bytes, boxes: Sequence[Box]) -> bytes:
    """The JPEG ``data`` with ``boxes`` (unit square) painted black, as a JPEG with the
    same quantisation tables. Pure: safe on any thread.

    Each box is widened to whole MCUs (the 8×8 or 16×16 pixel cells the JPEG codes
    alone): the cells under it are then one flat black, with no ringing from their
    neighbours (a cell half painted would show the edge of what is next to it)."""
    picture = Image.open(io.BytesIO(data))
    if picture.mode not in MODES:
        raise ValueError(f"not a grey or RGB JPEG: {picture.mode}")
    # One decoder call for the whole stream: Pillow lets go of the GIL in each call and
    # reads 64 KB a call by default, and each time the GIL is wanted back a thread busy
    # with the pages holds it up to the switch interval (5 ms): ~13 waits a scan made
    # its blanking ~3x slower beside a busy thread (95 against 34 ms a page, 2 cores).
    picture.decodermaxblock = max(len(data), picture.decodermaxblock)
    picture.load()
    cell_w, cell_h = mcu(picture)
    bleed_x, bleed_y = _bleed(picture)
    pen = ImageDraw.Draw(picture)
    width, height = picture.size
    for x0, y0, x1, y1 in boxes:
        left = math.floor(x0 * width) // cell_w * cell_w
        top = math.floor(y0 * height) // cell_h * cell_h
        right = min(-(-math.ceil(x1 * width) // cell_w) * cell_w, width)
        bottom = min(-(-math.ceil(y1 * height) // cell_h) * cell_h, height)
        if right > left and bottom > top:
            # The pixels next to the cells were decoded with the colour of the cells'
            # edge (``_bleed``): they go too, else the JPEG written keeps a trace of it.
            rect = (left - bleed_x, top - bleed_y, right - 1 + bleed_x, bottom - 1 + bleed_y)
            pen.rectangle(rect, fill=0)
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality="keep")
    return out.getvalue()


def _bleed(picture: Image.Image) -> tuple[int, int]:
    """How far, in pixels across and down, the colour of the cells under a box reached
    past them when the scan was decoded. Where the colour is stored at half the
    resolution (4:2:2, 4:2:0), libjpeg's upsampling ("fancy upsampling", on in Pillow)
    gives each pixel a blend of its own colour sample and the nearest neighbouring one,
    so the pixel line just past the cells holds a quarter of the colour under the box;
    written again, it would carry that trace into the JPEG (a red seal's edge). One
    pixel a subsampled direction; none for grey or 4:4:4 colour."""
    layers = getattr(picture, "layer", None) or [("", 1, 1, 0)]
    across = {h for _id, h, _v, _q in layers}
    down = {v for _id, _h, v, _q in layers}
    return int(len(across) > 1), int(len(down) > 1)


def mcu(picture: Image.Image) -> tuple[int, int]:
    """The width and height in pixels of the JPEG's MCU: 8 × its largest sampling
    factors (16×16 for 4:2:0 colour, 8×8 for grey)."""
    layers = getattr(picture, "layer", None) or [("", 1, 1, 0)]
    return 8 * max(h for _id, h, _v, _q in layers), 8 * max(v for _id, _h, v, _q in layers)


def store(doc: pymupdf.Document, job: Job, data: bytes) -> None:
    doc.update_stream(job.xref, data, compress=False)
    doc.xref_set_key(job.xref, "Filter", "/DCTDecode")  # update_stream dropped it
    # The object keeps its dictionary: a key naming other data would keep it in the file
    # (/Alternates: the same scan unblanked, e.g. for printing; /Metadata; /OPI), and
    # /DecodeParms describes the source's encoding, not Pillow's. Only what draws it stays.
    for key in doc.xref_get_keys(job.xref):
        if key not in _IMAGE_KEYS:
            doc.xref_set_key(job.xref, key, "null")


def _single(
    page: pymupdf.Page, draws: list[dict[str, Any]], images: list[Item]
) -> list[Placement] | None:
    """A scan's page without decoding anything: one image drawn once, listed once in
    the page's own resources, of the drawn size, no form and no inline image that the
    one drawing could be instead."""
    if len(draws) != 1 or len(images) != 1 or images[0][9] or page.get_xobjects():
        return None
    item, draw = images[0], draws[0]
    if (item[2], item[3]) != (draw["width"], draw["height"]):
        return None
    if INLINE_IMAGE.search(page.read_contents()):
        return None
    return [(item, pymupdf.Matrix(draw["transform"]))]


def _by_digest(
    page: pymupdf.Page, images: list[Item], rects: Sequence[pymupdf.Rect]
) -> list[Placement] | None:
    """Each listed image's placements by its pixels' digest (PyMuPDF decodes each to
    match it: slow), those under a box; None when one under a box is drawn twice."""
    found = []
    for item in images:
        placements = page.get_image_rects(item[0], transform=True)
        under = [m for bbox, m in placements if any(r.intersects(bbox) for r in rects)]
        if under and len(placements) != 1:
            return None
        found += [(item, m) for m in under]
    return found


def _plain_jpeg(doc: pymupdf.Document, item: Item, data: bytes) -> bool:
    xref, smask, referencer = item[0], item[1], item[9]
    if smask or referencer or doc.xref_get_key(xref, "Mask")[0] != "null":
        return False
    if doc.xref_get_key(xref, "Filter")[1] != "/DCTDecode":
        return False
    try:  # the header alone: CMYK (Adobe's inverted JPEGs) goes MuPDF's way
        return Image.open(io.BytesIO(data)).mode in MODES
    except (OSError, SyntaxError, ValueError):
        return False


def _bbox(matrix: pymupdf.Matrix) -> pymupdf.Rect:
    bbox: pymupdf.Rect = pymupdf.Rect(0, 0, 1, 1) * matrix
    return bbox


def _pixels(rect: pymupdf.Rect, inverse: pymupdf.Matrix) -> Box:
    """``rect`` in the image's unit square (0..1, top-left origin), clipped to it;
    ``inverse``: the inverse of the image's placement matrix."""
    unit = rect * inverse
    return (
        min(max(unit.x0, 0.0), 1.0),
        min(max(unit.y0, 0.0), 1.0),
        min(max(unit.x1, 0.0), 1.0),
        min(max(unit.y1, 0.0), 1.0),
    )


def _own_copy(page: pymupdf.Page, xref: int, name: str, shared: AbstractSet[int]) -> int:
    """A copy of image ``xref`` that only ``page`` draws, under the same name: the
    page's resources (and their XObject dictionary) are made its own first when other
    pages share them, so no other page's drawing changes."""
    doc = page.parent
    copy = int(doc.get_new_xref())
    doc.update_object(copy, doc.xref_object(xref, compressed=True))
    doc.update_stream(copy, doc.xref_stream_raw(xref), compress=False)
    doc.xref_set_key(copy, "Filter", "/DCTDecode")
    holder, key = _names(doc, page.xref, shared)
    names = _own_dict(doc, holder, key, shared)
    if names is None:
        doc.xref_set_key(holder, f"{key}/{name}", f"{copy} 0 R")
    else:
        doc.xref_set_key(names, name, f"{copy} 0 R")
    return copy


def _names(doc: pymupdf.Document, page: int, shared: AbstractSet[int]) -> tuple[int, str]:
    """The object holding the page's XObject dictionary, and its key there: in the
    page's resources (made its own first when shared), or in the page itself when its
    resources are written inside it (as ``clean_contents`` leaves them)."""
    resources = _own_dict(doc, page, "Resources", shared)
    return (page, "Resources/XObject") if resources is None else (resources, "XObject")


def _own_dict(doc: pymupdf.Document, owner: int, key: str, shared: AbstractSet[int]) -> int | None:
    """The xref of ``owner``'s ``key`` dictionary, copied first when it is shared;
    None when the dictionary is written inside ``owner`` (only it has it)."""
    kind, value = doc.xref_get_key(owner, key)
    if kind != "xref":
        return None
    xref = int(value.split()[0])
    if xref not in shared:
        return xref
    copy = int(doc.get_new_xref())
    doc.update_object(copy, doc.xref_object(xref, compressed=True))
    doc.xref_set_key(owner, key, f"{copy} 0 R")
    return copy


def shared_objects(doc: pymupdf.Document) -> set[int]:
    """Images, resource and XObject dictionaries more than one page uses."""
    seen: dict[int, int] = {}
    for page in (doc[n] for n in range(doc.page_count)):
        used = {item[0] for item in page.get_images(full=True)}
        holder, key = page.xref, "Resources/XObject"
        resources = doc.xref_get_key(page.xref, "Resources")
        if resources[0] == "xref":
            holder, key = int(resources[1].split()[0]), "XObject"
            used.add(holder)
        kind, value = doc.xref_get_key(holder, key)
        if kind == "xref":
            used.add(int(value.split()[0]))
        for xref in used:
            seen[xref] = seen.get(xref, 0) + 1
    return {xref for xref, n in seen.items() if n > 1}
