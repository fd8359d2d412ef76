"""The transcript lays a long line out again after a change only when the change may
show (gui/widgets/transcript_layout.py): what it shows afterwards, at the top or
scrolled to the change, is what an editor given the changed text from the start shows."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QEventLoop, QObject
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication

from gui.widgets.transcript_editor import TranscriptEditor
from tests.gui.widgets.transcript_layout_helpers import (
    FIRST,
    SECOND,
    TEXT,
    _edit,
    _editor,
    _laid_out,
    _picture,
)


class _Painted(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.region = QRegion()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
        return False


def _repainted(editor: TranscriptEditor, start: int, end: int, text: str) -> QRegion:
    """What of the transcript's viewport the window paints again after the edit (the
    pictures, ``_picture``, are drawn afresh by ``grab``: they cannot tell)."""
    QApplication.processEvents()
    editor.window().repaint()  # what was due is painted: what comes next is the edit's
    painted = _Painted()
    viewport = editor.editor.viewport()
    viewport.installEventFilter(painted)
    _edit(editor, start, end, text)
    for _ in range(200):  # until the window's paint comes (Qt 6: on its platform's cue)
        if not painted.region.isEmpty():
            break
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    viewport.removeEventFilter(painted)
    return painted.region


def _same_as_fresh(qtbot, editor: TranscriptEditor, at: int) -> None:
    fresh = _editor(qtbot, editor.text())
    assert _picture(editor) == _picture(fresh)  # the top, as it was
    bar, fresh_bar = editor.editor.verticalScrollBar(), fresh.editor.verticalScrollBar()
    assert _picture(editor, at) == _picture(fresh, at)  # and the change, scrolled to
    assert (bar.maximum(), bar.value()) == (fresh_bar.maximum(), fresh_bar.value())


def test_a_change_far_down_a_long_line_is_laid_out_when_shown(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    assert _laid_out(editor, FIRST)  # its first rows are on screen
    deep = TEXT.index("<td>", FIRST + 8000) + 4
    _edit(editor, deep, deep + 1, "1234567890" * 20)  # a longer cell: more rows
    # Not laid out again at once (4-9 ms for such a line): nothing shown changed.
    assert not _laid_out(editor, FIRST)
    _same_as_fresh(qtbot, editor, deep)


def test_a_change_below_the_viewport_then_one_in_view_show_as_typed(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    near = FIRST + len("<table><tr><td>")  # the first cell: on screen
    cursor = editor.editor.textCursor()
    cursor.setPosition(near)
    shown = editor.editor.cursorRect(cursor)
    assert shown.bottom() < editor.editor.viewport().height()
    deep = TEXT.index("<td>", FIRST + 6000) + 4
    _edit(editor, deep, deep + 3, "")  # a shorter cell
    assert not _laid_out(editor, FIRST)
    # The line has no layout now, so nothing says where its rows are: it is painted
    # again from its top, and laid out once for that paint.
    assert not _laid_out(editor, FIRST)
    assert _repainted(editor, near, near + 1, "九十九").contains(shown)
    _same_as_fresh(qtbot, editor, near)


def test_a_change_in_view_is_laid_out_and_shown_at_once(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    near = FIRST + len("<table><tr><td>")
    _edit(editor, near, near + 1, "七")
    assert _laid_out(editor, FIRST)  # Qt's own path, as typing there takes
    _same_as_fresh(qtbot, editor, near)


def test_a_change_in_a_long_line_wholly_below_the_viewport(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    cell = TEXT.index("<td>", SECOND + 100) + 4
    _edit(editor, cell, cell + 2, "壹貳參肆伍陸柒捌玖拾" * 30)
    assert not _laid_out(editor, SECOND)
    _same_as_fresh(qtbot, editor, cell)


def test_typing_and_undo_in_a_long_line_show_as_typed(qtbot) -> None:
    editor = _editor(qtbot, TEXT)
    deep = TEXT.index("<td>", FIRST + 7000) + 4
    _edit(editor, deep, deep, "8" * 300)
    editor.editor.document().undo()  # one step: the text as it was
    assert editor.text() == TEXT
    _same_as_fresh(qtbot, editor, deep)


def test_a_change_below_the_rows_shown_of_a_line_scrolled_into(qtbot) -> None:
    # The viewport shows the long line's middle rows (QPlainTextEdit scrolls by rows
    # inside a line): a change in rows below them is deferred; one in rows above them
    # (which may move what is shown) is laid out at once.
    editor = _editor(qtbot, TEXT)
    bar = editor.editor.verticalScrollBar()
    bar.setValue(bar.value() + 30)  # rows into the first long line
    QApplication.processEvents()
    assert editor.editor.firstVisibleBlock().position() == FIRST
    deep = TEXT.index("<td>", FIRST + 8500) + 4
    _edit(editor, deep, deep + 1, "12345678")
    assert not _laid_out(editor, FIRST)
    fresh = _editor(qtbot, editor.text())
    fresh.editor.verticalScrollBar().setValue(bar.value())
    assert _picture(editor) == _picture(fresh)
    above = FIRST + len("<table><tr><td>")  # the line's first rows: scrolled past
    _edit(editor, above, above + 1, "六")
    assert _laid_out(editor, FIRST)
    fresh = _editor(qtbot, editor.text())
    fresh.editor.verticalScrollBar().setValue(bar.value())
    assert _picture(editor) == _picture(fresh)
