"""GUI fixtures: real Qt widgets (offscreen) driven by one qasync loop, as in the app."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # A desktop-sized screen (the plugin's default is 800×800): the main window keeps
    # to its screen (gui/shell/screen_fit.py), and the tests' 1200×800 window must fit.
    # tests/gui/shell/test_layout_fit.py runs the window on laptop-sized screens of its own.
    screen = Path(__file__).with_name("offscreen-screen.json")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
os.environ.setdefault("QT_API", "pyside6")

import pytest
from PySide6.QtWidgets import QApplication

from gui.app import build_window, parse_args
from gui.services.asyncgens import AsyncGenCloser
from gui.services.qloop import QEventLoop
from gui.shell.main_window import MainWindow
from tests.gui.loop_end import end_loop

T = TypeVar("T")
Run = Callable[[Coroutine[Any, Any, T]], T]


@pytest.fixture
def loop(qapp: QApplication, request: pytest.FixtureRequest) -> Iterator[asyncio.AbstractEventLoop]:
    event_loop = QEventLoop(qapp, already_running=False)  # the app's loop (gui.services.qloop)
    asyncio.set_event_loop(event_loop)
    generators = AsyncGenCloser()  # as the app does
    generators.install()
    yield event_loop
    end_loop(event_loop, generators, request.node.nodeid)


RUN_GUARD_S = 270


@pytest.fixture
def arun(loop: asyncio.AbstractEventLoop) -> Run[Any]:
    """Run a coroutine on the Qt-integrated loop (Qt events are processed meanwhile)."""

    # The guard of a run: it must outlast any wait inside it (``wait_for``'s own timeout,
    # up to 240 s for RapidOCR on a busy machine; a 60 s guard once cut those at 60 s),
    # and end before pytest-timeout's 300 s, so a hang still fails with its own message.
    def run(coro: Coroutine[Any, Any, T], timeout: float = RUN_GUARD_S) -> T:
        return loop.run_until_complete(asyncio.wait_for(coro, timeout))

    return run  # type: ignore[return-value]


async def wait_for(condition: Callable[[], bool], timeout: float = 20, what: str = "") -> None:
    """Let the loop run until ``condition`` holds; fail with ``what`` otherwise."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.02)


@pytest.fixture
def make_window(
    qapp: QApplication, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> Iterator[Callable[..., MainWindow]]:
    """Build real main windows; every one is closed (and its document saved) at the end."""
    windows: list[MainWindow] = []

    def make(*argv: str) -> MainWindow:
        window = build_window(parse_args(list(argv)))
        window.keep_messages = True  # read after awaited work: no 5 s race (main_window)
        window.resize(1200, 800)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        if window.controller.workspace is not None:
            loop.run_until_complete(window.controller.detach(force=True))
        loop.run_until_complete(window.ocr.aclose())  # clients, batches, local servers
        window.runner.cancel_all()
        window._close_confirmed = True
        window.close()
        window.deleteLater()


def type_text(widget: Any, text: str) -> None:
    """Type like a person: keystrokes for ASCII, an input-method commit for CJK
    (QTest.keyClicks cannot synthesise keys for CJK characters)."""
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtTest import QTest

    for ch in text:
        if ch.isascii():
            QTest.keyClicks(widget, ch)
        else:
            event = QInputMethodEvent()
            event.setCommitString(ch)
            QApplication.sendEvent(widget, event)


class DialogResponder:
    """Answers the real dialogs the window opens, as a reviewer would, and records them.

    ``answers`` is consumed in order: for an input dialog a string is typed and
    accepted (None cancels); for a question "Yes" or "No" is clicked. Other
    message boxes are read and dismissed. ``seen[kind]`` keeps every text shown,
    kind being "input", "question", "warning" or "information".
    """

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.answers: list[str | None] = []
        self.paused = False  # leave dialogs open (to test what happens meanwhile)
        self.seen: dict[str, list[str]] = {
            k: [] for k in ("input", "question", "warning", "information")
        }
        self._timer = QTimer(interval=20)
        self._timer.timeout.connect(self._poll)
        self._timer.start()

    def __getitem__(self, kind: str) -> list[str]:
        return self.seen[kind]

    def _poll(self) -> None:
        from PySide6.QtWidgets import QInputDialog, QMessageBox

        if self.paused:
            return
        for widget in QApplication.topLevelWidgets():
            # A property on the dialog itself: id() values are reused once a box is freed.
            if not widget.isVisible() or widget.property("proofdesk-answered"):
                continue
            if isinstance(widget, QInputDialog):
                widget.setProperty("proofdesk-answered", True)
                self.seen["input"].append(widget.labelText())
                answer = self.answers.pop(0) if self.answers else None
                if answer is None:
                    widget.reject()
                else:
                    widget.setTextValue(answer)
                    widget.accept()
            elif isinstance(widget, QMessageBox):
                widget.setProperty("proofdesk-answered", True)
                self._answer_box(widget)

    def _answer_box(self, box: Any) -> None:
        from PySide6.QtWidgets import QMessageBox

        icon = box.icon()
        if icon == QMessageBox.Icon.Question:
            self.seen["question"].append(box.text())
            answer = self.answers.pop(0) if self.answers else "No"
            box.button(getattr(QMessageBox.StandardButton, str(answer))).click()
            return
        kind = "warning" if icon == QMessageBox.Icon.Warning else "information"
        self.seen[kind].append(box.text())
        box.accept()

    def stop(self) -> None:
        self._timer.stop()


@pytest.fixture
def dialogs(qapp: QApplication) -> Iterator[DialogResponder]:
    responder = DialogResponder()
    yield responder
    responder.stop()


def open_dialogs() -> list[Any]:
    from PySide6.QtWidgets import QDialog

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]
