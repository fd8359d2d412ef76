"""A page (or a region of it) rendered and encoded for upload to a VLM.

The page is rendered straight to the size the model will use (see
``vision.fit_to_budget``): a larger upload only costs encode time and bytes,
since the server scales it down to its pixel budget anyway. JPEG through
Pillow by default: ~10-50 ms a page, where PyMuPDF's own JPEG writer took
~200 ms and PNG 500-1,000 ms (measured on a 150-dpi scan). Runs in a worker
process (see ``render_service``): PyMuPDF holds the GIL while it renders.
"""

from __future__ import annotations

import base64
import io
import math
import re

import pymupdf
from PIL import Image

from backend.documents.pdf import PdfDocument
from backend.documents.vision import VisionSpec, fit_to_budget
from backend.errors import RenderError
from backend.i18n import _
from backend.models import PageImage

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


# The whole content of a typical scanned page: one image stretched over the page.
_SCAN_CONTENT = re.compile(
    rb"^\s*q\s+" + rb"\s+".join([rb"([-+\d.]+)"] * 6) + rb"\s+cm\s+/(\S+)\s+Do\s+Q\s*$"
)


def scan_jpeg(page: pymupdf.Page) -> bytes | None:
    """See ``_scan_jpeg``; any trouble in a damaged file just means "render it"."""
    try:
        return _scan_jpeg(page)
    except Exception:  # only a shortcut: the normal path reports real damage
        return None


def _scan_jpeg(page: pymupdf.Page) -> bytes | None:
    """The page's JPEG as stored, when the page is nothing but that JPEG over the whole page.

    Then decoding it with Pillow (libjpeg-turbo) and scaling it is about half the
    CPU of having MuPDF render the page, and the pixels are the same scan. Any
    doubt (rotation, a crop box, a mask, inverted decode, other content) → None,
    and the page is rendered normally.
    """
    if page.rotation or page.cropbox != page.mediabox:
        return None
    m = _SCAN_CONTENT.match(page.read_contents())
    if m is None:
        return None
    a, b, c, d, e, f = (float(v) for v in m.groups()[:6])
    r = page.rect
    if b or c or abs(a - r.width) > 1 or abs(d - r.height) > 1 or abs(e) > 1 or abs(f) > 1:
        return None
    name = m.group(7).decode("latin-1")
    for xref, smask, _w, _h, _bpc, _cs, _alt, img_name, filters, *_unused in page.get_images(
        full=True
    ):
        if img_name != name:
            continue
        obj = page.parent.xref_object(xref)
        if filters != "DCTDecode" or smask or "/Decode" in obj or "/ImageMask" in obj:
            return None
        raw = page.parent.xref_stream_raw(xref)
        return bytes(raw) if raw else None
    return None


def _from_scan(data: bytes, size: tuple[int, int], region: Region | None) -> Image.Image | None:
    try:
        image: Image.Image = Image.open(io.BytesIO(data))
        if image.mode not in ("L", "RGB"):  # CMYK and friends: let MuPDF handle colour
            return None
        if region is not None:
            w, h = image.size
            x0, y0, x1, y1 = region
            image = image.crop((round(x0 * w), round(y0 * h), round(x1 * w), round(y1 * h)))
        return image.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def is_grey_scan(page: pymupdf.Page) -> bool:
    """A page that is only greyscale images: rendering it in grey loses nothing.

    Rendering and encoding in grey took ~40% less CPU than RGB on a 200-dpi scan.
    Anything else (colour images, text or drawings that may be coloured: a red
    seal, a highlighted word) is rendered in colour. Reads the page's resources
    only (``get_image_info`` would decode every image: ~55 ms a page).
    """
    try:
        images = page.get_images(full=True)
        if not images or page.get_text("text").strip() or page.get_drawings():
            return False
        return all(_components(page.parent, xref) == 1 for xref, *_unused in images)
    except Exception:  # damaged resources: colour is the safe choice
        return False


def _components(doc: pymupdf.Document, xref: int) -> int:
    kind, value = doc.xref_get_key(xref, "ColorSpace")
    if kind == "xref":  # an indirect colour space object
        value = doc.xref_object(int(value.split()[0]))
    if "DeviceGray" in value or "CalGray" in value:
        return 1
    icc = re.search(r"(\d+) 0 R", value) if "ICCBased" in value else None
    if icc is not None:
        n = doc.xref_get_key(int(icc.group(1)), "N")[1]
        return int(n) if n.isdigit() else 3
    return 3


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
    try:
        width, height = upload_size(rect.width, rect.height, spec, max_pixels)
    except ValueError as exc:  # a page (or region) too thin for the model's image processor
        raise RenderError(
            _(
                "Page {page} cannot be sent to the model: it is too long and narrow "
                "({width:.0f}×{height:.0f} pt)."
            ).format(page=page + 1, width=rect.width, height=rect.height),
            detail=str(exc),
        ) from exc
    jpeg = scan_jpeg(pg)
    image = _from_scan(jpeg, (width, height), region) if jpeg is not None else None
    if image is None:
        image = _render(pg, width, height, rect, clip)
    out = io.BytesIO()
    if fmt == "png":
        image.save(out, "PNG", compress_level=1)
        mime = "image/png"
    else:
        image.save(out, "JPEG", quality=quality, optimize=False)
        mime = "image/jpeg"
    data = out.getvalue()
    return PageImage(
        page=page,
        data=data,
        mime=mime,
        width=width,
        height=height,
        encoded=base64.b64encode(data).decode("ascii"),
    )


def _render(
    pg: pymupdf.Page, width: int, height: int, rect: pymupdf.Rect, clip: pymupdf.Rect | None
) -> Image.Image:
    # Separate x and y scales land exactly on the target size: the server then
    # uses our pixels as they are instead of resampling them a second time.
    matrix = pymupdf.Matrix(width / rect.width, height / rect.height)
    grey = is_grey_scan(pg)
    colorspace = pymupdf.csGRAY if grey else pymupdf.csRGB
    try:
        pix = pg.get_pixmap(matrix=matrix, alpha=False, clip=clip, colorspace=colorspace)
    except Exception as exc:  # MuPDF raises several unrelated types (FzErrorLimit, ...)
        raise RenderError(
            _("Page {number} could not be drawn: the file is damaged there.").format(
                number=pg.number + 1
            ),
            detail=repr(exc),
        ) from exc
    mode = "L" if grey else "RGB"
    image = Image.frombuffer(mode, (pix.width, pix.height), pix.samples, "raw", mode, pix.stride, 1)
    # Rounding can leave MuPDF a pixel off the target: the server must get exactly it.
    return image if image.size == (width, height) else image.resize((width, height))
