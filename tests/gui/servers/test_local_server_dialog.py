"""The local vLLM server window, starting a stand-in ``vllm`` entry point in real processes."""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from gui.servers.local_server_dialog import LocalServerDialog
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from tests.backend.server.local_server_helpers import fake_env, pids
from tests.gui.conftest import wait_for


async def yes(_question: str) -> bool:
    return True


class Rig:
    def __init__(self, tmp_path: Path, arun: Callable[..., Any]) -> None:
        self.settings_path = tmp_path / "s.ini"
        self.owner = QWidget()  # owns the hub and runner, as the main window does in the app
        self.hub = OcrHub(GuiSettings(self.settings_path), confirm=yes, parent=self.owner)
        self.runner = TaskRunner(self.owner)
        self.errors: list[str] = []
        self.runner.error.connect(self.errors.append)
        self.arun = arun
        self.dialogs: list[LocalServerDialog] = []

    def dialog(self, behaviour: str = "ok", **env: str) -> LocalServerDialog:
        dlg = LocalServerDialog(self.hub, self.runner, env=fake_env(behaviour, **env))
        dlg.show()
        self.dialogs.append(dlg)
        return dlg

    def fill(self, dlg: LocalServerDialog) -> None:
        dlg.form.model.setText("/models/tiny-vl")
        dlg.form.served_name.setText("tiny-vl")
        dlg.form.max_model_len.setValue(32768)

    def click(self, button: QWidget) -> None:
        assert button.isEnabled(), f"{button.text()} is disabled"  # type: ignore[attr-defined]
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def rig(loop: Any, arun: Callable[..., Any], tmp_path: Path) -> Iterator[Rig]:
    r = Rig(tmp_path, arun)
    yield r
    arun(r.hub.aclose())  # stops any server still running, as the app does on quit
    arun(r.runner.drain())
    for dlg in r.dialogs:
        dlg.close()
        dlg.deleteLater()
    r.owner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()  # freed here, on the GUI thread, not by a GC in some server thread
    assert r.errors == []  # every failure was shown in the window, none escaped


