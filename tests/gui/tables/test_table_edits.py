"""Editing in the Table dock edits the transcript: exactly the cell's characters, one Ctrl+Z
to undo, saved by the autosave like typing; rows and columns from the keyboard; an edit the
format cannot take (a merge in Markdown) is refused with its message and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from backend import tables
from backend.errors import ProofDeskError
from gui.review.autosave import SaveState
from gui.shell.main_window import MainWindow
from gui.tables.grid_view import TableGridView
from tests.gui.conftest import type_text, wait_for
from tests.gui.tables.dock_helpers import HTML, MARKDOWN, TEXT, dock_of, put_cursor, window
from tests.gui.tables.grid_helpers import commit_posted

__all__ = ["window"]  # the fixture

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _grid_at(w: MainWindow, offset: int) -> TableGridView:
    """Ctrl+T with the transcript cursor at ``offset``: the keyboard in the grid."""
    w.editor.editor.setFocus()
    put_cursor(w, offset)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    view = dock_of(w).panel.view
    assert QApplication.focusWidget() is view
    return view


def _type_into_cell(view: TableGridView, value: str) -> None:
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_text(editor, value)  # 中文 as an input method commits it
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()  # Qt posts the commit of an Enter


def _current(view: TableGridView) -> tuple[int, int]:
    return view.currentIndex().row(), view.currentIndex().column()


def test_a_cell_edit_changes_that_cell_only_and_one_ctrl_z_undoes_it(window: MainWindow) -> None:
    w = window
    one = TEXT.index("| 1 |") + 2
    view = _grid_at(w, one)
    assert _current(view) == (1, 1)
    _type_into_cell(view, "12")
    assert w.editor.text() == TEXT[:one] + "12" + TEXT[one + 1 :]
    assert _current(view) == (2, 1)  # Enter went down
    assert dock_of(w).panel.model.index(1, 1).data() == "12"  # the table read again
    QTest.keyClick(view, Qt.Key.Key_Escape)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.editor.text() == TEXT


def test_a_cell_edit_after_rare_characters_changes_that_cell_only(window: MainWindow) -> None:
    # 𠀋 is one code point in the transcript's text and two UTF-16 units in Qt's
    # document: the cursor's place and the edit's are converted both ways.
    w = window
    QTextCursor(w.editor.editor.document()).insertText("𠀋𠀋")  # at the page's start
    text = w.editor.text()
    assert text == "𠀋𠀋" + TEXT
    pipe = text.index("手機") + 3  # the pipe after 手機: still its cell, the next is 2 on
    view = _grid_at(w, pipe + 2)  # Qt's position: one unit more a 𠀋
    assert _current(view) == (1, 0)
    _type_into_cell(view, "平板")
    edited = text.replace("手機", "平板")
    assert w.editor.text() == edited
    QTest.keyClick(view, Qt.Key.Key_Escape)  # back in the transcript, on the cell below
    assert w.editor.editor.textCursor().position() == edited.index("刀") + 2


def test_an_html_cell_takes_what_was_typed_escaped(window: MainWindow) -> None:
    w = window
    at = TEXT.index("300")
    view = _grid_at(w, at)
    _type_into_cell(view, "<5>")
    text = w.editor.text()
    assert text.startswith(TEXT[:at]) and text.endswith(TEXT[at + 3 :])
    assert text[at : len(text) - len(TEXT[at + 3 :])] == "&lt;5&gt;"
    assert dock_of(w).panel.model.index(2, 1).data() == "<5>"


def test_a_cell_edit_is_saved_by_the_autosave_as_typing_is(window: MainWindow, arun: Any) -> None:
    w = window
    autosave = w.controller.autosave
    states: list[SaveState] = []
    autosave.state_changed.connect(lambda state, _reason: states.append(state))
    view = _grid_at(w, TEXT.index("手機"))
    _type_into_cell(view, "平板")
    expected = TEXT.replace("手機", "平板")
    assert w.editor.text() == expected
    assert states[:1] == [SaveState.PENDING]

    async def saved() -> str:
        await wait_for(lambda: autosave.state is SaveState.SAVED, what="the autosave")
        ws: Any = w.controller.workspace
        return str((await ws.page_state(0)).text)

    assert arun(saved()) == expected  # in the store, by the autosave's own timers


def test_rows_and_columns_from_the_keyboard(window: MainWindow) -> None:
    w = window
    view = _grid_at(w, TEXT.index("手機"))
    model = dock_of(w).panel.model
    QTest.keyClick(view, Qt.Key.Key_B, CTRL_SHIFT)  # a row below 手機
    assert model.rowCount() == 4 and _current(view) == (2, 0)
    assert w.editor.text().count("\n") == TEXT.count("\n") + 1
    assert model.index(2, 0).data() == "" and model.index(3, 0).data() == "刀"
    QTest.keyClick(view, Qt.Key.Key_D, CTRL_SHIFT)  # and deleted again
    assert w.editor.text() == TEXT and model.rowCount() == 3
    assert _current(view) == (2, 0)  # on the row that took its place: 刀
    QTest.keyClick(view, Qt.Key.Key_N, CTRL_SHIFT)  # a column right of 品名/手機/刀
    assert model.columnCount() == 3 and model.index(1, 2).data() == "1"
    assert _current(view)[1] == 1
    QTest.keyClick(view, Qt.Key.Key_X, CTRL_SHIFT)  # and deleted again
    assert w.editor.text() == TEXT and model.columnCount() == 2
    QTest.keyClick(view, Qt.Key.Key_T, CTRL_SHIFT)  # a row above 刀
    assert model.rowCount() == 4 and model.index(3, 0).data() == "刀"
    assert _current(view) == (2, 1) and model.index(2, 0).data() == ""
    QTest.keyClick(view, Qt.Key.Key_P, CTRL_SHIFT)  # a column left of 數量/1/2
    assert model.columnCount() == 3 and model.index(1, 2).data() == "1"
    assert model.index(1, 0).data() == "手機" and model.index(1, 1).data() == ""


def test_a_row_edit_while_a_cell_is_typed_keeps_what_was_typed(window: MainWindow) -> None:
    # The keys work in the cell's editor too: what was typed goes in first (the grid's
    # reset after the row edit used to close the editor and drop it).
    w = window
    view = _grid_at(w, TEXT.index("手機"))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_text(editor, "平板")
    QTest.keyClick(editor, Qt.Key.Key_B, CTRL_SHIFT)  # a row below, the editor still open
    assert w.editor.text() == TEXT.replace("| 手機 | 1 |", "| 平板 | 1 |\n|  |  |")
    assert dock_of(w).panel.model.rowCount() == 4 and _current(view) == (2, 0)


def test_merge_in_markdown_is_refused_and_changes_nothing(window: MainWindow) -> None:
    w = window
    view = _grid_at(w, TEXT.index("手機"))
    dock = dock_of(w)
    table = dock.panel.model.table
    assert table is not None
    with pytest.raises(ProofDeskError) as refused:
        tables.merge_cells(TEXT, table, 1, 0)
    QTest.keyClick(view, Qt.Key.Key_M, CTRL_SHIFT)
    assert w.editor.text() == TEXT
    assert dock.panel.problem.isVisibleTo(dock.panel)
    assert dock.panel.problem.text() == str(refused.value)
    assert not w.editor.editor.document().isUndoAvailable()  # no step was made
    assert MARKDOWN in w.editor.text()


def test_merge_and_split_in_html(window: MainWindow) -> None:
    w = window
    view = _grid_at(w, TEXT.index("刀", TEXT.index(HTML)))
    model = dock_of(w).panel.model
    QTest.keyClick(view, Qt.Key.Key_M, CTRL_SHIFT)  # 刀 with 300
    assert view.columnSpan(2, 0) == 2 and model.columnCount() == 2
    assert 'colspan="2"' in w.editor.text()[TEXT.index(HTML) :] or "colspan=2" in w.editor.text()
    QTest.keyClick(view, Qt.Key.Key_S, CTRL_SHIFT)
    assert view.columnSpan(2, 0) == 1 and model.index(2, 1).data() == ""
    assert not dock_of(w).panel.problem.isVisibleTo(dock_of(w).panel)


def test_a_read_only_page_takes_no_table_edit(window: MainWindow) -> None:
    w = window
    view = _grid_at(w, TEXT.index("手機"))
    w.editor.editor.setReadOnly(True)  # as an approved page or a team lock leaves it
    QTest.keyClick(view, Qt.Key.Key_B, CTRL_SHIFT)
    assert dock_of(w).set_cell(1, 0, "平板") is False
    assert w.editor.text() == TEXT
    assert dock_of(w).panel.problem.isVisibleTo(dock_of(w).panel)


def test_leaving_the_page_while_a_cell_is_typed_keeps_what_was_typed(
    window: MainWindow, arun: Any
) -> None:
    # helper R: Ctrl+PgDown with a cell's editor open loaded the next page over it, and
    # what was typed was gone. The page's save takes it first (hooks.before_save).
    w = window
    view = _grid_at(w, TEXT.index("手機"))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    type_text(editor, "平板")
    QTest.keyClick(editor, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)

    async def stored() -> str:
        await w.runner.drain()
        await wait_for(lambda: w.controller.current == 1, what="the next page")
        ws: Any = w.controller.workspace
        return str((await ws.page_state(0)).text)

    assert arun(stored()) == TEXT.replace("手機", "平板")
