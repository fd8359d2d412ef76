"""Page flip: RenderService (worker process + cache) vs PyMuPDF rendering in-process.

Pages are rendered ~1,240 px wide (an A4 page at 150 dpi: a page filling a
typical screen). Three cases, each timed per page and reported as the median:

* new image: the first page showing each of the document's 7 scan images, so
  MuPDF decodes the JPEG (what every page of a real scan costs);
* image decoded: a page not in the render cache, whose image MuPDF has already
  decoded (only possible here because pages share 7 images);
* cached: the same page again, answered by RenderService's cache.

The baseline opens the same PDF in this process and calls ``get_pixmap`` on the
same pages in the same order (it has no cache of its own, so its "cached" figure
is the decoded-image render).
"""

from __future__ import annotations

import asyncio
import time

import pymupdf

from backend.documents.render_service import RenderService
from bench.make_doc import Docs
from bench.table import Row, median_ms

TARGET_WIDTH_PX = 1240
NEW_IMAGE_PAGES = range(1, 7)  # page 0 warms up (and decodes image 0)
DECODED_PAGES = range(7, 27)  # every image already decoded by pages 0-6


def scale_for(path: str, width_px: int = TARGET_WIDTH_PX) -> float:
    with pymupdf.open(path) as doc:
        return width_px / float(doc[0].rect.width)


async def _service_times(path: str, scale: float) -> dict[str, list[float]]:
    service = RenderService(path)
    out: dict[str, list[float]] = {"first": [], "new": [], "decoded": [], "cached": []}
    try:
        for key, pages in (
            ("first", [0]),
            ("new", NEW_IMAGE_PAGES),
            ("decoded", DECODED_PAGES),
            ("cached", DECODED_PAGES),
        ):
            for page in pages:
                t0 = time.perf_counter()
                await service.render(page, scale)
                out[key].append(time.perf_counter() - t0)
    finally:
        service.close()
    return out


def _baseline_times(path: str, scale: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"first": [], "new": [], "decoded": []}
    matrix = pymupdf.Matrix(scale, scale)
    t0 = time.perf_counter()
    doc = pymupdf.open(path)
    try:
        for key, pages in (("first", [0]), ("new", NEW_IMAGE_PAGES), ("decoded", DECODED_PAGES)):
            for page in pages:
                doc[page].get_pixmap(matrix=matrix, alpha=False)
                out[key].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
    finally:
        doc.close()
    return out


def run(docs: Docs) -> list[Row]:
    path = str(docs.big)
    scale = scale_for(path)
    base = _baseline_times(path, scale)
    got = asyncio.run(_service_times(path, scale))
    label = f"{TARGET_WIDTH_PX} px, scale {scale:.2f}"
    direct = "PyMuPDF in-process"
    return [
        Row(
            f"flip: first page incl. worker start + open ({label})",
            median_ms(got["first"]),
            median_ms(base["first"]),
            baseline_name="in-process open + render",
        ),
        Row(
            f"flip uncached, new image (median of {len(NEW_IMAGE_PAGES)})",
            median_ms(got["new"]),
            median_ms(base["new"]),
            baseline_name=direct,
        ),
        Row(
            f"flip uncached, image decoded (median of {len(DECODED_PAGES)})",
            median_ms(got["decoded"]),
            median_ms(base["decoded"]),
            baseline_name=direct,
        ),
        Row(
            f"flip cached, same pages again (median of {len(DECODED_PAGES)})",
            median_ms(got["cached"]),
            median_ms(base["decoded"]),
            baseline_name=direct,
        ),
    ]
