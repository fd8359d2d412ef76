"""The grid's structural edits as actions: keys that work only while the grid has focus,
and the grid's context menu.

The keys are Ctrl+Alt+letter, as a spreadsheet's insert/delete keys are
(Google Sheets: Ctrl+Alt+=), chosen clear of docs/SHORTCUTS.md's desktop keys
(Ctrl+Alt+T, L, D, H, P and the arrows are the desktops') and of every key of
the window, so none is ambiguous while the grid has focus.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

# The actions by name with their keys, in the context menu's order (blank: a separator).
KEYS = {
    "table_row_above": "Ctrl+Alt+E",
    "table_row_below": "Ctrl+Alt+R",
    "table_delete_row": "Ctrl+Alt+K",
    "": "",
    "table_column_left": "Ctrl+Alt+B",
    "table_column_right": "Ctrl+Alt+N",
    "table_delete_column": "Ctrl+Alt+J",
    " ": "",
    "table_merge_right": "Ctrl+Alt+M",
    "table_merge_down": "Ctrl+Alt+Shift+M",
    "table_split": "Ctrl+Alt+S",
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
