"""The Table dock's grid on its own: spans, header rows, notices, and a spreadsheet's keys
(Tab / Shift+Tab to the next / previous cell, Enter down, F2 or typing to edit)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from backend.tables import Table, TableNotice, TableProblem
from gui.tables.table_panel import TablePanel
from tests.gui.tables.grid_helpers import commit_posted, html_table, panel

__all__ = ["panel"]  # the fixture


def _at(panel: TablePanel) -> tuple[int, int]:
    index = panel.view.currentIndex()
    return index.row(), index.column()


def test_spans_and_header_rows_are_shown(panel: TablePanel) -> None:
    view, model = panel.view, panel.model
    assert (model.rowCount(), model.columnCount()) == (3, 3)
    assert view.columnSpan(1, 0) == 2 and view.rowSpan(1, 0) == 1
    assert view.columnSpan(2, 0) == 1
    assert model.index(1, 0).data() == "手機" and model.index(1, 1).data() is None
    bold = Qt.ItemDataRole.FontRole
    assert model.index(0, 1).data(bold).bold() and model.index(2, 1).data(bold) is None
    assert model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert not panel.empty.isVisibleTo(panel) and not panel.notice.isVisibleTo(panel)


def test_no_table_shows_the_quiet_line(panel: TablePanel) -> None:
    panel.show_table(None)
    assert panel.empty.isVisibleTo(panel) and not panel.view.isVisibleTo(panel)
    assert panel.model.rowCount() == 0


def test_a_malformed_table_shows_its_notice(panel: TablePanel) -> None:
    notice = TableNotice(TableProblem.UNCLOSED_TAG, 0, 7, "<td> has no closing </td>.")
    panel.show_table(html_table(notices=(notice, notice)))
    assert panel.notice.isVisibleTo(panel)
    assert panel.notice.label.text() == "<td> has no closing </td>."  # once, as written
    assert panel.view.isVisibleTo(panel)  # the grid is shown all the same


def test_tab_and_shift_tab_step_through_cells_a_merged_cell_once(panel: TablePanel) -> None:
    view = panel.view
    view.go_to(0, 0)
    seen = []
    for _ in range(8):
        QTest.keyClick(view, Qt.Key.Key_Tab)
        seen.append(_at(panel))
    # the end of a row wraps to the next; 手機 (two columns) is one stop; the end wraps to the top
    assert seen == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2), (0, 0)]
    back = []
    for _ in range(3):
        QTest.keyClick(view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        back.append(_at(panel))
    assert back == [(2, 2), (2, 1), (2, 0)]
    QTest.keyClick(view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert _at(panel) == (1, 2)


def test_enter_goes_down_and_f2_edits(panel: TablePanel) -> None:
    view = panel.view
    view.go_to(0, 2)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert _at(panel) == (1, 2)
    wanted: list[tuple[int, int, str]] = []
    panel.model.cell_edit_wanted.connect(lambda r, c, v: wanted.append((r, c, v)))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "1,000"
    editor.selectAll()
    QTest.keyClicks(editor, "1,200")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    assert wanted == [] and _at(panel) == (1, 2)  # Qt posts the commit of an Enter
    commit_posted()
    assert wanted == [(1, 2, "1,200")]  # asked of the transcript, not kept in the grid
    assert _at(panel) == (2, 2)  # and down
    assert panel.model.index(1, 2).data() == "1,000"
    commit_posted()
    assert _at(panel) == (2, 2)  # down once


def test_enter_on_the_last_row_commits_and_stays(panel: TablePanel) -> None:
    view = panel.view
    view.go_to(2, 1)
    wanted: list[tuple[int, int, str]] = []
    panel.model.cell_edit_wanted.connect(lambda r, c, v: wanted.append((r, c, v)))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    QTest.keyClicks(editor, "5")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    assert wanted == [(2, 1, "5")] and _at(panel) == (2, 1)
    assert QApplication.focusWidget() is view  # the edit is closed


def test_typing_starts_an_edit_and_tab_commits_and_moves(panel: TablePanel) -> None:
    view = panel.view
    view.go_to(2, 0)
    wanted: list[tuple[int, int, str]] = []
    panel.model.cell_edit_wanted.connect(lambda r, c, v: wanted.append((r, c, v)))
    QTest.keyClicks(view, "x")
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "x"
    QTest.keyClick(editor, Qt.Key.Key_Tab)
    assert wanted == [(2, 0, "x")]
    assert _at(panel) == (2, 1)
    assert not isinstance(QApplication.focusWidget(), QLineEdit)  # moved, not editing


def test_a_new_reading_of_the_same_shape_keeps_the_cell(panel: TablePanel) -> None:
    panel.view.go_to(2, 1)
    assert panel.show_table(html_table()) is False  # repainted, not laid out afresh
    assert _at(panel) == (2, 1)
    wider = html_table()
    wider = Table(wider.format, wider.start, wider.end, wider.rows[:2], 3)
    assert panel.show_table(wider) is True
