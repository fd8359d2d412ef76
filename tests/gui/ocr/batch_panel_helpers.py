"""The batch panel on a real window with the sample open (``PAGES`` pages), its active
profile a fake vLLM over HTTP (``fake``, key ``KEY``): the ``setup`` fixture gives a
``Setup`` to click, count the readings stored and wait for the batch's end."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from backend.models import VersionKind
from backend.settings.profiles import ServerProfile
from gui.ocr.batch_panel import BatchPanel
from gui.shell.main_window import MainWindow
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for

KEY = "k-batch"
PAGES = 7


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.05, api_key=KEY, model="fake-vl", max_model_len=32768) as f:
        yield f


class Setup:
    def __init__(self, window: MainWindow, panel: BatchPanel, arun: Callable[..., Any]) -> None:
        self.w = window
        self.panel = panel
        self.arun = arun
        self.activated: list[int] = []
        panel.page_activated.connect(self.activated.append)

    @property
    def ws(self) -> Any:
        return self.w.controller.workspace

    def click(self, button: QWidget) -> None:
        assert button.isEnabled(), f"{button.text()} is disabled"  # type: ignore[attr-defined]
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    async def ocr_versions(self) -> dict[int, int]:
        """How many machine readings each page has."""
        counts = {}
        for page in range(PAGES):
            versions = await self.ws.versions(page)
            counts[page] = sum(v.kind is VersionKind.OCR for v in versions)
        return counts

    async def finished(self, what: str = "the batch to finish") -> None:
        await wait_for(lambda: not self.panel._running() and self.panel.message.text(), what=what)


@pytest.fixture
def setup(make_window, arun, sample_pdf: Path, fake: FakeVllm) -> Iterator[Setup]:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    w.ocr.save_profile(ServerProfile(name="GPU box", base_url=fake.base_url + "/v1", id="gpu"), KEY)
    w.ocr.set_active("gpu")
    panel = BatchPanel(w.ocr, w.runner)
    panel.resize(500, 700)
    panel.show()
    panel.set_document(PAGES, lambda: [1, 3], lambda: w.controller.current)
    s = Setup(w, panel, arun)
    arun(wait_for(lambda: panel._store_task is not None and panel._store_task.done()))
    yield s
    arun(w.ocr.aclose())
    panel.close()
    panel.deleteLater()
    gc.collect()  # Qt objects freed here, on the GUI thread, not by a GC in a server thread
