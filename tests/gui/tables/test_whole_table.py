"""A finding over the whole table (issue 23: the transcript's table has another number of
rows than the ruled table on the scan) marks what it can, counting rows from the top:
the transcript's rows past the scan's last are flagged in the grid; the scan's rows past
the transcript's last are filled on the scan, and the table's outline is drawn in red.
The review is the real one, of the page's text and a ruled grid given by hand."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from backend.models import LayoutKind, LayoutRegion, LayoutRegions, TableGrid
from backend.review.diagnoses.table_grid import uncounted
from backend.review.page_aids import review_page
from backend.review.values import DiagnosisKind, PageReview
from gui.shell.main_window import MainWindow
from gui.tables.region_mark import CRITICAL
from tests.backend.review.tables import SETTINGS
from tests.gui.tables.dock_helpers import dock_of, put_cursor, window

__all__ = ["window"]  # the fixture

# Four rows (the header one of them), three columns; no other finding on it.
PAGE = "前文\n| 品名 | 數量 | 備註 |\n|---|---|---|\n| 手機 | 1 | 無 |\n| 刀 | 2 | 無 |\n"
PAGE += "| 槍 | 3 | 無 |\n後文"
REGION = (0.1, 0.3, 0.9, 0.5)


def _grid(rows: int) -> TableGrid:
    """The scan's ruled table: ``rows`` rows of 0.04 from 0.3 down, a double rule (a thin
    gap, no row) under the header."""
    edges = [0.3, 0.34, 0.345, *(round(0.345 + 0.04 * r, 5) for r in range(1, rows))]
    return TableGrid(REGION, tuple(edges), (0.1, 0.3, 0.6, 0.9))


def _layout(rows: int) -> LayoutRegions:
    grid = _grid(rows)
    return LayoutRegions((LayoutRegion(LayoutKind.TABLE, 0.9, REGION),), "test", (grid,))


def _review(layout: LayoutRegions) -> PageReview:
    review = review_page(0, PAGE, None, layout=layout, settings=SETTINGS)
    assert [d.places for d in review.diagnoses if d.kind is DiagnosisKind.TABLE_CELLS] == [()]
    return review


def _fractions(w: MainWindow, rect: QRectF | None) -> tuple[float, ...] | None:
    if rect is None:
        return None
    scene = w.page_view.sceneRect()
    return tuple(
        round(v, 3)
        for v in (
            rect.left() / scene.width(),
            rect.top() / scene.height(),
            rect.right() / scene.width(),
            rect.bottom() / scene.height(),
        )
    )


def test_the_rows_either_side_lacks_are_counted_from_the_top() -> None:
    assert uncounted(_grid(4), 4).extra == range(0) and uncounted(_grid(4), 4).short is None
    assert uncounted(_grid(3), 4).extra == range(3, 4)  # the transcript's fourth row
    short = uncounted(_grid(6), 4)  # the scan's fifth and sixth rows (the double rule no row)
    assert short.extra == range(0)
    assert short.short == (0.1, round(0.345 + 0.04 * 3, 5), 0.9, round(0.345 + 0.04 * 5, 5))


def test_the_transcripts_rows_past_the_scans_are_flagged_in_the_grid(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    w.editor.set_text(PAGE)
    w.show_dock(dock.dock)
    put_cursor(w, PAGE.index("刀"))
    dock.refresh()
    layout = _layout(3)  # the scan's table has 3 rows, the transcript's 4
    dock.layout_of = lambda page: layout if page == 0 else None
    dock.set_review(_review(layout))
    model = dock.panel.model
    assert dock.panel.finding.isVisibleTo(dock.panel)  # the line above the grid, as before
    assert set(model.findings.rows) == {3} and set(model.findings.cells) == {
        (3, 0),
        (3, 1),
        (3, 2),
    }
    assert model.headerData(3, Qt.Orientation.Vertical) == "\u26a0 4"
    tip = model.index(3, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert "past the page's table's last" in tip
    dock.open_grid()
    view = dock.panel.view
    view.go_to(1, 1)
    QTest.keyClick(view, Qt.Key.Key_F8)
    assert (view.currentIndex().row(), view.currentIndex().column()) == (3, 0)
    # On the scan: the table's outline in the flag red; no row of the scan is past 4.
    assert dock.region_mark.item.pen().color() == CRITICAL
    assert _fractions(w, dock.region_mark.rect()) == REGION
    assert dock.region_mark.rows_rect() is None


def test_the_scans_rows_past_the_transcripts_are_marked_on_the_scan(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    w.editor.set_text(PAGE)
    w.show_dock(dock.dock)
    put_cursor(w, PAGE.index("刀"))
    dock.refresh()
    layout = _layout(6)  # the scan's table has 6 rows, the transcript's 4
    dock.layout_of = lambda page: layout if page == 0 else None
    dock.set_review(_review(layout))
    assert dock.panel.model.findings.rows == {}  # no transcript row is past the scan's
    dock.open_grid()
    rows = (0.1, round(0.345 + 0.04 * 3, 3), 0.9, round(0.345 + 0.04 * 5, 3))
    assert _fractions(w, dock.region_mark.rows_rect()) == rows
    assert dock.region_mark.item.pen().color() == CRITICAL
    # The finding gone (an edit: the review is of the old text), the outline is the
    # plain dashed one and the rows are no longer filled.
    assert dock.set_cell(2, 0, "長刀")
    dock.mark_on_scan(dock.current_cell())
    assert dock.region_mark.rows_rect() is None
    assert dock.region_mark.item.pen().color() != CRITICAL


def test_a_continued_table_shows_the_header_of_the_table_it_continues(
    window: MainWindow,
) -> None:
    # The page's table has no header row; the page before ends in one of three columns.
    w, dock = window, dock_of(window)
    rest = "| 2 | 存摺 | 壹萬伍仟 |\n| 3 | 現金 | 貳佰 |\n\n以上。"
    w.editor.set_text(rest)
    w.show_dock(dock.dock)
    put_cursor(w, rest.index("存摺"))
    dock.refresh()
    model, across = dock.panel.model, Qt.Orientation.Horizontal
    assert model.headerData(2, across) == "C"
    header = ("編號", "物品", "金額（新臺幣）")
    dock.set_review(review_page(0, rest, None, continues=header, settings=SETTINGS))
    assert [model.headerData(c, across) for c in range(3)] == [
        "A 編號",
        "B 物品",
        "C 金額（新臺幣）",
    ]
    tip = model.headerData(2, across, Qt.ItemDataRole.ToolTipRole)
    assert tip == "The table on the page before has this header: 金額（新臺幣）"
    # Another number of columns: it continues no table of the page before.
    dock.set_review(review_page(0, rest, None, continues=header[:2], settings=SETTINGS))
    assert model.headerData(2, across) == "C"
    dock.set_review(review_page(0, rest, None, continues=header, settings=SETTINGS))
    assert dock.set_cell(0, 1, "存款")  # an edit: the review is of the text before it
    assert model.headerData(2, across) == "C"
