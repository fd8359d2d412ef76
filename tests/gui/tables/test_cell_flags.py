"""The page review's table findings on the grid's cells (issue 23: "a flag on the cell"):
flagged in the transcript's critical red with what is wrong as tooltip and accessible
description, stepped through with F8 / Shift+F8, and only while the review is of this
page and of the text the table was read from."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, DiagnosisKind, FindingPlace, PageReview
from backend.tables import find_tables
from gui.shell.main_window import MainWindow
from gui.tables.cell_flags import cell_flags
from gui.tables.grid_model import FLAG_BACKGROUND
from gui.widgets.theme import contrast
from tests.backend.review.tables import SETTINGS
from tests.gui.conftest import type_text
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


def test_flags_coming_after_the_grid_is_shown_repaint_their_cells_and_row(
    window: MainWindow,
) -> None:
    # (helper T) The grid is on screen before the review comes: its flagged cells and
    # the flagged row's number are painted only when the model says they changed.
    w, dock = window, dock_of(window)
    _open(w)
    dock.open_grid()
    model = dock.panel.model
    assert model.rowCount() == 4 and dock.panel.view.isVisible()
    cells: list[tuple[int, int]] = []
    rows: list[tuple[Qt.Orientation, int, int]] = []
    model.dataChanged.connect(
        lambda a, b: cells.extend(
            (r, c) for r in range(a.row(), b.row() + 1) for c in range(a.column(), b.column() + 1)
        )
    )
    model.headerDataChanged.connect(lambda o, a, b: rows.append((o, a, b)))
    dock.set_review(_review())
    flagged = {(1, 1), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert set(_flagged(w)) == flagged
    assert set(cells) == flagged
    assert rows == [(Qt.Orientation.Vertical, 2, 2)]
    cells.clear()
    rows.clear()
    dock.set_review(_review())  # the same findings again: nothing to repaint
    assert cells == [] and rows == []
    dock.set_review(None)  # the flags go: their cells and row are painted plain again
    assert _flagged(w) == {}
    assert set(cells) == flagged
    assert rows == [(Qt.Orientation.Vertical, 2, 2)]


def test_a_place_in_another_table_or_between_rows_flags_nothing() -> None:
    # (helper T) Two tables on a page: the second is shown; places in the first, in the
    # text between them, and in the shown one's delimiter row (between its rows) name
    # no cell of it.
    text = "| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n\n中間\n| 丙 | 丁 |\n|---|---|\n| 3 | 4 |\n"
    first, shown = find_tables(text)
    one, three = text.index("1"), text.index("3")
    delimiter = text.index("|---|", shown.start)
    places = (
        FindingPlace(one, one + 1, "in the other table"),
        FindingPlace(first.rows[1].start, first.rows[1].end, "the other table's row"),
        FindingPlace(text.index("中間"), text.index("中間") + 2, "between the tables"),
        FindingPlace(delimiter, delimiter + 5, "between rows"),
        FindingPlace(delimiter + 1, delimiter + 1, "an empty place between rows"),
        FindingPlace(three, three + 1, "here"),
    )
    review = PageReview(
        0, None, diagnoses=(Diagnosis(DiagnosisKind.TABLE_CELLS, 0, 1, "…", places=places),)
    )
    flags = cell_flags(shown, review)
    assert flags.cells == {(1, 0): "here"} and flags.rows == {}
    # The other table's own places are its own: the one page's findings, per table.
    mine = cell_flags(first, review)
    row = "the other table's row"
    assert mine.cells == {(1, 0): f"{row}\nin the other table", (1, 1): row}
    assert mine.rows == {1: row}


def test_f8_in_the_cell_editor_commits_and_steps_to_the_next_flagged_cell(
    window: MainWindow,
) -> None:
    w, dock = window, dock_of(window)
    _open(w)
    dock.set_review(_review())
    dock.open_grid()
    view = dock.panel.view
    transcript_cursor = w.editor.editor.textCursor().position()
    view.go_to(0, 1)  # 數量
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_text(editor, "件數")
    QTest.keyClick(editor, Qt.Key.Key_F8)
    # What was typed is in the transcript (as Enter or Tab would have put it), the
    # editor is closed, and the grid is on the first flagged cell after (0, 1), as the
    # findings had it: the edit leaves the grid unflagged until the page's next review.
    assert "| 品名 | 件數 | 備註 |" in w.editor.text()
    assert view.state() != QAbstractItemView.State.EditingState
    assert QApplication.focusWidget() is view
    assert _current(w) == (1, 1)
    assert _flagged(w) == {}
    dock.set_review(_review(w.editor.text()))  # the hub's, once typing pauses
    assert len(_flagged(w)) == 5
    # Shift+F8 in the editor: back past (1, 1), wrapping to the last stop, a row's.
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    QTest.keyClicks(editor, "0")  # F2 selects what the cell holds: replaced
    QTest.keyClick(editor, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert "| 手機 | 0 | |" in w.editor.text()
    assert _current(w) == (2, 0)
    # The window's F8 (Next Difference) was not run: the transcript's cursor stayed.
    assert w.editor.editor.textCursor().position() == transcript_cursor


def test_f8_in_the_cell_editor_with_no_flags_commits_and_says_why(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    _open(w)
    dock.open_grid()
    view = dock.panel.view
    view.go_to(3, 0)
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_text(editor, "長槍")
    QTest.keyClick(editor, Qt.Key.Key_F8)
    assert "| 長槍 | 3 | 無 |" in w.editor.text()
    assert _current(w) == (3, 0)
    assert view.state() != QAbstractItemView.State.EditingState
    # The dock says why it stayed: none flagged, or none until the page's next review
    # (the window's own review of the page may have come by now).
    said = w.statusBar().currentMessage()
    assert "No cell of this table is flagged" in said or "reviewed again" in said


def test_a_finding_over_the_whole_table_is_shown_above_the_grid_and_f8_stops_at_it(
    window: MainWindow,
) -> None:
    # The scan's ruled table has another number of rows: the review's diagnosis is over
    # the table and names no place (which row is lost the rules cannot say).
    w, dock = window, dock_of(window)
    _open(w)
    (table,) = find_tables(PAGE)
    rows = "the page's table has 5 rows, the transcript's 4"
    whole = Diagnosis(DiagnosisKind.TABLE_CELLS, table.start, table.end, rows)
    elsewhere = Diagnosis(DiagnosisKind.TABLE_CELLS, 0, 2, "not this table's")  # 前文
    review = PageReview(0, None, diagnoses=(whole, elsewhere))
    dock.set_review(review)
    panel = dock.panel
    dock.open_grid()
    view = panel.view
    view.go_to(2, 1)
    QTest.keyClick(view, Qt.Key.Key_F8)
    assert _current(w) == (0, 0)  # the table's first place: its only stop, wrapping
    assert w.statusBar().currentMessage() == f"Whole table: {rows}"
    assert panel.finding.isVisibleTo(panel)  # and the line above the grid says it
    assert panel.finding.text() == f"Whole table: {rows}"
    assert panel.finding.accessibleDescription() == panel.finding.text()
    assert _flagged(w) == {}  # no cell is the finding's
    # With the cells' findings: one stop more, first in reading order.
    dock.set_review(replace(_review(), diagnoses=(*_review().diagnoses, whole)))
    view.go_to(3, 2)
    steps = []
    for _ in range(4):
        QTest.keyClick(view, Qt.Key.Key_F8)
        steps.append(_current(w))
    assert steps == [(0, 0), (1, 1), (1, 2), (2, 0)]
    dock.set_review(_review())  # none over the whole table: the line goes
    assert not panel.finding.isVisibleTo(panel)
    dock.set_review(review)
    assert dock.set_cell(3, 0, "長槍")  # an edit: the findings are of the old text
    assert not panel.finding.isVisibleTo(panel)
