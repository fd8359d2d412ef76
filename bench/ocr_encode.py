"""OCR benchmark, figures 1 and 5: what a page costs to render and encode for
upload, and how big that upload is.

1. Render + encode CPU per page with ``encode_page`` in this process
   (``time.process_time``) at ``DEFAULT_MAX_PIXELS``, JPEG q85 and PNG; MuPDF's
   store is emptied before each page so every page decodes its scan image, as
   a real scan does. Baseline: olmOCR's way, one ``pdftoppm -png -r 150``
   process per page (CPU from ``RUSAGE_CHILDREN``), on the same pages.
5. Uploaded pixels per page (RenderService, from figure 4) vs the pixel budget,
   and bytes, next to pdftoppm's pages.

Separate from ``bench/ocr.py`` (which runs every figure) because these need no
fake server: they run in this process before it starts, and the pages encoded
here are what figures 2-4 upload.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import struct
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from backend.documents.page_image import encode_page
from backend.documents.pdf import open_pdf
from backend.models import PageImage
from backend.settings.profiles import DEFAULT_MAX_PIXELS
from bench import ocr_serve
from bench.table import Row

ENCODE_PAGES = range(20, 30)  # 10 pages: each of the 7 scan images; pre-encoded for 2.-4.
PDFTOPPM_PAGES = range(20, 26)  # ~2 s of CPU each: the first 6 of those
PDFTOPPM_DPI = 150
KIB = 1024


@dataclass
class EncodeCost:
    cpu_s: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    pixels: list[int] = field(default_factory=list)
    images: list[PageImage] = field(default_factory=list)

    @property
    def ms(self) -> float:
        return 1000 * statistics.mean(self.cpu_s)

    @property
    def kib(self) -> float:
        return statistics.mean(self.sizes) / KIB

    def first(self, n: int) -> EncodeCost:
        return EncodeCost(self.cpu_s[:n], self.sizes[:n], self.pixels[:n], self.images[:n])


def encode_cost(path: str, pages: range, fmt: str) -> EncodeCost:
    doc = open_pdf(path, content_hash=False)
    out = EncodeCost()
    try:
        spec = ocr_serve.SPEC
        encode_page(doc, 0, spec=spec, max_pixels=DEFAULT_MAX_PIXELS, fmt=fmt)  # warm up
        for page in pages:
            pymupdf.TOOLS.store_shrink(100)  # decode the scan image again, as a real scan would
            t0 = time.process_time()
            image = encode_page(doc, page, spec=spec, max_pixels=DEFAULT_MAX_PIXELS, fmt=fmt)
            out.cpu_s.append(time.process_time() - t0)
            out.sizes.append(len(image.data))
            out.pixels.append(image.width * image.height)
            out.images.append(image)
    finally:
        doc.close()
    return out


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _png_size(data: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def pdftoppm_cost(path: str, pages: range) -> EncodeCost | None:
    """One ``pdftoppm -png -r 150 -f N -l N`` per page (olmOCR renders pages this way)."""
    if shutil.which("pdftoppm") is None:
        return None
    out = EncodeCost()
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages:
            prefix = os.path.join(tmp, f"p{page}")
            n = str(page + 1)  # pdftoppm counts from 1
            cmd = ["pdftoppm", "-png", "-r", str(PDFTOPPM_DPI), "-f", n, "-l", n, path, prefix]
            before = _children_cpu()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            out.cpu_s.append(_children_cpu() - before)
            (name,) = Path(tmp).glob(f"p{page}-*.png")
            data = name.read_bytes()
            name.unlink()
            width, height = _png_size(data)
            out.sizes.append(len(data))
            out.pixels.append(width * height)
    return out


# -- the rows ------------------------------------------------------------------------


def encode_rows(jpeg: EncodeCost, png: EncodeCost, ppm: EncodeCost | None) -> list[Row]:
    n = len(jpeg.cpu_s)
    base = f"pdftoppm -png -r {PDFTOPPM_DPI}, 1 process/page"
    ppm_ms = ppm.ms if ppm else None
    ppm_kib = round(ppm.kib) if ppm else None
    return [
        Row(
            f"render+encode CPU/page, JPEG q85 at budget ({n} pages)",
            jpeg.ms,
            ppm_ms,
            goal="≤ 0.05×",
            baseline_name=base,
        ),
        Row("render+encode CPU/page, PNG at budget", png.ms, ppm_ms, baseline_name=base),
        Row("bytes/page, JPEG q85 at budget", round(jpeg.kib), ppm_kib, "KiB", baseline_name=base),
        Row("bytes/page, PNG at budget", round(png.kib), ppm_kib, "KiB", baseline_name=base),
    ]


def upload_rows(images: list[PageImage], ppm: EncodeCost | None) -> list[Row]:
    if not images:
        return [Row("upload pixels/page", None, None, note="n/a (no page encoded)")]
    pixels = [im.width * im.height for im in images]
    mean_mp = statistics.mean(pixels) / 1e6
    worst = max(pixels) / DEFAULT_MAX_PIXELS
    ppm_mp = (
        f"; pdftoppm -r {PDFTOPPM_DPI}: {statistics.mean(ppm.pixels) / 1e6:.2f} MP" if ppm else ""
    )
    return [
        Row(
            f"upload MP/page, RenderService.encode, {len(images)} pages "
            f"(max {worst:.2f}× budget{ppm_mp})",
            round(mean_mp, 3),
            round(DEFAULT_MAX_PIXELS / 1e6, 3),
            "MP",
            goal="≤ 1.1×",
            baseline_name="budget DEFAULT_MAX_PIXELS",
        ),
        Row(
            "upload bytes/page, RenderService.encode, JPEG q85",
            round(statistics.mean(len(im.data) for im in images) / KIB),
            round(ppm.kib) if ppm else None,
            "KiB",
            baseline_name=f"pdftoppm -png -r {PDFTOPPM_DPI}",
        ),
    ]
