"""Defects found in a review of issue 3 (Drive vLLM), GUI side, fixed; the tests guard the fixes."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.settings.profiles import ServerProfile
from gui.ocr.batch_panel import BatchPanel
from gui.shell.main_window import MainWindow
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for

KEY = "k-review"
PAGES = 7


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.3, slots=8, api_key=KEY, max_model_len=32768) as f:
        yield f


@pytest.fixture
def window(
    make_window: Callable[..., MainWindow], arun: Any, sample_pdf: Path, fake: FakeVllm
) -> Iterator[tuple[MainWindow, BatchPanel]]:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    profile = ServerProfile(
        name="GPU box", base_url=fake.base_url + "/v1", id="gpu", max_concurrency=2
    )
    w.ocr.save_profile(profile, KEY)
    w.ocr.set_active("gpu")
    panel = BatchPanel(w.ocr, w.runner)
    panel.show()
    panel.set_document(PAGES, lambda: [], lambda: w.controller.current)
    arun(wait_for(lambda: panel._store_task is not None and panel._store_task.done()))
    yield w, panel
    arun(w.ocr.aclose())
    panel.close()
    panel.deleteLater()
    gc.collect()


def test_saving_a_server_profile_during_a_batch_does_not_fail_its_pages(
    window: tuple[MainWindow, BatchPanel], arun: Any
) -> None:
    w, panel = window

    async def scenario() -> None:
        QTest.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: panel.progress.value() >= 1, what="a first page")
        # The reviewer raises a timeout in OCR > Servers... and presses Save
        # (the same happens on every re-run when the server lists no max_model_len).
        profile = w.ocr.profile("gpu")
        assert profile is not None
        w.ocr.save_profile(profile.with_(total_timeout_s=3600.0))
        await wait_for(
            lambda: not panel._running() and bool(panel.message.text()), what="batch end"
        )

    arun(scenario())
    assert panel.message.text() == f"Finished: {PAGES} pages read, 0 failed.", (
        panel.message.text(),
        [p.reason for p in panel.problems.problems],
    )
