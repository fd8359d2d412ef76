"""Light and dark themes: the review aids' highlights and the search matches read
in both (issue 14). The palette is the system's; here a dark one is set as a dark
desktop would set it."""

from __future__ import annotations

import ast
import asyncio
import re
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from backend.models import ReviewStatus
from backend.review.values import FlagKind
from gui.aids.diff_highlight import current_format, flag_format
from gui.review.page_list_model import PageListModel
from gui.servers.local_server_dialog import LocalServerDialog
from gui.servers.local_server_form import LocalServerForm
from gui.servers.planner_dialog import PlannerDialog
from gui.servers.servers_dialog import ServersDialog
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from gui.widgets import theme as theme_module
from gui.widgets.rich_text_delegate import marked
from gui.widgets.run_status import RunStatus
from gui.widgets.theme import ALERT, ERROR, OK, WARNING, color_css, contrast, is_dark
from tests.conftest import ROOT
from tests.gui.conftest import type_text, wait_for

GUI = ROOT / "gui"


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
    # Every message pair in the dark theme; in the light one the tones kept from before
    # there was a dark theme (HINT, READY...) are a little under 4.5 on a grey window.
    every = [v for v in vars(theme_module).values() if isinstance(v, tuple) and len(v) == 2]
    every = [p for p in every if all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in p)]
    assert len(every) >= 10, every
    for pair in every if is_dark() else (ERROR, ALERT, OK, WARNING):
        css = color_css(pair)
        match = re.search(r"#[0-9a-f]{6}", css)
        assert match, css
        assert contrast(QColor(match[0]), window) >= 4.5, (pair, window.name())


