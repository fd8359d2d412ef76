"""The searchable PDF places each table cell's text at its cell (issue 23, tables out):
without the markup, at the alternate's box for that cell, or side by side in the box of
a row the alternate read as one line."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.export.pages import Layout
from backend.export.pdf_layout import place
from backend.models import AltLine
from backend.session.document_session import DocumentSession
from tests.backend.export.tables_export_helpers import PAGES, tables_session

__all__ = ["tables_session"]  # the fixture

SIZE = (200.0, 400.0)
TABLE = "附表\n| 品名 | 金額 |\n|---|---|\n| 手機 | 12,000 |"


def width(text: str, size: float) -> float:
    return len(text) * size


def _line(text: str, alt: str, box: tuple[float, float, float, float]) -> AltLine:
    start = alt.index(text)
    return AltLine(text, start, start + len(text), box)


def test_each_cell_goes_to_its_own_box() -> None:
    alt = "附表\n品名\n金額\n手機\n12,000"
    boxes = {
        "附表": (0.1, 0.05, 0.3, 0.08),
        "品名": (0.1, 0.1, 0.3, 0.13),
        "金額": (0.6, 0.1, 0.8, 0.13),
        "手機": (0.1, 0.2, 0.3, 0.23),
        "12,000": (0.6, 0.2, 0.8, 0.23),
    }
    layout = Layout(alt, tuple(_line(t, alt, b) for t, b in boxes.items()))
    placed = {p.text: p for p in place(TABLE, layout, SIZE, width)}
    assert set(placed) == set(boxes)  # no pipes, no rule line: the cells' text
    for text, (x0, y0, x1, y1) in boxes.items():
        x, y = placed[text].origin
        assert x0 * SIZE[0] <= x < x1 * SIZE[0] and y0 * SIZE[1] <= y <= y1 * SIZE[1], text


def test_cells_of_a_row_read_as_one_line_sit_side_by_side() -> None:
    alt = "附表\n品名 金額\n手機 12,000"
    layout = Layout(
        alt,
        (
            _line("附表", alt, (0.1, 0.05, 0.3, 0.08)),
            _line("品名 金額", alt, (0.1, 0.1, 0.9, 0.13)),
            _line("手機 12,000", alt, (0.1, 0.2, 0.9, 0.23)),
        ),
    )
    placed = {p.text: p for p in place(TABLE, layout, SIZE, width)}
    for left, right in (("品名", "金額"), ("手機", "12,000")):
        assert placed[left].origin[1] == placed[right].origin[1]  # one row, one baseline
        assert placed[left].origin[0] < 0.5 * SIZE[0] <= placed[right].origin[0]
    assert placed["品名"].origin[1] < placed["手機"].origin[1]


def test_without_boxes_a_row_is_one_line_of_its_cells() -> None:
    assert [p.text for p in place(TABLE, None, SIZE, width)] == ["附表", "品名 金額", "手機 12,000"]


def test_the_exported_layer_holds_cell_text_not_markup(
    tables_session: DocumentSession,  # the tables export tests' pages, in a real store
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.pdf"
    pages = tuple(range(len(PAGES)))
    write_export(collect(tables_session, ExportOptions(pages=pages)), ExportFormat.PDF, target)
    with pymupdf.open(target) as pdf:
        html = pdf[1].get_text()
        markdown = pdf[0].get_text()
    assert "<td" not in html and "<table" not in html
    assert all(word in html for word in ("編號", "物品", "手機", "2支", "現金", "１２，０００"))
    assert "|" not in markdown and "---" not in markdown and "壹萬貳仟" in markdown
