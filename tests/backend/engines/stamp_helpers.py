"""Generated scans with stamps pressed over black text (for ``test_colour_dropout``).

The text is set with PyMuPDF's built-in Traditional Chinese face (no system font
needed) and rendered at 150 dpi; a red seal and a blue-violet receipt stamp are
composited over it as translucent ink, as the bench's corpus draws them.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageDraw

LINES = (
    "被告應給付原告新臺幣壹拾伍萬元，及自民國一百十年三月一日起至清償日止，",
    "按週年利率百分之五計算之利息。訴訟費用由被告負擔。本判決第一項於原告",
    "以新臺幣伍萬元為被告供擔保後，得假執行。原告其餘之訴駁回。",
) * 3
VIOLET = (70, 60, 170)  # a receipt stamp
RED = (200, 30, 40)  # a court seal
STAMP_BOX = (180, 70, 420, 190)  # over 壹拾伍萬 of the first line, pixels at 150 dpi
SEAL_BOX = (700, 280, 900, 470)


def text_page(colour: tuple[float, float, float] = (0, 0, 0), black: int = 0) -> Image.Image:
    """Nine lines of a judgment's text, 1240 x 875 pixels: the first ``black`` in black
    (printed), the others in ``colour`` (PDF 0-1 RGB)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=420)
    for i, line in enumerate(LINES):
        ink = (0.0, 0.0, 0.0) if i < black else colour
        page.insert_text((40, 50 + 38 * i), line, fontname="china-t", fontsize=14, color=ink)
    png = page.get_pixmap(dpi=150).tobytes("png")
    return Image.open(io.BytesIO(png)).convert("RGB")


def stamp_layer(
    size: tuple[int, int], box: tuple[int, int, int, int], rgb: tuple[int, int, int]
) -> Image.Image:
    """A stamp's ink (RGBA, alpha 200): its frame and a few thick strokes inside it."""
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    ink = (*rgb, 200)
    x0, y0, x1, y1 = box
    pen.rectangle(box, outline=ink, width=6)
    for i in range(3):  # strokes standing for the stamp's own characters
        x = x0 + 30 + i * (x1 - x0 - 60) // 3
        pen.line((x, y0 + 20, x + 40, y1 - 20), fill=ink, width=7)
        pen.line((x, y1 - 30, x + 50, y1 - 30), fill=ink, width=7)
    return layer


def stamped(img: Image.Image) -> tuple[np.ndarray, np.ndarray]:
    """``img`` with the violet stamp and the red seal over it, and where their ink is."""
    out = img.convert("RGBA")
    mask = np.zeros((img.height, img.width), bool)
    for box, rgb in ((STAMP_BOX, VIOLET), (SEAL_BOX, RED)):
        layer = stamp_layer(img.size, box, rgb)
        out.alpha_composite(layer)
        mask |= np.asarray(layer)[..., 3] > 0
    return np.asarray(out.convert("RGB")).copy(), mask


def as_pdf(rgb: np.ndarray, path: Path) -> Path:
    """``rgb`` as the only image of a one-page PDF, at 150 dpi: a scan."""
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "PNG")
    doc = pymupdf.open()
    h, w = rgb.shape[:2]
    page = doc.new_page(width=w * 72 / 150, height=h * 72 / 150)
    page.insert_image(page.rect, stream=buf.getvalue())
    doc.save(path)
    return path
