"""Sizing a window for its screen must not tie the screen to the window.

PySide6 (6.11) makes the QScreen that ``QWidget.screen()`` returns a child of that
widget: when a parentless dialog that asked goes, the screen's wrapper goes with it,
and freed by the garbage collector it can delete the QScreen itself. The next
window then asks a deleted screen where it is and the process crashes (a dialog of
test_theme.py did, inside QDialog's constructor). ``gui.widgets.screen_size`` asks
QGuiApplication instead, which ties the screen to nothing.
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog

from gui.servers.planner_dialog import PlannerDialog
from gui.widgets.screen_size import resize_within_screen, room_for


def test_a_parentless_dialog_sized_for_the_screen_leaves_the_screen_alone(
    qapp: QApplication,
) -> None:
    screen = QGuiApplication.primaryScreen()
    avail = screen.availableGeometry().size()
    for make in (QDialog, PlannerDialog):  # the planner sizes itself in its constructor
        dialog = make()
        resize_within_screen(dialog, 560, 720)
        room = room_for(dialog)
        assert room.width() <= avail.width() and room.height() <= avail.height()
        del dialog
        gc.collect()
        assert shiboken6.isValid(screen), make.__name__
    assert QGuiApplication.primaryScreen() is screen
