"""Light and dark themes: the review aids' highlights and the search matches read
in both (issue 14). The palette is the system's; here a dark one is set as a dark
desktop would set it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from backend.review.values import FlagKind
from gui.aids.diff_highlight import current_format, flag_format
from gui.widgets.rich_text_delegate import marked
from gui.widgets.theme import ALERT, ERROR, OK, WARNING, color_css, contrast, is_dark


def dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#202124",
        QPalette.ColorRole.WindowText: "#e8eaed",
        QPalette.ColorRole.Base: "#171717",
        QPalette.ColorRole.Text: "#e8eaed",
        QPalette.ColorRole.Highlight: "#8ab4f8",
        QPalette.ColorRole.HighlightedText: "#202124",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    return palette


@pytest.fixture(params=["light", "dark"])
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[QPalette]:
    before = qapp.palette()
    palette = dark_palette() if request.param == "dark" else QPalette(QColor("#efefef"))
    qapp.setPalette(palette)
    assert is_dark() == (request.param == "dark")
    yield palette
    qapp.setPalette(before)


def test_every_highlight_has_its_own_readable_text(theme: QPalette) -> None:
    formats = [flag_format(k) for k in (FlagKind.DIFF, FlagKind.CRITICAL, FlagKind.MARKER)]
    for fmt in [*formats, current_format()]:
        background = fmt.background().color()
        # The text colour is set with the background, never left to the theme.
        assert fmt.hasProperty(fmt.Property.ForegroundBrush)
        assert contrast(fmt.foreground().color(), background) >= 4.5


def test_the_search_highlight_uses_the_themes_selection_colours(theme: QPalette) -> None:
    html = marked("前", "校對", "後", theme)
    back = theme.color(QPalette.ColorRole.Highlight).name()
    fore = theme.color(QPalette.ColorRole.HighlightedText).name()
    assert f"background-color:{back}" in html and f"color:{fore}" in html


def test_message_colours_read_on_the_themes_window(theme: QPalette) -> None:
    window = theme.color(QPalette.ColorRole.Window)
    for pair in (ERROR, ALERT, OK, WARNING):
        css = color_css(pair)
        match = re.search(r"#[0-9a-f]{6}", css)
        assert match, css
        assert contrast(QColor(match[0]), window) >= 4.5, (pair, window.name())
