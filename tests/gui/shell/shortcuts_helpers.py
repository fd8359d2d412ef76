"""A window's default shortcuts, as portable text: ``window_keys`` and ``portable``."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence, QShortcut

from gui.shell.main_window import MainWindow


def portable(key: str | QKeySequence) -> str:
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)


def window_keys(w: MainWindow) -> list[tuple[str, str]]:
    """(action name, key) for every default shortcut of the window."""
    keys: list[tuple[str, str]] = []
    named = {id(a): n for n, a in w.actions_by_name.items()}
    for action in w.findChildren(QAction):
        name = named.get(id(action), action.text().replace("&", "") or "?")
        keys += [(name, portable(k)) for k in action.shortcuts()]
    for shortcut in w.findChildren(QShortcut):
        keys += [(shortcut.objectName() or "shortcut", portable(shortcut.key()))]
    return [(n, k) for n, k in keys if k]
