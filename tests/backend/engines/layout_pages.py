"""Generated pages for the layout and ruling tests: a paragraph, a ruled table and an
unruled table, drawn with PyMuPDF's built-in Traditional Chinese font, with where each
table's lines were drawn (points), and the page rendered as the engines render it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pymupdf

WIDTH, HEIGHT = 595.0, 842.0  # A4, points
RULE_PT = 1.0  # the drawn rules' width
PARAGRAPH = "本院依職權調查證據後認為被告之行為已構成侵權行為應負損害賠償責任"
RULED_AT = (72.0, 260.0)
RULED_COLUMNS = (120.0, 150.0, 180.0)
RULED_ROW_PT, RULED_ROWS = 24.0, 6
UNRULED_AT, UNRULED_COLUMN_PT, UNRULED_ROW_PT, UNRULED_ROWS = (72.0, 540.0), 150.0, 22.0, 6


@dataclass(frozen=True)
class TablePage:
    path: Path
    ruled_xs: tuple[float, ...]  # points
    ruled_ys: tuple[float, ...]
    unruled_box: tuple[float, float, float, float]  # points: where its text is

    def ruled_box(self) -> tuple[float, float, float, float]:
        return (self.ruled_xs[0], self.ruled_ys[0], self.ruled_xs[-1], self.ruled_ys[-1])


def _cell(page: pymupdf.Page, at: tuple[float, float], text: str) -> None:
    page.insert_text(at, text, fontname="china-t", fontsize=11)


def table_page(path: Path, *, slope: float = 0.0) -> TablePage:
    """The page; ``slope`` (points down per point right) tilts the ruled table's
    horizontal rules and leans its vertical ones by as much, as a skewed scan shows them."""
    doc = pymupdf.open()
    page = doc.new_page(width=WIDTH, height=HEIGHT)
    for i in range(6):
        page.insert_text((72, 80 + 20 * i), PARAGRAPH[i : i + 24], fontname="china-t", fontsize=12)
    x0, y0 = RULED_AT
    xs = [x0]
    for width in RULED_COLUMNS:
        xs.append(xs[-1] + width)
    ys = [y0 + RULED_ROW_PT * i for i in range(RULED_ROWS + 1)]
    for y in ys:  # each crosses the table's middle column at y
        dy = slope * (xs[-1] - xs[0]) / 2
        page.draw_line((xs[0], y - dy), (xs[-1], y + dy), width=RULE_PT)
    for x in xs:  # each crosses the table's middle row at x
        dx = slope * (ys[-1] - ys[0]) / 2
        page.draw_line((x + dx, ys[0]), (x - dx, ys[-1]), width=RULE_PT)
    for r in range(RULED_ROWS):
        for c in range(3):
            text = ("編號", "物品名稱", "數量")[c] if r == 0 else f"扣案物{r * 7 + c}件"
            _cell(page, (xs[c] + 5, ys[r] + 17), text)
    ux, uy = UNRULED_AT
    for r in range(UNRULED_ROWS):
        for c in range(3):
            text = ("項目", "金額", "日期")[c] if r == 0 else f"新臺幣{r * 13 + c}元"
            _cell(page, (ux + UNRULED_COLUMN_PT * c, uy + UNRULED_ROW_PT * r), text)
    unruled = (
        ux,
        uy - 12,
        ux + UNRULED_COLUMN_PT * 3,
        uy + UNRULED_ROW_PT * (UNRULED_ROWS - 1) + 4,
    )
    doc.save(path)
    doc.close()
    return TablePage(path, tuple(xs), tuple(ys), unruled)


def blank_page(path: Path) -> Path:
    doc = pymupdf.open()
    doc.new_page(width=WIDTH, height=HEIGHT)
    doc.save(path)
    doc.close()
    return path


def rendered(path: Path, dpi: float) -> np.ndarray:
    """Page 1 of ``path`` as (h, w, 3) ``uint8`` RGB at ``dpi``."""
    doc = pymupdf.open(path)
    try:
        pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(dpi / 72, dpi / 72), alpha=False)
    finally:
        doc.close()
    return (
        np.frombuffer(pix.samples, np.uint8)
        .reshape(pix.height, pix.stride)[:, : pix.width * 3]
        .reshape(pix.height, pix.width, 3)
    )


def tolerance(dpi: float, page_pt: float) -> float:
    """How far a found rule may lie from where it was drawn, as a share of the page: half
    the rule's drawn width plus a pixel of rounding each side, at ``dpi``."""
    pixels = page_pt * dpi / 72
    return (RULE_PT * dpi / 72 / 2 + 2) / pixels
