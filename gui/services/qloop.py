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

A callback that Qt's events run while the loop is not running (a test between two
``run_until_complete`` calls) runs with the loop set as running, as it always is in
the app.

``settle`` runs the callbacks already due before the loop is closed. A closed
qasync loop drops its pending timer entries only when their Qt timers next fire,
inside whatever loop runs next, and drops what they hold with them: a socket
transport's last close step, so the socket is collected later, elsewhere, and
reported there as never closed.
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

# ``settle`` waits for callbacks due within this (call_soon, a put-back entry);
# timers set for later (a request's timeout) are not waited for.
SOON_S = 0.05
# A bound on ``settle``'s rounds: callbacks that keep scheduling callbacks (a poll
# loop) must not hold a shutdown for ever.
SETTLE_ROUNDS = 200
PRUNE_AT = 1000


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
            return
        self._loop.ran(self)
        if asyncio.events._get_running_loop() is not None:
            self._handle._run()
            return
        # Qt's events processed while the loop is not running (between two
        # ``run_until_complete`` calls: a test's ``processEvents``, pytest-qt's hooks).
        # The step runs with its loop set as running, as in the app, whose loop runs
        # for as long as Qt's does; without it, code that asks for the running loop
        # (anyio's cancel scopes, ``asyncio.sleep``) fails in the middle of clean-up.
        asyncio.events._set_running_loop(self._loop)
        try:
            self._handle._run()
        finally:
            asyncio.events._set_running_loop(None)


class QEventLoop(qasync.QEventLoop):  # type: ignore[misc]
    """qasync's loop; a callback never runs inside another task's step."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._soon: set[_AfterTheStep] = set()

    def _add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        entry = _AfterTheStep(handle, self)
        if delay <= SOON_S:
            if len(self._soon) > PRUNE_AT:  # cancelled entries never run: drop them
                self.due_callbacks()
            self._soon.add(entry)
        self._timer.add_callback(entry, delay)
        return handle  # the caller's handle: cancelling it cancels the entry too

    def put_back(self, entry: _AfterTheStep) -> None:
        self._soon.add(entry)
        self._timer.add_callback(entry, NESTED_RETRY_S)

    def ran(self, entry: _AfterTheStep) -> None:
        self._soon.discard(entry)

    def due_callbacks(self) -> int:
        """How many callbacks due now or very soon have not run yet."""
        self._soon = {entry for entry in self._soon if not entry._cancelled}
        return len(self._soon)

    async def settle(self) -> None:
        """Let the callbacks already due run (see the module's docstring)."""
        for _ in range(SETTLE_ROUNDS):
            if self.due_callbacks() == 0:
                return
            await asyncio.sleep(NESTED_RETRY_S)


def run(main: Coroutine[Any, Any, T]) -> T:
    """``qasync.run`` with this loop: run ``main``, then cancel and finish what is left."""

    def make_loop() -> QEventLoop:
        app = QApplication.instance() or QApplication(sys.argv)
        loop = QEventLoop(app)
        asyncio.set_event_loop(loop)  # as qasync.run: Qt slots outside a step find it
        return loop

    with asyncio.Runner(loop_factory=make_loop) as runner:
        return runner.run(main)
