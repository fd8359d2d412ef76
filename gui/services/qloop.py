"""The app's asyncio loop in Qt: qasync's, made safe against a nested Qt event loop.

qasync runs asyncio callbacks from Qt timers. When Qt's event loop is re-entered
while a task's step is still running (``QDialog.exec()``, ``processEvents()`` or a
modal started by an action the task triggered), those timers fire *inside* that
step. A callback that steps another task then fails ("Cannot enter into task ...
while another task is being executed") and is dropped: that task never runs again.
A thumbnail request cancelled by ``detach`` then stays "cancelling" for ever, and
the asyncio shutdown that waits for it hangs.

Here a callback that comes due inside a task's step is put back on the timer and
runs once the step is over, as it would on a plain asyncio loop, where callbacks
never run in the middle of a step.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from typing import Any, TypeVar

# qasync tries PyQt5 first; import PySide6 before it.
from PySide6.QtWidgets import QApplication

import qasync  # isort: skip

T = TypeVar("T")

# How soon a callback put back during a nested loop is tried again: soon enough not to
# be noticed, slow enough that an open modal dialog does not spin a core.
NESTED_RETRY_S = 0.01


class _AfterTheStep:
    """A timer entry that runs its handle only outside any task's step."""

    def __init__(self, handle: asyncio.Handle, loop: QEventLoop) -> None:
        self._handle = handle
        self._loop = loop

    @property
    def _cancelled(self) -> bool:  # read by qasync's timer
        return self._handle.cancelled()

    def _run(self) -> None:
        if asyncio.current_task(self._loop) is not None:  # a nested Qt loop inside a step
            self._loop.put_back(self)
        else:
            self._handle._run()


class QEventLoop(qasync.QEventLoop):  # type: ignore[misc]
    """qasync's loop; a callback never runs inside another task's step."""

    def _add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        self._timer.add_callback(_AfterTheStep(handle, self), delay)
        return handle  # the caller's handle: cancelling it cancels the entry too

    def put_back(self, entry: _AfterTheStep) -> None:
        self._timer.add_callback(entry, NESTED_RETRY_S)


def run(main: Coroutine[Any, Any, T]) -> T:
    """``qasync.run`` with this loop: run ``main``, then cancel and finish what is left."""

    def make_loop() -> QEventLoop:
        app = QApplication.instance() or QApplication(sys.argv)
        loop = QEventLoop(app)
        asyncio.set_event_loop(loop)  # as qasync.run: Qt slots outside a step find it
        return loop

    with asyncio.Runner(loop_factory=make_loop) as runner:
        return runner.run(main)
