"""The GUI shows what a server or a file says with visible placeholders, never raw.

A model id or an error message with escape sequences (and markup) from a
loopback server, a PDF notice, a file name in a message box: each is shown as
plain text with ␛ for ESC and � for other controls, and the model id the form
saves is still the server's own, byte for byte.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from backend.errors import RequestRejectedError
from gui.ocr.batch_models import ProblemModel
from gui.servers.servers_dialog import ServersDialog
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from gui.widgets import dialogs
from gui.widgets.notice_bar import NoticeBar
from gui.widgets.run_status import RunStatus
from tests.backend.cli.hostile_server import EVIL, HostileServer
from tests.gui.conftest import wait_for

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
MARKUP = "<b>bold</b><img src='file:///etc/passwd'>"


def assert_shown_safely(text: str) -> None:
    assert RAW.search(text) is None, repr(text)
    assert "\u241b]0;pwned" in text  # ESC as a visible symbol, the rest kept


@pytest.fixture
def hub(loop: asyncio.AbstractEventLoop, tmp_path: Path) -> Iterator[OcrHub]:
    async def confirm(_question: str) -> bool:
        return True

    h = OcrHub(GuiSettings(tmp_path / "s.ini"), confirm=confirm)
    yield h
    loop.run_until_complete(h.aclose())


def test_the_model_list_shows_placeholders_and_saves_the_servers_id(
    qapp: Any, loop: asyncio.AbstractEventLoop, arun: Any, hub: OcrHub
) -> None:
    qapp.setQuitOnLastWindowClosed(False)
    runner = TaskRunner()
    dialog = ServersDialog(hub, runner)
    try:
        with HostileServer(model_id=EVIL + MARKUP) as server:
            dialog.add.click()
            dialog.form.name.setText("hostile")
            dialog.form.url.setText(server.base_url + "/v1")
            dialog.form.fetch.click()
            arun(wait_for(lambda: dialog.form.model.count() > 0, what="the model list"))
            arun(wait_for(dialog.form.fetch.isEnabled, what="the check to end"))
        label = dialog.form.model.itemText(0)
        assert_shown_safely(label)
        assert dialog.form.model.itemData(0) == EVIL + MARKUP  # the id, exactly
        assert dialog.form.profile().model == EVIL + MARKUP  # what requests will send
        assert dialog.form.result.textFormat() == Qt.TextFormat.PlainText
    finally:
        runner.cancel_all()
        loop.run_until_complete(runner.drain())
        dialog.form.load(dialog.form.original)
        dialog.close()
        dialog.deleteLater()
        qapp.setQuitOnLastWindowClosed(True)


def test_a_servers_error_in_the_run_status_is_plain_text_with_placeholders(qtbot: Any) -> None:
    status = RunStatus()
    qtbot.addWidget(status)
    error = RequestRejectedError(f"The server said: {EVIL}{MARKUP}", detail=EVIL, status=400)
    status.show_error(error)
    assert_shown_safely(status.text())
    assert status.textFormat() == Qt.TextFormat.PlainText  # the <img> is text, not markup
    status.finish(EVIL)
    assert_shown_safely(status.text())


def test_a_message_box_quoting_a_file_name_shows_placeholders(qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    box = dialogs.show_message(parent, "ProofDesk", f"“{EVIL}{MARKUP}.pdf” cannot be opened.")
    try:
        assert_shown_safely(box.text())
        assert box.textFormat() == Qt.TextFormat.PlainText
        assert isinstance(box, QMessageBox)
    finally:
        box.close()


def test_pdf_notices_and_failed_page_reasons_show_placeholders(qtbot: Any) -> None:
    bar = NoticeBar()
    qtbot.addWidget(bar)
    bar.show_notices([f"repaired: {EVIL}"])
    assert_shown_safely(bar.label.text())
    problems = ProblemModel()
    problems.page_failed(0, EVIL)
    index = problems.index(0, 1)
    assert_shown_safely(problems.data(index, Qt.ItemDataRole.DisplayRole))
    assert_shown_safely(problems.data(index, Qt.ItemDataRole.ToolTipRole))
