"""The OCR panel docked in a real window and wired as the main window wires it, its profile
a fake vLLM over HTTP (``fake``): the ``rig`` fixture (page 1 read earlier as ``OLD``)."""

from __future__ import annotations

from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from backend.settings.profiles import ServerProfile
from gui.ocr.ocr_panel import OcrPanel
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for

OLD = "第一條　當事人得上訴。"


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.05, model="fake-vl", max_model_len=32768) as server:
        yield server


class Rig:
    """The window with the panel docked and wired the way the main window will wire it."""

    def __init__(self, window: Any, arun: Any, fake: FakeVllm) -> None:
        self.w, self.arun, self.fake = window, arun, fake
        self.profile = ServerProfile(
            name="Fake", base_url=fake.base_url + "/v1", model="fake-vl", max_model_len=32768
        )
        window.ocr.save_profile(self.profile)
        self.panel = OcrPanel(window.ocr, window.runner)
        dock = QDockWidget("OCR", window)
        dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.raise_()
        self.errors: list[str] = []
        window.runner.error.connect(self.errors.append)
        self.panel.flush_edits = window.controller.autosave.flush
        window.controller.page_loaded.connect(self.panel.set_page)
        self.panel.accepted.connect(lambda page: window.runner.run(self._reload(page)))
        self.panel.set_page(window.controller.current)
        window.activateWindow()  # shortcuts work in the active window only
        self.settle()

    async def _reload(self, page: int) -> None:
        ws = self.ws
        if page == self.w.controller.current:
            self.w.show_page_state(await ws.page_state(page), ws.page_count)
            await self.w.controller.refresh_history()

    @property
    def ws(self) -> Any:
        return self.w.controller.workspace

    def settle(self) -> None:
        self.arun(self.w.runner.drain())

    def play(self, scenario: Coroutine[Any, Any, None]) -> None:
        """Run steps that look at a read in flight in ONE loop run, and let every task
        finish before it ends: qasync processes Qt events once more after the loop
        stops, and a task stepped then finds no running loop."""

        async def whole() -> None:
            try:
                await scenario
            finally:
                await self.w.runner.drain()

        self.arun(whole())

    def wait(self, condition: Any, what: str, timeout: float = 20) -> None:
        self.play(wait_for(condition, timeout, what))

    def run_and_wait(self) -> None:
        self.panel.run_button.click()
        assert not self.panel.run_button.isEnabled()  # no second run meanwhile
        self.wait(lambda: not self.panel.busy, "the reading")

    def versions(self, page: int = 0) -> Any:
        return self.arun(self.ws.versions(page))

    def state(self, page: int = 0) -> Any:
        return self.arun(self.ws.page_state(page))

    def go_to(self, page: int) -> None:
        self.w.controller.go_to(page)
        self.wait(lambda: self.w.controller.current == page, f"page {page + 1}")


@pytest.fixture
def rig(make_window, arun, sample_pdf: Path, fake: FakeVllm) -> Iterator[Rig]:  # type: ignore[no-untyped-def]
    w = make_window(str(sample_pdf))

    async def open_with_a_reading() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws = w.controller.workspace
        await ws.add_reading(0, OLD, {"engine": "earlier"})
        w.show_page_state(await ws.page_state(0), ws.page_count)
        await w.runner.drain()

    arun(open_with_a_reading())
    yield Rig(w, arun, fake)
    w.runner.cancel_all()
    arun(w.runner.drain())
    arun(w.ocr.aclose())
