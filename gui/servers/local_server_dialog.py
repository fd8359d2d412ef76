"""The "Local vLLM server" window: start a vLLM server on this machine and use it at once.

Non-modal: the user keeps proofreading while the model loads (minutes, for a
large one). Once ``/health`` answers, the server is registered with the hub as
a session-only profile (its key is random and dies with it) and made the
active server. Closing the window leaves the server running; the app stops it
on quit (``OcrHub.aclose``). Every failure, at start or later, is shown with
the likely causes and their remedies, and the log is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import shlex
import signal
import time

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from backend.errors import LocalServerError
from backend.server.diagnose import diagnose_log
from backend.server.interpreter import default_python
from backend.server.local_server import LocalServer, LocalServerConfig, build_command
from gui.servers.local_server_form import LocalServerForm
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets.screen_size import resize_within_screen, scroll_area
from gui.widgets.theme import ALERT, ERROR_BOX, READY, color_css, pick

LOG_BLOCKS = 5000
CHECK_TIMEOUT_S = 120.0  # importing vllm (torch, CUDA) can take a while


class LocalServerDialog(QDialog):
    ready = Signal(str)  # the session profile id of a server that became ready
    stopped = Signal()  # the server ended (stopped, crashed or failed to start)

    def __init__(
        self,
        hub: OcrHub,
        runner: TaskRunner,
        parent: QWidget | None = None,
        *,
        env: dict[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        self.env = dict(env or {})  # extra environment for the server (and the check)
        self.server: LocalServer | None = None
        self._profile_id = ""
        self._stopping = False
        self._launching = False  # Start clicked, server.start() not returned yet
        self._started_at = 0.0
        self._start_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self._pending: list[str] = []
        self.setWindowTitle(self.tr("Local vLLM server"))
        self.setModal(False)
        self._build()
        self.form.load(self.hub.settings._qs)
        self._update()

    def _build(self) -> None:
        self.form = LocalServerForm(self)
        self.form.changed.connect(self._update)
        self.form.check_button.clicked.connect(
            lambda: self.runner.run(self._check_vllm(), name="local-server-check")
        )
        settings = QGroupBox(self.tr("Server settings"), self)
        QVBoxLayout(settings).addWidget(self.form)
        self.command = QLineEdit(self)
        self.command.setReadOnly(True)
        self.command.setAccessibleName(self.tr("Command line"))
        self.command.setToolTip(
            self.tr(
                "The command that runs the server. Its API key is not on it: the key is passed "
                "in the environment (VLLM_API_KEY), where other users of this machine cannot "
                "read it. The server listens on 127.0.0.1 only."
            )
        )
        self.status = QLabel(self.tr("Not running."), self)
        self.error_box = QLabel(self)
        self.error_box.setWordWrap(True)
        self.error_box.setStyleSheet(pick(ERROR_BOX))
        self.error_box.setTextFormat(Qt.TextFormat.RichText)
        self.error_box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_box.hide()
        self.log = QPlainTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(LOG_BLOCKS)
        self.log.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.log.setAccessibleName(self.tr("Server log"))
        self.log.setPlaceholderText(self.tr("The server's output appears here."))

        self.start_button = QPushButton(self.tr("Start"), self)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton(self.tr("Stop"), self)
        self.stop_button.clicked.connect(self.stop)
        close = QPushButton(self.tr("Close"), self)
        close.setToolTip(self.tr("Closing this window leaves the server running."))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.start_button, self.stop_button, close):
            buttons.addWidget(button)

        # The settings and the log scroll; the buttons stay in view on a small screen.
        content = QWidget(self)
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(settings)
        column.addWidget(QLabel(self.tr("Command line:"), content))
        column.addWidget(self.command)
        column.addWidget(self.status)
        column.addWidget(self.error_box)
        self.log.setMinimumHeight(120)
        column.addWidget(self.log, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll_area(content, self), 1)
        layout.addLayout(buttons)
        resize_within_screen(self, 760, 820)

        self._clock = QTimer(self, interval=1000)
        self._clock.timeout.connect(self._tick)
        self._flush_timer = QTimer(self, interval=100, singleShot=True)
        self._flush_timer.timeout.connect(self._flush_log)

    # -- state ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Starting or serving (a stop in progress counts until it is done)."""
        return self.server is not None and (
            self._launching or self.server.state in ("starting", "ready")
        )

    def _update(self) -> None:
        running = self.running
        cfg = None if running else self.form.validated(self.env)
        if not running:
            self.command.setText(self._command_preview(cfg))
        self.form.set_editable(not running)
        self.start_button.setEnabled(not running and cfg is not None)
        self.stop_button.setEnabled(running and not self._stopping)

    def _command_preview(self, cfg: LocalServerConfig | None) -> str:
        if cfg is None:
            return ""
        cmd = build_command(cfg, 0)
        cmd[cmd.index("--port") + 1] = "PORT"  # a free one is chosen at start
        return shlex.join(cmd)

    # -- starting -------------------------------------------------------------------------

    def start(self) -> None:
        if self.running:
            return
        cfg = self.form.validated(self.env)
        if cfg is None:
            return
        self.form.save(self.hub.settings._qs)
        self.error_box.hide()
        self.log.clear()
        self._pending.clear()
        server = LocalServer(cfg, on_log=self._on_log)
        self.server = server
        self.hub.local_servers.append(server)
        self.command.setText(shlex.join(build_command(cfg, server.port)))
        self._launching = True
        self._started_at = time.monotonic()
        self._tick()
        self._clock.start()
        self._start_task = self.runner.run(
            self._start(server, float(self.form.timeout.value())), name="local-server-start"
        )
        self._update()

    async def _start(self, server: LocalServer, timeout_s: float) -> None:
        try:
            try:
                await server.start(timeout_s=timeout_s)
            finally:
                self._launching = False
                self._clock.stop()
        except LocalServerError as exc:
            # At the deadline it was still running and ProofDesk stopped it: its exit
            # code (maybe SIGKILL) says nothing about why it was slow.
            timed_out = time.monotonic() - self._started_at >= timeout_s
            self._ended(server, str(exc), stopped_by_us=timed_out)
            return
        except Exception as exc:  # never a traceback: say what happened, keep the log
            self._ended(server, self.tr("The server could not be started: {0}").format(exc))
            return
        if server is not self.server:
            return
        profile = server.profile()
        self.hub.add_session_profile(profile, server.api_key)
        self.hub.set_active(profile.id)
        self._profile_id = profile.id
        self.status.setText(self.tr("Ready at {0}").format(server.base_url))
        self.status.setStyleSheet(color_css(READY) + " font-weight:bold;")
        self._watch_task = self.runner.run(self._watch(server))
        self._update()
        self.ready.emit(profile.id)

    def _tick(self) -> None:
        seconds = int(time.monotonic() - self._started_at)
        self.status.setText(self.tr("Starting… {0} s").format(seconds))
        self.status.setStyleSheet("")

    async def _watch(self, server: LocalServer) -> None:
        code = await server.wait_exit()
        if self._stopping or server is not self.server:
            return
        self._ended(
            server,
            self.tr("The local server stopped unexpectedly (exit code {0}).").format(code),
        )

    def _ended(self, server: LocalServer, message: str, *, stopped_by_us: bool = False) -> None:
        """A start that failed or a server that died: say why, forget it, keep the log."""
        if server is not self.server:
            return
        self._flush_log()
        self._forget(server)
        diagnoses = diagnose_log(list(server.lines), None) if stopped_by_us else server.diagnoses()
        headline = message
        for d in diagnoses:  # the message repeats them; they are listed below instead
            headline = headline.replace(f"{d.title} {d.remedy}", "")
        parts = [f"<b>{html.escape(headline.strip())}</b>"]
        if not stopped_by_us and server.exit_code is not None and server.exit_code < 0:
            with contextlib.suppress(ValueError):
                name = signal.Signals(-server.exit_code).name
                parts.append(html.escape(self.tr("It was ended by {0}.").format(name)))
        if diagnoses:
            items = "".join(
                f"<li><b>{html.escape(d.title)}</b><br>{html.escape(d.remedy)}</li>"
                for d in diagnoses
            )
            causes = self.tr("Likely causes:")  # not inside the f-string: lupdate skips those
            parts.append(f"{html.escape(causes)}<ul>{items}</ul>")
        else:
            parts.append(html.escape(self.tr("See the log below for details.")))
        self.error_box.setText("<br>".join(parts))
        self.error_box.show()
        self.status.setText(self.tr("Not running."))
        self.status.setStyleSheet("")
        self._update()
        self.stopped.emit()

    # -- stopping -------------------------------------------------------------------------

    def stop(self) -> None:
        if self.server is not None and not self._stopping:
            self.runner.run(self._stop(self.server), name="local-server-stop")

    async def _stop(self, server: LocalServer) -> None:
        self._stopping = True
        self.status.setText(self.tr("Stopping…"))
        self.status.setStyleSheet("")
        self._update()
        try:
            for task in (self._start_task, self._watch_task):
                if task is not None and not task.done():
                    task.cancel()
            await server.stop()
        finally:
            self._stopping = False
            self._launching = False  # also when the start task was cancelled before it ran
            self._clock.stop()
            self._flush_log()
            self._forget(server)
            self.status.setText(self.tr("Stopped (exit code {0}).").format(server.exit_code))
            self._update()
            self.stopped.emit()

    def _forget(self, server: LocalServer) -> None:
        """The server is gone: its profile (and key) go too; the app need not stop it."""
        if self._profile_id:
            self.hub.remove_profile(self._profile_id)
            self._profile_id = ""
        with contextlib.suppress(ValueError):
            self.hub.local_servers.remove(server)

    # -- the log --------------------------------------------------------------------------

    def _on_log(self, line: str) -> None:
        server = self.server
        if (
            server is not None and server.api_key in line
        ):  # never show the key, wherever it came from
            line = line.replace(server.api_key, "••••••")
        self._pending.append(line)
        if not self._flush_timer.isActive():
            self._flush_timer.start()  # batch the lines: a chatty start costs few repaints

    def _flush_log(self) -> None:
        if self._pending:
            lines, self._pending = self._pending, []
            self.log.appendPlainText("\n".join(lines))

    # -- is vLLM installed? ---------------------------------------------------------------

    async def _check_vllm(self) -> None:
        python = self.form.python.text().strip() or default_python()
        label = self.form.check_label
        label.setStyleSheet("")
        label.setText(self.tr("Checking {0}…").format(python))
        ok, text = await check_vllm(python, self.env)
        if ok:
            label.setText(self.tr("vLLM {0} is installed in this Python.").format(text))
            label.setStyleSheet(color_css(READY))
        else:
            label.setText(text)
            label.setStyleSheet(color_css(ALERT))


async def check_vllm(python: str, env: dict[str, str]) -> tuple[bool, str]:
    """(True, version) when ``python`` can import vllm, else (False, what to do)."""

    def tr(text: str) -> str:
        return QCoreApplication.translate("LocalServerDialog", text)

    try:
        proc = await asyncio.create_subprocess_exec(
            python,
            "-c",
            "import vllm; print(vllm.__version__)",
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, **env},
        )
    except OSError as exc:
        return False, tr("Cannot run {0}: {1}").format(python, exc.strerror or exc)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), CHECK_TIMEOUT_S)
    except TimeoutError:
        return False, tr("Importing vllm in {0} took too long.").format(python)
    finally:
        if proc.returncode is None:  # cancelled or timed out: leave no process behind
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
    if proc.returncode == 0:
        return True, out.decode("utf-8", "replace").strip()
    error = err.decode("utf-8", "replace").strip().splitlines()
    if any("No module named" in line and "vllm" in line for line in error):
        return False, tr(
            "vLLM is not installed in this Python. Install it there with: "
            "pip install 'proofdesk[server]'"
        )
    last = error[-1] if error else ""
    return False, tr("vLLM is installed but cannot be loaded: {0}").format(last)