def _colour(css: str, prop: str = "color") -> QColor:
    match = re.search(rf"(?<![-\w]){prop}\s*:\s*(#[0-9a-fA-F]{{3,6}})", css)
    assert match, css
    return QColor(match[1])


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_server_error_reads_on_the_themes_window(
    theme: QPalette, qapp: QApplication, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    """Servers… with a server that is not there: the message is not dark red on a dark
    window (it was #b00020 whatever the theme), nor are the other places errors show."""
    window = theme.color(QPalette.ColorRole.Window)

    async def confirm(_question: str) -> bool:
        return True

    hub, runner = OcrHub(GuiSettings(tmp_path / "s.ini"), confirm=confirm), TaskRunner()
    qapp.setQuitOnLastWindowClosed(False)
    dialog = ServersDialog(hub, runner)
    local = LocalServerDialog(hub, runner)
    try:
        dialog.show()
        dialog.add.click()
        type_text(dialog.form.name, "Nowhere")
        type_text(dialog.form.url, f"http://127.0.0.1:{_closed_port()}/v1")
        dialog.form.test.click()
        loop.run_until_complete(wait_for(dialog.form.test.isEnabled, what="the check"))
        assert "Cannot reach" in dialog.form.result.text()
        status = RunStatus()
        status.show_error("Cannot reach the server.")
        labels: list[QLabel] = [dialog.form.result, status]
        planner, form = PlannerDialog(dialog), LocalServerForm(dialog)  # gone with the dialog
        labels += [planner.error, form.problem]
        for label in labels:
            colour = _colour(label.styleSheet())
            assert contrast(colour, window) >= 4.5, (label.styleSheet(), window.name())
        # The local server's error box brings its own background: its text reads on that.
        box = local.error_box.styleSheet()
        assert contrast(_colour(box), _colour(box, "background")) >= 4.5, box
        assert is_dark() == (_colour(box, "background").lightness() < 128)
    finally:
        runner.cancel_all()
        loop.run_until_complete(runner.drain())
        dialog.form.load(dialog.form.original)
        for d in (dialog, local):
            d.close()
            d.deleteLater()
        loop.run_until_complete(hub.aclose())
        qapp.setQuitOnLastWindowClosed(True)


def test_page_list_status_colours_read_on_the_list(theme: QPalette, qapp: QApplication) -> None:
    from backend.session.document_review import PageSummary

    model = PageListModel(len(ReviewStatus) + 1)
    for page, status in enumerate(ReviewStatus):
        model.set_status(page, status)
    critical = len(ReviewStatus)  # one more page, with an open legal-critical item
    model.set_review_summaries([PageSummary(critical, 0.9, 0, 1, 1, 0)])
    assert model.open_critical(critical) == 1
    base = theme.color(QPalette.ColorRole.Base)
    # The dark tones read as text (4.5); the light ones, kept from before, as marks (3).
    # The light tones on a dark list read 2.7 to 5.5: 3.0 alone would not see them there.
    least = 4.5 if is_dark() else 3.0
    for row in range(model.rowCount()):
        colour = model.data(model.index(row), Qt.ItemDataRole.ForegroundRole)
        assert contrast(colour, base) >= least, (row, colour.name(), base.name())


def test_no_widget_sets_a_text_colour_of_its_own(qapp: Any) -> None:
    """A fixed ``color:#…`` in a style sheet ignores the theme: colours come from
    gui/widgets/theme.py, in pairs. Allowed: a style that sets its own background too."""
    offenders = []
    for path in GUI.rglob("*.py"):
        if path.name == "theme.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            fixed = re.search(r"(?<![-\w])color\s*:\s*#", node.value)
            if fixed and "background" not in node.value:
                offenders.append(f"{path.relative_to(GUI)}:{node.lineno}: {node.value[:60]}")
    assert offenders == []


def test_the_main_windows_message_colours_follow_a_theme_change(
    make_window: Any, qapp: QApplication
) -> None:
    """Dark mode switched on while the app runs (the desktop changes the palette): the
    labels that stay in the window (the status bar's "not saved", the team's claim and
    offline notes, the docks' messages) take the dark theme's colours, and back."""
    from gui.review.autosave import SaveState

    before = qapp.palette()
    dark = dark_palette()
    qapp.setPalette(QPalette(QColor("#efefef")))
    try:
        w = make_window()
        w.show_save_state(SaveState.FAILED, "disk full")
        coloured = [x for x in w.findChildren(QLabel) if re.search(r"\bcolor\s*:", x.styleSheet())]
        assert w.save_label in coloured and len(coloured) >= 3, [x.styleSheet() for x in coloured]
        light_styles = [x.styleSheet() for x in coloured]
        qapp.setPalette(dark)
        qapp.processEvents()
        window = dark.color(QPalette.ColorRole.Window)
        for label in coloured:
            colour = _colour(label.styleSheet())
            assert contrast(colour, window) >= 4.5, (label.styleSheet(), label.text())
        qapp.setPalette(QPalette(QColor("#efefef")))
        qapp.processEvents()
        assert [x.styleSheet() for x in coloured] == light_styles  # and back, as they were
        w.show_save_state(SaveState.SAVED, "")
        assert w.save_label.styleSheet() == ""  # saved again: the theme's own colour
        qapp.setPalette(dark)
        qapp.processEvents()
        assert w.save_label.styleSheet() == ""  # and a theme change does not bring red back
    finally:
        qapp.setPalette(before)


def test_a_bar_with_its_own_background_has_its_own_text_colour(
    theme: QPalette, qapp: QApplication
) -> None:
    """A light yellow bar keeps its yellow in a dark theme: the theme's near-white text
    on it would be unreadable, so the bar sets its text colour too (the resume bar of the
    batch panel did not)."""
    from gui.ocr.batch_models import ResumeBar
    from gui.widgets.notice_bar import NoticeBar

    for bar in (ResumeBar(), NoticeBar()):
        bar.label.setText("Resume the unfinished batch (3 pages left)?")
        bar.show()
        bar.label.ensurePolished()
        text = bar.label.palette().color(bar.label.foregroundRole())
        background = _colour(bar.styleSheet(), "background")
        assert contrast(text, background) >= 4.5, (type(bar).__name__, text.name())
        bar.close()
        bar.deleteLater()
