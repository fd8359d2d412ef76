"""The OCR pieces as they sit in the real main window: menu, shortcuts, docks, status bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.settings.profiles import ServerProfile
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for

KEY = "window-key"


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.05, api_key=KEY, max_model_len=32768) as server:
        yield server


def test_ctrl_r_reads_the_page_and_accepting_shows_it_in_the_editor(
    make_window, arun, sample_pdf: Path, fake: FakeVllm
) -> None:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    w.ocr.save_profile(ServerProfile(name="GPU", base_url=fake.base_url + "/v1", id="gpu"), KEY)
    w.ocr.set_active("gpu")
    assert w.ocr_ui.server_label.text() == "Server: GPU"
    menus = [a.text() for a in w.menuBar().actions()]
    assert "&OCR" in menus
    w.activateWindow()
    w.actions_by_name["ocr_rerun"].trigger()  # Ctrl+R
    panel = w.ocr_ui.panel
    arun(wait_for(lambda: not panel.busy and panel.compare.isVisible(), what="the reading"))
    assert w.ocr_ui.panel_dock.isVisible()
    reading = fake.requests()[-1]["reply"]
    assert w.editor.editor.toPlainText() != reading  # not accepted yet
    QTest.keyClick(
        w,
        Qt.Key.Key_Return,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    arun(wait_for(lambda: w.editor.editor.toPlainText() == reading, what="the accepted text"))
    arun(w.runner.drain())


def test_ctrl_b_shows_the_batch_panel(make_window, arun, sample_pdf: Path) -> None:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    w.ocr_ui.batch_dock.hide()
    w.actions_by_name["ocr_batch"].trigger()
    assert w.ocr_ui.batch_dock.isVisible()


def test_the_ocr_dialogs_open_once_each(make_window, arun) -> None:
    w = make_window()
    for name in ("ocr_servers", "ocr_local", "ocr_planner"):
        w.actions_by_name[name].trigger()
        w.actions_by_name[name].trigger()
    dialogs = w.server_tools.dialogs
    assert sorted(dialogs) == ["local", "planner", "servers"]
    assert all(d.isVisible() for d in dialogs.values())
    for d in dialogs.values():
        d.hide()
