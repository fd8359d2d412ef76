"""The grid's structural edits as actions: keys that work only while the grid has focus,
and the grid's context menu.

The keys are Ctrl+Shift+letter. Never Ctrl+Alt: on Windows and on many Linux
layouts Ctrl+Alt is AltGr, which types characters (Polish AltGr+E ę, S ś, N ń;
German AltGr+E €, M µ), and the cell editor must get them; nor Alt+letter (the
menus' mnemonics; on macOS Option types characters too). Ctrl+Shift+letter
types nothing on any layout. The letters are clear of docs/SHORTCUTS.md's
desktop and input-method keys (Ctrl+Shift+A, F, U, Q, G), of every key of the
window (Ctrl+Shift+E, H, I, J, K, L, O, R), and of what people press in a text
field out of habit (C, V: a terminal's copy and paste, and paste as plain
text; Z: redo; Y: a macOS service), so none is ambiguous while the grid has
focus. T / B: a row on top / below; P / N: a column before / next; D / X:
delete the row / cut the column; M / W: merge right / down; S: split.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

# The actions by name with their keys, in the context menu's order (blank: a separator).
KEYS = {
    "table_row_above": "Ctrl+Shift+T",
    "table_row_below": "Ctrl+Shift+B",
    "table_delete_row": "Ctrl+Shift+D",
    "": "",
    "table_column_left": "Ctrl+Shift+P",
    "table_column_right": "Ctrl+Shift+N",
    "table_delete_column": "Ctrl+Shift+X",
    " ": "",
    "table_merge_right": "Ctrl+Shift+M",
    "table_merge_down": "Ctrl+Shift+W",
    "table_split": "Ctrl+Shift+S",
}


class GridActions(QObject):
    def __init__(self, view: QWidget, slots: dict[str, Callable[[], object]]) -> None:
        """``slots``: what each action of ``KEYS`` does (the Table dock's edits)."""
        super().__init__(view)
        texts = {
            "table_row_above": self.tr("Insert Row &Above"),
            "table_row_below": self.tr("Insert Row &Below"),
            "table_delete_row": self.tr("&Delete Row"),
            "table_column_left": self.tr("Insert Column &Left"),
            "table_column_right": self.tr("Insert Column &Right"),
            "table_delete_column": self.tr("Delete &Column"),
            "table_merge_right": self.tr("&Merge with the Cell to the Right"),
            "table_merge_down": self.tr("Merge with the Cell Belo&w"),
            "table_split": self.tr("&Split Cell"),
        }
        self.by_name: dict[str, QAction] = {}
        for name, key in KEYS.items():
            action = QAction(texts.get(name, ""), view)
            if not name.strip():
                action.setSeparator(True)
            else:
                action.setObjectName(name)
                action.setShortcut(QKeySequence(key))
                # Only while the grid (or the editor open in it) has the keyboard: in the
                # transcript these keys are free.
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                action.triggered.connect(lambda _checked=False, run=slots[name]: run())
                self.by_name[name] = action
            view.addAction(action)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
