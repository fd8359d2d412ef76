"""A page (or a region of it) rendered and encoded for upload to a VLM.

The page is rendered straight to the size the model will use (see
``vision.fit_to_budget``): a larger upload only costs encode time and bytes,
since the server scales it down to its pixel budget anyway. JPEG through
Pillow by default: ~10-50 ms a page, where PyMuPDF's own JPEG writer took
~200 ms and PNG 500-1,000 ms (measured on a 150-dpi scan). Runs in a worker
process (see ``render_service``): PyMuPDF holds the GIL while it renders.
"""

from __future__ import annotations

import io
import math

import pymupdf
from PIL import Image

from backend.engines.base import PageImage
from backend.pdf import PdfDocument
from backend.vision import VisionSpec, fit_to_budget

# Never render beyond 400 dpi, however small the page and large the budget:
# more pixels than the scanner captured add nothing but bytes.
MAX_SCALE = 400 / 72

Region = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the page


def upload_size(
    width_pt: float, height_pt: float, spec: VisionSpec, max_pixels: int
) -> tuple[int, int]:
    """Pixel (width, height) to send for a page of this size in points."""
    scale = min(MAX_SCALE, math.sqrt(max_pixels / max(1.0, width_pt * height_pt)))
    w = max(1, round(width_pt * scale))
    h = max(1, round(height_pt * scale))
    return fit_to_budget(w, h, spec, max_pixels)


def encode_page(
    doc: PdfDocument,
    page: int,
    *,
    spec: VisionSpec,
    max_pixels: int,
    fmt: str = "jpeg",
    quality: int = 85,
    region: Region | None = None,
) -> PageImage:
    pg = doc.page(page)
    rect = pg.rect
    clip = None
    if region is not None:
        x0, y0, x1, y1 = region
        clip = pymupdf.Rect(
            rect.x0 + x0 * rect.width,
            rect.y0 + y0 * rect.height,
            rect.x0 + x1 * rect.width,
            rect.y0 + y1 * rect.height,
        )
        rect = clip
    width, height = upload_size(rect.width, rect.height, spec, max_pixels)
    # Separate x and y scales land exactly on the target size: the server then
    # uses our pixels as they are instead of resampling them a second time.
    matrix = pymupdf.Matrix(width / rect.width, height / rect.height)
    pix = pg.get_pixmap(matrix=matrix, alpha=False, clip=clip)
    image = Image.frombuffer(
        "RGB", (pix.width, pix.height), pix.samples, "raw", "RGB", pix.stride, 1
    )
    out = io.BytesIO()
    if fmt == "png":
        image.save(out, "PNG", compress_level=1)
        mime = "image/png"
    else:
        image.save(out, "JPEG", quality=quality, optimize=False)
        mime = "image/jpeg"
    return PageImage(page=page, data=out.getvalue(), mime=mime, width=pix.width, height=pix.height)
