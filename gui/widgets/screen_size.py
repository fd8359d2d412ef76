"""Windows sized for the screen they open on: never taller or wider than its free area."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

MARGIN = QSize(40, 60)  # the window frame and a little of the desktop around it


def room_for(widget: QWidget) -> QSize:
    """The largest size ``widget`` may take on its screen (or the primary one)."""
    # Where its window is, as QWidget.screen() finds an unshown window's screen, but
    # asked of QGuiApplication: PySide6 makes the QScreen that ``widget.screen()``
    # returns the widget's child, so a parentless dialog that asked took the screen's
    # wrapper with it when it went, and could delete the QScreen (a crash later).
    window = (widget.parentWidget() or widget).window()
    screen = QGuiApplication.screenAt(window.frameGeometry().center())
    avail = (screen or QGuiApplication.primaryScreen()).availableGeometry().size()
    return QSize(
        max(avail.width() - MARGIN.width(), 320), max(avail.height() - MARGIN.height(), 240)
    )


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """``widget.resize(width, height)``, shrunk to fit its screen; no larger than it either."""
    room = room_for(widget)
    widget.setMaximumSize(room)  # a long message wraps or scrolls; the window stays on screen
    widget.resize(QSize(width, height).boundedTo(room))


def scroll_area(content: QWidget, parent: QWidget) -> QScrollArea:
    """``content`` in a frameless, resizable scroll area: shown whole when there is room."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no extra Tab stop: its content takes focus
    area.setWidget(content)
    return area
