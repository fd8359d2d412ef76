"""A table edit reaches the transcript as typing does: one undoable step in its document.

The editor's own ``QTextDocument`` takes the change through a ``QTextCursor``
in one edit block, so Ctrl+Z in the transcript undoes a whole cell edit, and
the editor's ``text_edited`` (the autosave's input) fires as for typed text.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor, QTextDocument

from backend.tables import TextEdit


def utf16_position(text: str, code_points: int) -> int:
    """Qt counts UTF-16 units: a rare CJK character (𠀋) is two."""
    return len(text[:code_points].encode("utf-16-le")) // 2  # in C: 0.1 ms for a long page


def apply_to_document(document: QTextDocument, text: str, edit: TextEdit) -> None:
    """Replace ``text[edit.start:edit.end]`` (code points) with ``edit.text``, one undo step.

    ``text`` is the document's plain text the edit was computed from."""
    cursor = QTextCursor(document)
    cursor.beginEditBlock()
    try:
        cursor.setPosition(utf16_position(text, edit.start))
        cursor.setPosition(utf16_position(text, edit.end), QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(edit.text)  # with a selection: replaces it
    finally:
        cursor.endEditBlock()
