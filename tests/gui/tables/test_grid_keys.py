"""The grid's row, column and merge keys leave AltGr to the cell editor: on Windows and on
many Linux layouts Ctrl+Alt is AltGr, and what it types must reach the cell."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from gui.shell.main_window import MainWindow
from gui.tables.grid_actions import KEYS
from tests.gui.shell.shortcuts_helpers import window_keys
from tests.gui.tables.dock_helpers import TEXT, dock_of, put_cursor, window
from tests.gui.tables.grid_helpers import commit_posted

__all__ = ["window"]  # the fixture

ALTGR = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
# What AltGr types with these letters: Polish (ę ś ń ć ł ó), German (€ µ).
TYPED = [
    (Qt.Key.Key_E, "ę"),
    (Qt.Key.Key_S, "ś"),
    (Qt.Key.Key_N, "ń"),
    (Qt.Key.Key_C, "ć"),
    (Qt.Key.Key_L, "ł"),
    (Qt.Key.Key_O, "ó"),
    (Qt.Key.Key_M, "µ"),
    (Qt.Key.Key_E, "€"),
]


def test_altgr_characters_reach_the_cell_editor(window: MainWindow) -> None:
    w = window
    w.editor.editor.setFocus()
    put_cursor(w, TEXT.index("手機"))
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    view = dock_of(w).panel.view
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    for key, text in TYPED:  # as the platform sends AltGr: Ctrl+Alt, with its text
        QTest.sendKeyEvent(QTest.KeyAction.Press, editor, key, text, ALTGR)
        QTest.sendKeyEvent(QTest.KeyAction.Release, editor, key, text, ALTGR)
    typed = "".join(t for _k, t in TYPED)
    assert QApplication.focusWidget() is editor and editor.text() == typed
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    assert w.editor.text() == TEXT.replace("| 手機 |", f"| {typed} |", 1)  # no row, no merge


def test_the_grid_keys_are_ctrl_shift_and_nothing_else_of_the_window(window: MainWindow) -> None:
    grid = {QKeySequence(k).toString() for k in KEYS.values() if k}
    assert len(grid) == 9
    for key in grid:
        combination = QKeySequence(key)[0]
        modifiers = combination.keyboardModifiers()
        assert modifiers == Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    # Every other key of the window (menus, docks, widgets; shortcuts' names as in
    # test_shortcuts): none is one of the grid's, so none is ambiguous in the grid.
    texts = {a.text().replace("&", "") for a in dock_of(window).grid_actions.by_name.values()}
    others = {k for name, k in window_keys(window) if name not in texts}
    assert others and not grid & others, grid & others
