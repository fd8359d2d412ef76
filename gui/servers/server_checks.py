"""The server form's live checks: "Fetch models" and "Test connection".

One check at a time (both buttons wait while either runs, showing
"Checking…"); a check reports into the form's result label — an error in red,
never as a traceback or a message box — and is dropped when the form shows
another profile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from backend.engines.server_info import ModelInfo
from backend.engines.vllm import VllmClient
from backend.errors import ProofDeskError
from backend.safe_text import placeholders
from backend.settings.profiles import ServerProfile
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets.theme import ERROR, OK, color_css


class CheckedForm(Protocol):
    """What the checks use of the server form: its buttons, result label and values."""

    fetch: QPushButton
    test: QPushButton
    result: QLabel

    def profile(self) -> ServerProfile: ...

    def api_key(self) -> str | None: ...

    def set_models(self, models: list[ModelInfo]) -> None: ...


async def check_profile(profile: ServerProfile, api_key: str | None) -> tuple[bool, str]:
    """(ready, summary) for a profile as typed: the hub's ``check`` knows saved ones only."""
    async with VllmClient(profile, api_key) as client:
        health = await client.health()
        if not health.ok:
            return False, health.message
        load = await client.load()
    return True, "" if load is None else load.summary


class ServerChecks(QObject):
    checked = Signal(str, str)  # profile id, summary: fresh health/load of a saved profile

    def __init__(
        self, form: CheckedForm, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.form = form
        self.hub = hub
        self.runner = runner
        self._tasks: set[asyncio.Task[Any]] = set()
        form.fetch.clicked.connect(self.fetch_models)
        form.test.clicked.connect(self.test_connection)

    def busy(self) -> bool:
        return bool(self._tasks)

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    def fetch_models(self) -> None:
        if not self._tasks:
            self._start(self.form.fetch, self._fetch())

    def test_connection(self) -> None:
        if not self._tasks:
            self._start(self.form.test, self._test())

    def _start(self, button: QPushButton, work: Coroutine[Any, Any, None]) -> None:
        form = self.form
        label = button.text()
        form.fetch.setEnabled(False)
        form.test.setEnabled(False)
        button.setText(self.tr("Checking…"))
        form.result.setStyleSheet("")
        form.result.setText(self.tr("Checking…"))
        task = self.runner.run(self._reporting(work))
        self._tasks.add(task)

        def done(_: asyncio.Task[Any]) -> None:
            self._tasks.discard(task)
            button.setText(label)
            form.fetch.setEnabled(True)
            form.test.setEnabled(True)
            if task.cancelled():
                form.result.clear()

        task.add_done_callback(done)

    async def _reporting(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except ProofDeskError as exc:
            self._show(str(exc), ok=False)
        except Exception as exc:  # a check must never surface as a traceback
            self._show(self.tr("Something went wrong: {0}").format(exc), ok=False)

    def _show(self, text: str, *, ok: bool) -> None:
        # Mostly the server's own words: its escape codes are shown, not obeyed.
        self.form.result.setStyleSheet(color_css(OK if ok else ERROR))
        self.form.result.setText(placeholders(text))

    async def _fetch(self) -> None:
        profile = self.form.profile().validated()
        models = await self.hub.models(profile, self.form.api_key())
        self.form.set_models(models)
        if models:
            self._show(self.tr("{0} model(s) offered.").format(len(models)), ok=True)
        else:
            self._show(self.tr("The server offers no models."), ok=False)

    async def _test(self) -> None:
        profile = self.form.profile().validated()
        key = self.form.api_key()
        if key is None and self.hub.profile(profile.id) == profile:
            # Saved and unchanged: the hub's own client, as re-runs will use it.
            summary = await self.hub.check(profile.id)
            ready = self.hub.tr("ready")
            self.checked.emit(profile.id, summary)
            self._show(summary, ok=summary == ready or summary.startswith(ready + " ·"))
            return
        if key is None:
            key = self.hub.keys.get(profile.id)
        ok, summary = await check_profile(profile, key or None)
        if ok:
            ready = self.tr("ready")
            summary = f"{ready} · {summary}" if summary else ready
        self._show(summary, ok=ok)
