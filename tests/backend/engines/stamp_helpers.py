"""Generated scans with stamps pressed over black text (for ``test_colour_dropout``), and
a PDF whose seals are drawn in mm (``seals_pdf``, for ``test_unstamped_dpi``).

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


def text_page(
    colour: tuple[float, float, float] = (0, 0, 0),
    black: int = 0,
    size: float = 14,
    pitch: float = 38,
    lines: tuple[str, ...] = LINES,
) -> Image.Image:
    """Nine lines of a judgment's text (or ``lines``), 1240 x 875 pixels: the first
    ``black`` in black (printed), the others in ``colour`` (PDF 0-1 RGB); ``size`` and
    ``pitch`` in points."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=420)
    for i, line in enumerate(lines):
        ink = (0.0, 0.0, 0.0) if i < black else colour
        y = 50 + pitch * i
        page.insert_text((40, y), line, fontname="china-t", fontsize=size, color=ink)
    png = page.get_pixmap(dpi=150).tobytes("png")
    return Image.open(io.BytesIO(png)).convert("RGB")


def ruled_page(rule: tuple[float, float, float], width: float = 0.5) -> Image.Image:
    """A form: four lines of text, then a table ruled in ``rule`` (PDF 0-1 RGB, ``width``
    points) of 6 rows of 4 cells of black text, clear of ``stamped``'s stamp and seal
    (more than 100 pixels away); 1240 x 875 pixels."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=420)
    x0, y0, cw, rh, cols, rows = 30, 215, 62, 28, 4, 6
    for r in range(rows + 1):
        y = y0 + r * rh
        page.draw_line((x0, y), (x0 + cols * cw, y), color=rule, width=width)
    for c in range(cols + 1):
        x = x0 + c * cw
        page.draw_line((x, y0), (x, y0 + rows * rh), color=rule, width=width)
    for r in range(rows):
        for c in range(cols):
            at = (x0 + c * cw + 5, y0 + r * rh + 19)
            page.insert_text(at, "壹萬元", fontname="china-t", fontsize=11)
    for i, line in enumerate(LINES[:4]):
        page.insert_text((30, 50 + 36 * i), line, fontname="china-t", fontsize=12)
    png = page.get_pixmap(dpi=150).tobytes("png")
    return Image.open(io.BytesIO(png)).convert("RGB")


def stamp_layer(
    size: tuple[int, int],
    box: tuple[int, int, int, int],
    rgb: tuple[int, int, int],
    frame: str = "square",
) -> Image.Image:
    """A stamp's ink (RGBA, alpha 200): its frame and a few thick strokes inside it. The
    frame is ``square``, ``round`` (a ring) or ``broken``: four sides 45 pixels short
    of each other at the corners (a worn seal; the corpus's turned seals lose theirs)."""
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    ink = (*rgb, 200)
    x0, y0, x1, y1 = box
    if frame == "round":
        pen.ellipse(box, outline=ink, width=6)
    elif frame == "broken":
        for side in (
            (x0 + 45, y0, x1 - 45, y0),
            (x0 + 45, y1, x1 - 45, y1),
            (x0, y0 + 45, x0, y1 - 45),
            (x1, y0 + 45, x1, y1 - 45),
        ):
            pen.line(side, fill=ink, width=6)
    else:
        pen.rectangle(box, outline=ink, width=6)
    for i in range(3):  # strokes standing for the stamp's own characters
        x = x0 + 30 + i * (x1 - x0 - 60) // 3
        pen.line((x, y0 + 20, x + 40, y1 - 20), fill=ink, width=7)
        pen.line((x, y1 - 30, x + 50, y1 - 30), fill=ink, width=7)
    return layer


def stamped(img: Image.Image, seal: str = "square") -> tuple[np.ndarray, np.ndarray]:
    """``img`` with the violet stamp and the red seal (its frame: ``stamp_layer``) over
    it, and where their ink is."""
    out = img.convert("RGBA")
    mask = np.zeros((img.height, img.width), bool)
    for box, rgb, frame in ((STAMP_BOX, VIOLET, "square"), (SEAL_BOX, RED, seal)):
        layer = stamp_layer(img.size, box, rgb, frame)
        out.alpha_composite(layer)
        mask |= np.asarray(layer)[..., 3] > 0
    return np.asarray(out.convert("RGB")).copy(), mask


def faded(img: Image.Image, ink: int, paper: int) -> Image.Image:
    """``img`` copied faint: its black at grey ``ink``, its white at grey ``paper``."""
    scale = (paper - ink) / 255
    return img.point(lambda p: int(ink + p * scale))


def with_figures(img: Image.Image, rgb: tuple[int, int, int]) -> tuple[Image.Image, np.ndarray]:
    """``img`` with four figures written by hand in ``rgb`` where ``stamped`` presses its
    receipt stamp (a date filled into it), and where their ink is."""
    x0, y0 = STAMP_BOX[:2]
    strokes: list[tuple[int, int, int, int]] = []
    for i in range(4):
        x, y = x0 + 40 + i * 45, y0 + 40
        strokes += [(x, y, x + 20, y + 50), (x, y + 50, x + 25, y + 50)]
    out, mask = img.copy(), Image.new("L", img.size, 0)
    pen, marker = ImageDraw.Draw(out), ImageDraw.Draw(mask)
    for stroke in strokes:
        pen.line(stroke, fill=rgb, width=3)
        marker.line(stroke, fill=255, width=3)
    return out, np.asarray(mask) > 0


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


def sheet(width_mm: float, height_mm: float) -> Image.Image:
    """A sheet of paper ``width_mm`` x ``height_mm`` at 150 dpi (A4: 1240 x 1754 pixels)
    with ``text_page``'s nine lines (14 pt) at its top left, wrapped to its width."""
    doc = pymupdf.open()
    page = doc.new_page(width=width_mm * 72 / 25.4, height=height_mm * 72 / 25.4)
    per_line = int((page.rect.width - 60) // 14)
    for i, line in enumerate(text[:per_line] for text in LINES):
        page.insert_text((30, 40 + 30 * i), line, fontname="china-t", fontsize=14)
    png = page.get_pixmap(dpi=150).tobytes("png")
    return Image.open(io.BytesIO(png)).convert("RGB")


def sealed(img: Image.Image, mm: float, frame: str = "round") -> tuple[np.ndarray, np.ndarray]:
    """``img`` (150 dpi) with a red seal ``mm`` across (``stamp_layer``'s ring or frame and
    strokes) pressed over its text, its box from pixel (60, 40); and where its ink is."""
    side = round(mm * 150 / 25.4)
    layer = stamp_layer(img.size, (60, 40, 60 + side - 1, 40 + side - 1), RED, frame)
    out = img.convert("RGBA")
    out.alpha_composite(layer)
    return np.asarray(out.convert("RGB")).copy(), np.asarray(layer)[..., 3] > 0


def on_a4(img: Image.Image) -> Image.Image:
    """``img`` (150 dpi, no larger than A4) at the top of a blank A4 sheet, 1240 x 1754."""
    out = Image.new("RGB", (1240, 1754), (255, 255, 255))
    out.paste(img, (0, 0))
    return out


# ``seals_pdf``'s page in mm (not A4: sizes taken as shares of its 110 mm side, as
# without a dpi, are wrong, and its 55 mm seal too large) and its two seals (left, top,
# side in mm): 55 mm, more than STAMP_MAX judged at half its size (a 300 dpi page taken
# for 150 dpi), and 13 mm, less than STAMP_MIN at 3/2 its size (100 dpi taken for 150).
SEAL_PAGE_MM = (200.0, 110.0)
BIG_SEAL = (15.0, 30.0, 55.0)
SMALL_SEAL = (150.0, 50.0, 13.0)


def seals_pdf(path: Path) -> Path:
    """A two-page PDF of ``SEAL_PAGE_MM``: on both, fourteen lines of black 12 pt text;
    on the first, a red seal pressed over them at ``BIG_SEAL`` (a ring) and one at
    ``SMALL_SEAL`` (a square frame), each with three strokes inside as ``stamp_layer``'s,
    translucent as its. Drawn as vectors, so their size is in mm at any dpi the page is
    rendered at."""
    pt = 72 / 25.4
    doc = pymupdf.open()
    for sealed_page in (True, False):
        page = doc.new_page(width=SEAL_PAGE_MM[0] * pt, height=SEAL_PAGE_MM[1] * pt)
        for i in range(14):
            page.insert_text((30, 30 + 20 * i), LINES[i % 3], fontname="china-t", fontsize=12)
        if not sealed_page:
            continue
        red = tuple(c / 255 for c in RED)
        for (left, top, side), ring in ((BIG_SEAL, True), (SMALL_SEAL, False)):
            x0, y0, s = left * pt, top * pt, side * pt
            # One path each for the frame and the strokes, apart: ink laid twice is
            # darker and kept as text under the stamp; one press lays it once.
            frame = page.new_shape()
            if ring:
                frame.draw_circle((x0 + s / 2, y0 + s / 2), s / 2)
            else:
                frame.draw_rect((x0, y0, x0 + s, y0 + s))
            frame.finish(color=red, width=2.9, stroke_opacity=200 / 255)
            frame.commit()
            strokes = page.new_shape()  # standing for the seal's own characters
            for k in range(3):
                x = x0 + s * (0.15 + 0.25 * k)
                strokes.draw_polyline(
                    [(x, y0 + 0.25 * s), (x + 0.1 * s, y0 + 0.8 * s), (x + 0.2 * s, y0 + 0.8 * s)]
                )
            strokes.finish(color=red, width=3.4, stroke_opacity=200 / 255, closePath=False)
            strokes.commit()
    doc.save(path)
    return path
