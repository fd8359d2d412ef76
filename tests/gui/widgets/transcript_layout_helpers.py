"""A transcript with two long lines (a model's HTML table, no space to wrap at) between
prose, in a real editor (``_editor``), edited as the Table dock edits (``_edit``), and what
it shows (``_picture``) and has laid out (``_laid_out``)."""

from __future__ import annotations

from PySide6.QtGui import QImage, QTextCursor
from PySide6.QtWidgets import QApplication

from gui.widgets.transcript_editor import TranscriptEditor

PROSE = "本院審理後認定事實如下，附表所列扣案物品及金額均經核對無誤。\n" * 12
# A model's HTML table: one line of ~9,000 characters, no space to wrap at.
ROW = "<tr>" + "".join(f"<td>{c * 37:,}</td>" for c in range(30)) + "</tr>"
LINE = "<table>" + ROW * 25 + "</table>"
TEXT = PROSE + LINE + "\n" + PROSE + LINE + "\n完。"
FIRST = len(PROSE)  # where the first long line starts
SECOND = TEXT.index("<table>", FIRST + 1)


def _editor(qtbot, text: str) -> TranscriptEditor:
    editor = TranscriptEditor()
    qtbot.addWidget(editor)
    editor.resize(700, 420)
    editor.set_text(text)
    editor.editor.setCursorWidth(0)  # no blinking cursor in the pictures
    editor.show()
    QApplication.processEvents()
    editor.editor.viewport().grab()  # painted once: what is shown is laid out
    return editor


def _edit(editor: TranscriptEditor, start: int, end: int, text: str) -> None:
    """A Table dock edit: one edit block through the document (all BMP: positions)."""
    cursor = QTextCursor(editor.editor.document())
    cursor.beginEditBlock()
    cursor.setPosition(start)
    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText(text)
    cursor.endEditBlock()


def _laid_out(editor: TranscriptEditor, offset: int) -> bool:
    return editor.editor.document().findBlock(offset).layout().lineCount() > 0


def _picture(editor: TranscriptEditor, at: int | None = None) -> QImage:
    if at is not None:
        cursor = editor.editor.textCursor()
        cursor.setPosition(at)
        editor.editor.setTextCursor(cursor)  # scrolls it into view
    QApplication.processEvents()
    return editor.editor.viewport().grab().toImage()
