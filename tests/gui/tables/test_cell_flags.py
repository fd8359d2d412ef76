"""The page review's table findings on the grid's cells (issue 23: "a flag on the cell"):
flagged in the transcript's critical red with what is wrong as tooltip and accessible
description, stepped through with F8 / Shift+F8, and only while the review is of this
page and of the text the table was read from."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtTest import QTest

from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, DiagnosisKind, FindingPlace, PageReview
from backend.tables import find_tables
from gui.shell.main_window import MainWindow
from gui.tables.cell_flags import cell_flags
from gui.tables.grid_model import FLAG_BACKGROUND
from gui.widgets.theme import contrast
from tests.backend.review.tables import SETTINGS
from tests.gui.tables.dock_helpers import dock_of, put_cursor, window

__all__ = ["window"]  # the fixture

# The row 刀 lost a cell (the transcript alone says so); 手機's 數量 and its empty 備註
# are flagged by a finding made here (the scan's checks need an alternate with boxes).
PAGE = "前文\n| 品名 | 數量 | 備註 |\n|---|---|---|\n| 手機 | 1 | |\n| 刀 | 2 |\n| 槍 | 3 | 無 |\n"
PAGE += "後文"
QUANTITY = PAGE.index("1 |")
EMPTY = find_tables(PAGE)[0].rows[1].cells[2].start  # an empty cell: where text would go
_BG, _FG = Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole
_TIP, _DESCRIPTION = Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole


def _review(text: str = PAGE) -> PageReview:
    review = review_page(0, text, None, settings=SETTINGS)  # the real review: 刀's row
    places = (
        FindingPlace(QUANTITY, QUANTITY + 1, "數量 differs"),
        FindingPlace(EMPTY, EMPTY, "備註 is filled on the scan"),
    )
    made = Diagnosis(DiagnosisKind.TABLE_CELLS, QUANTITY, QUANTITY + 1, "…", places=places)
    return replace(review, diagnoses=(*review.diagnoses, made))


def _open(w: MainWindow) -> None:
    w.editor.set_text(PAGE)
    dock = dock_of(w)
    w.show_dock(dock.dock)
    put_cursor(w, PAGE.index("槍"))
    dock.refresh()


def _flagged(w: MainWindow) -> dict[tuple[int, int], str]:
    model = dock_of(w).panel.model
    out = {}
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            brush = index.data(_BG)
            if isinstance(brush, QBrush) and brush.color() == FLAG_BACKGROUND:
                assert index.data(_DESCRIPTION) == index.data(_TIP)
                out[(row, column)] = index.data(_TIP)
    return out


def _current(w: MainWindow) -> tuple[int, int]:
    index = dock_of(w).panel.view.currentIndex()
    return index.row(), index.column()


def test_each_finding_flags_its_cells_with_what_is_wrong(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    _open(w)
    assert _flagged(w) == {}
    dock.set_review(_review())
    flagged = _flagged(w)
    row_detail = "a table row has 2 cells where its table has 3"  # the review's own words
    assert flagged == {
        (1, 1): "數量 differs",
        (1, 2): "備註 is filled on the scan",
        (2, 0): row_detail,
        (2, 1): row_detail,
        (2, 2): row_detail,  # the place the lost cell left: the row's gap
    }
    model = dock.panel.model
    header = Qt.Orientation.Vertical
    assert model.headerData(2, header) == "\u26a0 3" and model.headerData(1, header) == "2"
    assert model.headerData(2, header, _TIP) == row_detail
    foreground = model.index(1, 1).data(_FG).color()
    assert contrast(foreground, FLAG_BACKGROUND) >= 4.5  # whatever the theme's text colour


def test_f8_and_shift_f8_step_through_the_flagged_cells_in_the_grid(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    _open(w)
    dock.set_review(_review())
    dock.open_grid()
    view = dock.panel.view
    transcript_cursor = w.editor.editor.textCursor().position()
    view.go_to(0, 0)
    steps = []
    for _ in range(4):
        QTest.keyClick(view, Qt.Key.Key_F8)
        steps.append(_current(w))
    assert steps == [(1, 1), (1, 2), (2, 0), (1, 1)]  # a row flagged whole: once, wrapping
    QTest.keyClick(view, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert _current(w) == (2, 0)
    # The window's F8 (Next Difference) was not run: the transcript's cursor stayed.
    assert w.editor.editor.textCursor().position() == transcript_cursor


def test_a_review_not_of_this_page_and_text_flags_nothing(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    _open(w)
    review = _review()
    dock.set_review(replace(review, page=3))  # a late review of another page
    assert _flagged(w) == {}
    older = PAGE.replace("前文", "前文前文")  # made of the text before an edit: offsets moved
    dock.set_review(review, older)
    assert _flagged(w) == {}
    dock.set_review(review)
    assert len(_flagged(w)) == 5
    assert dock.set_cell(3, 0, "長槍")  # an edit in the grid: the findings are of the old text
    assert _flagged(w) == {}
    dock.open_grid()
    at = _current(w)
    QTest.keyClick(dock.panel.view, Qt.Key.Key_F8)
    assert _current(w) == at
    assert "reviewed again" in w.statusBar().currentMessage()


def test_places_outside_the_table_or_its_cells_flag_nothing() -> None:
    text = "<table><tr><th>品名</th><th>金額</th></tr><tr><td colspan=2>合計</td></tr></table>甲"
    (table,) = find_tables(text)
    row = table.rows[1]
    places = (
        FindingPlace(text.index("合計"), text.index("合計") + 2, "merged"),  # the merged cell
        FindingPlace(text.index("甲"), text.index("甲") + 1, "after"),  # past the table
        FindingPlace(text.index("品名"), text.index("合計"), "two rows"),
        FindingPlace(row.start, row.start + 1, "a tag"),  # in the row, in no cell
    )
    review = PageReview(
        0, None, diagnoses=(Diagnosis(DiagnosisKind.TABLE_CELLS, 0, 1, "…", places=places),)
    )
    flags = cell_flags(table, review)
    assert flags.cells == {(1, 0): "merged"} and flags.rows == {}
    assert flags.stops() == [(1, 0)]