def test_start_registers_a_ready_server_and_stop_ends_it(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog()
        assert not dlg.start_button.isEnabled()  # no model yet
        assert "Choose a model" in dlg.form.problem.text()
        rig.fill(dlg)
        preview = dlg.command.text()
        assert "-m vllm.entrypoints.openai.api_server --model /models/tiny-vl" in preview
        assert "--host 127.0.0.1 --port PORT" in preview
        assert "VLLM_API_KEY" in dlg.command.toolTip()

        rig.click(dlg.start_button)
        assert dlg.status.text() == "Starting… 0 s"
        assert not dlg.start_button.isEnabled() and not dlg.form.model.isEnabled()
        server = dlg.server
        assert server is not None and server in rig.hub.local_servers
        await wait_for(lambda: dlg.status.text().startswith("Ready"), what="ready")
        assert dlg.status.text() == f"Ready at http://127.0.0.1:{server.port}/v1"

        profile = rig.hub.active
        assert profile is not None and profile.id == f"local-{server.port}"
        assert profile in rig.hub.all_profiles() and profile not in rig.hub.profiles  # session
        assert (await rig.hub.check(profile.id)).startswith("ready")
        models = await rig.hub.models(profile, None)  # through the hub, with the session key
        assert [m.id for m in models] == ["tiny-vl"]

        await wait_for(lambda: "Application startup complete" in dlg.log.toPlainText())
        log = dlg.log.toPlainText()
        assert "vLLM API server version 0.32.0" in log
        assert f"Starting vLLM API server 0 on http://127.0.0.1:{server.port}" in log
        assert f"--port {server.port}" in dlg.command.text()
        for shown in (log, dlg.command.text(), dlg.command.toolTip()):
            assert server.api_key not in shown
        assert dlg.log.isReadOnly() and dlg.log.maximumBlockCount() == 5000
        assert dlg.stop_button.isEnabled()

        rig.click(dlg.stop_button)
        await wait_for(lambda: dlg.status.text().startswith("Stopped"), what="stopped")
        assert server.state == "stopped" and server.exit_code == 0
        assert dlg.status.text() == "Stopped (exit code 0)."
        assert rig.hub.profile(profile.id) is None
        assert rig.hub.local_servers == []
        assert dlg.start_button.isEnabled() and not dlg.stop_button.isEnabled()
        assert not dlg.error_box.isVisible()

    rig.arun(scenario())


def test_settings_are_remembered_but_no_key(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog()
        rig.fill(dlg)
        dlg.form.gpu_util.setValue(0.8)
        dlg.form.extra.setText("--trust-remote-code")
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.status.text().startswith("Ready"), what="ready")
        assert dlg.server is not None
        key = dlg.server.api_key
        rig.hub.settings.sync()
        assert key not in rig.settings_path.read_text()
        again = rig.dialog()
        assert again.form.model.text() == "/models/tiny-vl"
        assert again.form.max_model_len.value() == 32768
        assert again.form.gpu_util.value() == pytest.approx(0.8)
        assert again.form.extra.text() == "--trust-remote-code"

    rig.arun(scenario())


def test_out_of_memory_is_shown_with_its_remedy(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog("oom")
        rig.fill(dlg)
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.error_box.isVisible(), what="the error")
        text = dlg.error_box.text()
        assert "stopped while starting (exit code 1)" in text
        assert "ran out of memory" in text and "--gpu-memory-utilization" in text
        assert "Likely causes" in text
        assert "CUDA out of memory" in dlg.log.toPlainText()  # the log is kept
        assert dlg.status.text() == "Not running."
        assert dlg.start_button.isEnabled() and not dlg.stop_button.isEnabled()
        assert rig.hub.local_servers == [] and rig.hub.all_profiles() == []

    rig.arun(scenario())


def test_a_killed_server_is_shown_as_killed(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog("killed")
        rig.fill(dlg)
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.error_box.isVisible(), what="the error")
        text = dlg.error_box.text()
        assert "exit code -9" in text and "SIGKILL" in text
        assert "killed the server" in text

    rig.arun(scenario())


def test_an_unexpected_exit_later_is_reported_and_the_profile_removed(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog()
        rig.fill(dlg)
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.status.text().startswith("Ready"), what="ready")
        server = dlg.server
        assert server is not None
        profile_id = server.profile().id
        (pid,) = pids(server, "APIServer")
        os.kill(pid, signal.SIGKILL)
        await wait_for(lambda: dlg.error_box.isVisible(), what="the crash report")
        assert "stopped unexpectedly (exit code -9)" in dlg.error_box.text()
        assert "killed the server" in dlg.error_box.text()
        assert rig.hub.profile(profile_id) is None
        assert dlg.start_button.isEnabled()

    rig.arun(scenario())


def test_a_start_that_times_out_is_explained(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog("hang")
        rig.fill(dlg)
        dlg.form.timeout.setMinimum(1)
        dlg.form.timeout.setValue(2)
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.error_box.isVisible(), timeout=30, what="the timeout")
        assert "not ready after 2 s" in dlg.error_box.text()
        assert "killed" not in dlg.error_box.text()  # ProofDesk stopped it: no OOM story
        assert dlg.server is not None and dlg.server.exit_code is not None  # it was stopped

    rig.arun(scenario())


def test_stop_while_starting(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog("slow", FAKE_VLLM_DELAY_S="30")
        rig.fill(dlg)
        rig.click(dlg.start_button)
        # The clock has moved on from 0 s; which second it shows is not asked: its 1 s timer
        # is coarse (ticks ~0.95 s apart here), so a GUI thread held up ~0.1 s at the second
        # tick goes from "0 s" straight to "2 s" and never shows "1 s".
        ticking = re.compile(r"Starting… [1-9][0-9]* s")
        await wait_for(lambda: bool(ticking.fullmatch(dlg.status.text())), what="the clock")
        await wait_for(lambda: "Starting to load model" in dlg.log.toPlainText())
        rig.click(dlg.stop_button)
        await wait_for(lambda: dlg.status.text().startswith("Stopped"), what="stopped")
        assert dlg.server is not None and dlg.server.state == "stopped"
        assert rig.hub.all_profiles() == [] and rig.hub.local_servers == []
        assert not dlg.error_box.isVisible()

    rig.arun(scenario())


def test_closing_the_window_leaves_the_server_running(rig: Rig, qapp: QApplication) -> None:
    quits = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)  # in the app, the main window stays open

    async def scenario() -> None:
        dlg = rig.dialog()
        rig.fill(dlg)
        rig.click(dlg.start_button)
        await wait_for(lambda: dlg.status.text().startswith("Ready"), what="ready")
        server = dlg.server
        assert server is not None
        dlg.close()
        await asyncio.sleep(0.2)
        assert not dlg.isVisible() and server.state == "ready"
        assert (await rig.hub.check(server.profile().id)).startswith("ready")
        await rig.hub.aclose()  # what the app does on quit
        assert server.state == "stopped"

    try:
        rig.arun(scenario())
    finally:
        qapp.setQuitOnLastWindowClosed(quits)


def test_reserved_and_unreadable_extra_arguments_are_refused(rig: Rig) -> None:
    dlg = rig.dialog()
    rig.fill(dlg)
    assert dlg.start_button.isEnabled()
    dlg.form.extra.setText("--trust-remote-code --port 9000")
    assert "“--port” is set by ProofDesk itself" in dlg.form.problem.text()
    assert dlg.form.problem.isVisible() and not dlg.start_button.isEnabled()
    assert dlg.command.text() == ""
    dlg.form.extra.setText("--chat-template '/tmp/x")
    assert "cannot be read" in dlg.form.problem.text()
    dlg.form.extra.setText("--api-key=abc")
    assert "set by ProofDesk itself" in dlg.form.problem.text()
    dlg.form.extra.setText("--trust-remote-code")
    assert not dlg.form.problem.isVisible() and dlg.start_button.isEnabled()
    assert dlg.command.text().endswith("--trust-remote-code")


def test_check_says_whether_vllm_is_installed(rig: Rig) -> None:
    async def scenario() -> None:
        dlg = rig.dialog()
        rig.click(dlg.form.check_button)
        await wait_for(lambda: "installed" in dlg.form.check_label.text(), what="the check")
        assert dlg.form.check_label.text() == "vLLM 0.32.0+fake is installed in this Python."
        if importlib.util.find_spec("vllm") is None:  # this venv has no real vLLM
            plain = LocalServerDialog(rig.hub, rig.runner)
            rig.dialogs.append(plain)
            rig.click(plain.form.check_button)
            await wait_for(lambda: "installed" in plain.form.check_label.text(), what="check")
            assert "not installed" in plain.form.check_label.text()
            assert "pip install 'proofdesk[server]'" in plain.form.check_label.text()
        dlg.form.python.setText("/nonexistent/python3")
        rig.click(dlg.form.check_button)
        await wait_for(lambda: "Cannot run" in dlg.form.check_label.text(), what="no python")
        assert sys.executable  # the default interpreter is this one
        assert LocalServerDialog(rig.hub, rig.runner).form.python.text() == sys.executable

    rig.arun(scenario())
