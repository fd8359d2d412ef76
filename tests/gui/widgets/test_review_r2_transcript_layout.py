"""Review R2: find, highlights, Chinese typing and the scroll bar over a long line whose
layout a change below the view dropped (gui/widgets/transcript_layout.py): each as an
editor given the changed text from the start shows it."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QTextCharFormat
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import type_text
from tests.gui.widgets.transcript_layout_helpers import (
    FIRST,
    PROSE,
    SECOND,
    TEXT,
    _edit,
    _editor,
    _laid_out,
    _picture,
)

NEEDLE = "壹貳參肆伍陸柒捌玖拾"


def _deferred(qtbot):
    editor = _editor(qtbot, TEXT)
    cell = TEXT.index("<td>", SECOND + 100) + 4
    _edit(editor, cell, cell + 2, NEEDLE * 30)  # many more rows, wholly below the view
    assert not _laid_out(editor, SECOND)  # the premise: its layout was dropped
    return editor, cell


def _scroll_state(editor) -> tuple[int, int, int]:
    bar = editor.editor.verticalScrollBar()
    return bar.maximum(), bar.value(), editor.editor.textCursor().position()


def test_find_next_into_a_dropped_line_shows_it_as_a_fresh_editor(qtbot) -> None:
    editor, cell = _deferred(qtbot)
    fresh = _editor(qtbot, editor.text())
    for each in (editor, fresh):
        each.find_field.setText(NEEDLE * 2)
        assert each.find_next()
        QApplication.processEvents()
    assert editor.editor.textCursor().selectionStart() == cell
    assert _scroll_state(editor) == _scroll_state(fresh)
    assert _picture(editor) == _picture(fresh)


def test_the_end_of_the_text_after_a_dropped_line_is_where_a_fresh_editor_has_it(qtbot) -> None:
    editor, _cell = _deferred(qtbot)
    fresh = _editor(qtbot, editor.text())
    end = len(editor.text())
    assert _picture(editor, end) == _picture(fresh, end)
    assert _scroll_state(editor) == _scroll_state(fresh)


def test_a_highlight_inside_a_dropped_line_is_drawn_where_a_fresh_editor_draws_it(
    qtbot,
) -> None:
    editor, cell = _deferred(qtbot)
    fresh = _editor(qtbot, editor.text())
    mark = QTextCharFormat()
    mark.setBackground(QColor("#ffd54f"))
    for each in (editor, fresh):
        each.set_highlights("r2", [(cell + 50, cell + 60, mark)])
    assert _picture(editor, cell + 55) == _picture(fresh, cell + 55)


def test_chinese_typed_in_view_after_a_change_below_it(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    deep = TEXT.index("<td>", FIRST + 8000) + 4
    _edit(editor, deep, deep + 1, "1234567890" * 20)
    assert not _laid_out(editor, FIRST)
    near = FIRST + len("<table><tr><td>")
    cursor = editor.editor.textCursor()
    cursor.setPosition(near)
    editor.editor.setTextCursor(cursor)
    editor.editor.setFocus()
    type_text(editor.editor, "新臺幣參萬元")
    assert editor.text()[near : near + 6] == "新臺幣參萬元"
    fresh = _editor(qtbot, editor.text())
    assert _picture(editor, near + 6) == _picture(fresh, near + 6)
    document = editor.editor.document()
    while document.isUndoAvailable():  # the typing, then the table edit: nothing lost
        document.undo()
    assert editor.text() == TEXT


def test_the_scroll_bar_counts_a_dropped_lines_new_rows_before_it_is_shown(qtbot) -> None:
    # The scroll bar's range is Qt's count of rows, which a dropped layout kept at its
    # old value until the line was painted (261 for a fresh editor's 269: the thumb too
    # big, the end out of reach until scrolled near). The line is laid out in a later
    # turn of the event loop, not in the change's: then its rows are counted.
    editor, _cell = _deferred(qtbot)
    bar = editor.editor.verticalScrollBar()
    before = bar.maximum()  # the old count: the layout is not laid out in the change
    QApplication.processEvents()  # a later turn: the line is laid out
    after = bar.maximum()  # read before the fresh editor turns the event loop
    fresh = _editor(qtbot, editor.text())
    assert after == fresh.editor.verticalScrollBar().maximum() > before


def test_the_dropped_line_is_laid_out_in_a_turn_after_the_changes_own(qtbot) -> None:
    # A change made in a turn of the event loop (as the Table dock's Enter is: here a
    # posted call) leaves the line's layout (4-9 ms) to a later turn, a stall of its own.
    editor = _editor(qtbot, TEXT)
    cell = TEXT.index("<td>", SECOND + 100) + 4
    QTimer.singleShot(0, lambda: _edit(editor, cell, cell + 2, NEEDLE * 30))
    QApplication.processEvents()
    assert editor.text().count(NEEDLE) == 30  # the change's turn: made, not laid out
    assert not _laid_out(editor, SECOND)
    QApplication.processEvents()
    assert _laid_out(editor, SECOND)


def test_line_breaks_before_and_after_a_dropped_line_leave_it_counted(qtbot) -> None:
    # The blocks are numbered afresh: the follow-up lays out the dropped line, moved.
    # Prose after it: the scroll bar's walk up from the end does not reach it.
    editor = _editor(qtbot, TEXT + "\n" + PROSE * 3)
    cell = TEXT.index("<td>", SECOND + 100) + 4
    _edit(editor, cell, cell + 2, NEEDLE * 30)
    _edit(editor, FIRST, FIRST, "\n\n")  # two blocks more before it
    _edit(editor, len(editor.text()), len(editor.text()), "\n")  # and one after it
    QApplication.processEvents()
    assert _laid_out(editor, SECOND + 2)
    maximum = editor.editor.verticalScrollBar().maximum()
    fresh = _editor(qtbot, editor.text())
    # A fresh editor counts an unseen line as one row (Qt's lazy layout) until it is
    # shown: compared once both have shown it.
    assert _picture(editor, cell + 2) == _picture(fresh, cell + 2)
    assert maximum == fresh.editor.verticalScrollBar().maximum()
