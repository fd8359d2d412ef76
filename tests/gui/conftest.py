"""GUI fixtures: real Qt widgets (offscreen) driven by one qasync loop, as in the app."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from gui.app import build_window, parse_args
from gui.main_window import MainWindow

T = TypeVar("T")
Run = Callable[[Coroutine[Any, Any, T]], T]


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    event_loop = qasync.QEventLoop(qapp, already_running=False)
    asyncio.set_event_loop(event_loop)
    yield event_loop
    event_loop.close()
    asyncio.set_event_loop(None)


@pytest.fixture
def arun(loop: asyncio.AbstractEventLoop) -> Run[Any]:
    """Run a coroutine on the Qt-integrated loop (Qt events are processed meanwhile)."""

    def run(coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
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
        window.resize(1200, 800)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        if window.controller.workspace is not None:
            loop.run_until_complete(window.controller.detach(force=True))
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
