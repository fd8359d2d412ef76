"""Builds the "scanned" benchmark PDFs once and caches them under bench/out/.

Each of the 7 pages of the sample is rendered to a grey JPEG (like a 200-dpi
scan). An N-page document then shows those 7 images in turn; every page points
at the same 7 image objects (one xref each), so 2,000 pages stay a few MB.

Caveat: MuPDF caches decoded images, so only the first page that shows each of
the 7 images pays for JPEG decoding; a real scan (one image per page) pays it on
every page. The flip benchmark reports that "new image" case separately.

``distinct_pdf`` is a real scan's case for the work done per image (the publishing
export): one image per page, each its own JPEG (the sample's pages stamped with the
page's number), baseline as scanners write them; MuPDF's writer above makes
progressive JPEGs, about 2.5x slower to decode.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"
SAMPLE_PDF = ROOT / "resources" / "samples" / "legal-sample.pdf"
TRUTH_JSON = ROOT / "tests" / "data" / "legal-sample.truth.json"
SCAN_DPI = 200
JPEG_QUALITY = 75
SMALL_PAGES = 10


@dataclass(frozen=True)
class Docs:
    """The benchmark documents: ``big`` has ``pages`` pages, ``small`` has 10."""

    big: Path
    small: Path
    pages: int


def scan_images(sample: Path = SAMPLE_PDF) -> list[tuple[bytes, float, float]]:
    """(grey JPEG bytes, width pt, height pt) for each page of the sample."""
    out = []
    with pymupdf.open(sample) as src:
        for page in src:
            matrix = pymupdf.Matrix(SCAN_DPI / 72, SCAN_DPI / 72)
            pix = page.get_pixmap(matrix=matrix, colorspace=pymupdf.csGRAY, alpha=False)
            jpeg = pix.tobytes("jpeg", jpg_quality=JPEG_QUALITY)
            out.append((jpeg, float(page.rect.width), float(page.rect.height)))
    return out


def build(path: Path, pages: int, images: list[tuple[bytes, float, float]]) -> Path:
    """Write a ``pages``-page PDF cycling through ``images``, each stored once."""
    doc = pymupdf.open()
    xrefs: dict[int, int] = {}
    for n in range(pages):
        which = n % len(images)
        jpeg, width, height = images[which]
        page = doc.new_page(width=width, height=height)
        rect = page.rect
        if which in xrefs:
            page.insert_image(rect, xref=xrefs[which])
        else:
            xrefs[which] = page.insert_image(rect, stream=jpeg)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    doc.save(tmp, garbage=1, deflate=True)
    doc.close()
    tmp.replace(path)
    return path


def scanned_pdf(pages: int, images: list[tuple[bytes, float, float]] | None = None) -> Path:
    """The cached ``scanned-<pages>.pdf``, built on first use."""
    path = OUT / f"scanned-{pages}.pdf"
    if not path.is_file():
        build(path, pages, images if images is not None else scan_images())
    return path


def distinct_pdf(pages: int) -> Path:
    """The cached ``scanned-distinct-<pages>.pdf``: one image object per page, each a
    baseline grey JPEG of its own (no two pages share or repeat an image's bytes)."""
    path = OUT / f"scanned-distinct-{pages}.pdf"
    if path.is_file():
        return path
    renders = []
    with pymupdf.open(SAMPLE_PDF) as src:
        for page in src:
            matrix = pymupdf.Matrix(SCAN_DPI / 72, SCAN_DPI / 72)
            pix = page.get_pixmap(matrix=matrix, colorspace=pymupdf.csGRAY, alpha=False)
            image = Image.frombytes("L", (pix.width, pix.height), pix.samples)
            renders.append((image, float(page.rect.width), float(page.rect.height)))
    doc = pymupdf.open()
    for n in range(pages):
        image, width, height = renders[n % len(renders)]
        stamped = image.copy()
        ImageDraw.Draw(stamped).text((60, stamped.height - 60), f"- {n + 1} -", fill=0)
        jpeg = io.BytesIO()
        stamped.save(jpeg, format="JPEG", quality=JPEG_QUALITY)
        page = doc.new_page(width=width, height=height)
        page.insert_image(page.rect, stream=jpeg.getvalue())
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    doc.save(tmp, garbage=1, deflate=True)
    doc.close()
    tmp.replace(path)
    return path


def ensure_docs(pages: int) -> Docs:
    wanted = [pages, SMALL_PAGES]
    images = None
    if not all((OUT / f"scanned-{n}.pdf").is_file() for n in wanted):
        images = scan_images()
    return Docs(big=scanned_pdf(pages, images), small=scanned_pdf(SMALL_PAGES, images), pages=pages)


if __name__ == "__main__":
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    docs = ensure_docs(n)
    for p in (docs.big, docs.small):
        print(p, p.stat().st_size // 1024, "KiB")
