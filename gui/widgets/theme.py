"""Colours that read in the system's light and dark themes alike.

The review aids paint light backgrounds (yellow, red, orange, blue) behind the
text. The text itself took the theme's colour: near-white in a dark theme, which
is unreadable on yellow. ``text_on`` gives each background its own readable text
colour, so the highlight reads whatever the theme; ``contrast`` is the WCAG ratio
the tests check it with. Message colours come in (light, dark) pairs; ``set_color``
keeps a label in its pair's member for the theme in use, also after the desktop
switches theme while the app runs.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

DARK_TEXT, LIGHT_TEXT = QColor("#111111"), QColor("#fafafa")


def _luminance(color: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.redF())
        + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 reads as body text)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: QColor) -> QColor:
    """Dark or light text, whichever reads better on ``background``."""
    dark, light = contrast(background, DARK_TEXT), contrast(background, LIGHT_TEXT)
    return DARK_TEXT if dark >= light else LIGHT_TEXT


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the theme in use is a dark one (its window darker than its text)."""
    palette = palette or QGuiApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return _luminance(window) < _luminance(text)


# Message colours as (light theme, dark theme): the light ones are dark enough for a
# white window, the dark ones light enough for a near-black one (4.5:1 or better).
ERROR = ("#b00020", "#ff8a80")
ALERT = ("#c62828", "#ff8a80")
OK = ("#1b5e20", "#81c784")
WARNING = ("#a15c00", "#ffcc80")
# Tones some widgets had in the light theme before there was a dark one, kept as they were.
READY = ("#2e7d32", "#81c784")  # a local server is up, vLLM is installed
CLAIM = ("#a05a00", "#ffcc80")  # someone else is reviewing this page
NOTE = ("#9a5b00", "#ffcc80")  # a server URL that sends pages unencrypted
HINT = ("#8a6d00", "#ffe082")  # the batch's lanes, a page's warning
MUTED = ("#666666", "#b0b0b0")  # token usage under a reading
CRITICAL = ("#b71c1c", "#ff6e6e")  # a page with open legal-critical items
# The page list's status colours, by ReviewStatus value.
STATUS = {
    "unreviewed": ("#8a8a8a", "#a0a0a0"),
    "in_progress": ("#b8860b", "#ffd54f"),
    "reviewed": ("#1565c0", "#90caf9"),
    "approved": ("#2e7d32", "#81c784"),
    "flagged": ALERT,
}
# A boxed error (background, text and border together, so the box reads in either theme).
ERROR_BOX = (
    "background:#fdecea; color:#b71c1c; border:1px solid #e57373; padding:6px;",
    "background:#3b1c1c; color:#ff8a80; border:1px solid #e57373; padding:6px;",
)


def pick(pair: tuple[str, str]) -> str:
    """The light or the dark member of ``pair``, for the theme in use."""
    return pair[1] if is_dark() else pair[0]


def qcolor(pair: tuple[str, str]) -> QColor:
    """``pick(pair)`` as a QColor, for models' ForegroundRole."""
    return QColor(pick(pair))


def color_css(pair: tuple[str, str]) -> str:
    """``color: …;`` for a message label, in the colour that reads in the theme in use."""
    return f"color: {pick(pair)};"


def set_color(widget: QWidget, pair: tuple[str, str] | None, extra: str = "") -> None:
    """Style ``widget``'s text in ``pair`` (None: the theme's own colour), with ``extra``
    CSS, now and again whenever the theme changes while the app runs (a desktop switched
    to dark mode): a colour picked once would stay the old theme's, dark red on black."""
    follower = widget.findChild(_ThemeFollower, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if follower is None:
        follower = _ThemeFollower(widget)
    follower.pair, follower.extra = pair, extra
    follower.apply()


class _ThemeFollower(QObject):
    """Re-applies its widget's colour when the application's palette changes."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)  # the widget's child: no reference back, no cycle
        self.pair: tuple[str, str] | None = None
        self.extra = ""
        # The signal, not the widget's events: Qt posts ApplicationPaletteChange to the
        # windows only, and a child with a style sheet of its own gets no PaletteChange.
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.paletteChanged.connect(self._palette_changed)  # gone with this object

    def _palette_changed(self, _palette: QPalette) -> None:
        self.apply()

    def apply(self) -> None:
        css = " ".join(
            part for part in (color_css(self.pair) if self.pair else "", self.extra) if part
        )
        widget = self.parent()
        assert isinstance(widget, QWidget)
        if widget.styleSheet() != css:  # a new style sheet re-polishes: only on a change
            widget.setStyleSheet(css)
