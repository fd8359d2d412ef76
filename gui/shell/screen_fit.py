"""Keep the main window inside its screen's available area, whatever docks open.

A dock whose content asks for more room than is left used to make Qt grow the
window past the screen (1500×1163 on a 1600×1000 screen; the status bar and the
OCR dock's Run button went off it). Docks scroll instead (``scrolling``) and the
window's maximum size is the screen's available area less the window frame, kept
up to date when the window moves to another screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent, QScreen
from PySide6.QtWidgets import QFrame, QMainWindow, QScrollArea, QWidget

DEFAULT_SIZE = QSize(1500, 950)
SCREEN_SHARE = 0.92  # a first window leaves a margin of the screen free


class _FitsViewport(QWidget):
    """Holds a dock's content; says it has no height-for-width.

    A scroll area gives content with height-for-width (any word-wrapped label) its
    *preferred* height for the width, not the room it has: the Compare dock's
    content stayed 650 px tall in a 612 px viewport and its Accept button needed
    scrolling. Without it the content takes the viewport's height, down to its
    minimum, as a dock's content should."""

    def __init__(self, content: QWidget, parent: QWidget) -> None:
        super().__init__(parent)
        self.content = content
        content.setParent(self)  # no layout: a layout would pass the preferred height on

    def hasHeightForWidth(self) -> bool:
        return False

    def sizeHint(self) -> QSize:
        return self.content.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.content.minimumSizeHint().expandedTo(self.content.minimumSize())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.content.setGeometry(self.rect())
        super().resizeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the content's hints changed: the scroll area asks again
        return super().event(event)


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area: a dock may be squeezed below its content."""
    area = QScrollArea(widget.parentWidget())
    area.setObjectName(f"scroll-{widget.objectName() or type(widget).__name__}")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no extra Tab stop: its content takes focus
    area.setWidget(_FitsViewport(widget, area))
    return area


def default_size(screen: QScreen | None) -> QSize:
    """The size of a window opened for the first time (or after *Reset Layout*)."""
    if screen is None:
        return DEFAULT_SIZE
    avail = screen.availableGeometry()
    return DEFAULT_SIZE.boundedTo(
        QSize(int(avail.width() * SCREEN_SHARE), int(avail.height() * SCREEN_SHARE))
    )


class ScreenFit(QObject):
    """Installed on the main window: its maximum size follows its screen."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)
        self._screen: QScreen | None = None
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in (QEvent.Type.Show, QEvent.Type.Move):
            self.fit()
        return False

    def _follow_screen(self) -> None:
        handle = self.window.windowHandle()
        if handle is not None and self._screen is None:
            self._screen = handle.screen()
            handle.screenChanged.connect(lambda _s: self.fit())

    def available(self) -> QRect:
        """The screen's free area for the window's inner geometry (its frame taken off)."""
        w = self.window
        avail = w.screen().availableGeometry()
        frame, inner = w.frameGeometry(), w.geometry()
        left, top = inner.x() - frame.x(), inner.y() - frame.y()
        right, bottom = frame.right() - inner.right(), frame.bottom() - inner.bottom()
        return avail.adjusted(left, top, -right, -bottom)

    def fit(self) -> None:
        self._follow_screen()
        w = self.window
        if w.isMaximized() or w.isFullScreen():
            return
        room = self.available()
        w.setMaximumSize(room.size())
        if w.width() > room.width() or w.height() > room.height():
            w.resize(w.size().boundedTo(room.size()))
        frame, avail = w.frameGeometry(), w.screen().availableGeometry()
        if w.isVisible() and not avail.contains(frame):
            x = min(max(frame.x(), avail.left()), avail.right() - frame.width() + 1)
            y = min(max(frame.y(), avail.top()), avail.bottom() - frame.height() + 1)
            w.move(x, y)  # move() places the frame
