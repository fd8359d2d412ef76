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
from gui.widgets.rich_text_delegate import marked
from gui.widgets.run_status import RunStatus
from gui.widgets.theme import ALERT, ERROR, OK, WARNING, color_css, contrast, is_dark
from tests.gui.conftest import type_text, wait_for

GUI = Path(__file__).resolve().parents[2] / "gui"


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
    model = PageListModel(len(ReviewStatus))
    for page, status in enumerate(ReviewStatus):
        model.set_status(page, status)
    base = theme.color(QPalette.ColorRole.Base)
    for row in range(model.rowCount()):
        colour = model.data(model.index(row), Qt.ItemDataRole.ForegroundRole)
        assert contrast(colour, base) >= 3.0, (row, colour.name(), base.name())


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
