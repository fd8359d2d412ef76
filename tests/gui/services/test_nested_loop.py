"""A nested Qt event loop inside a task's step must not lose another task's step.

Seen: after ``detach(force=True)`` a thumbnail task stayed "cancelling" for ever and the
asyncio shutdown waiting for it hung (about 1 run in 8 under load, in the dialog probe,
which let Qt process events inside its main task). The cancel itself was fine: its
wakeup came due while Qt was re-entered inside a step, qasync ran it there, asyncio
refused ("Cannot enter into task ... while another task is being executed") and the
wakeup was dropped. These tests put the nested loop at that very point, with the
thumbnail's render held by an executor the test controls: no timing involved.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from backend.documents.render_service import PageCache
from gui.services.qloop import NESTED_RETRY_S
from tests.gui.conftest import wait_for


class HeldExecutor(Executor):
    """Takes work and never runs it: each future stays pending until cancelled."""

    def __init__(self) -> None:
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.futures.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for future in self.futures:
            future.cancel()


def nested_qt_loop() -> None:
    """What ``QDialog.exec()`` or ``processEvents()`` does: Qt runs its timers here."""
    for _ in range(20):
        QApplication.processEvents()


def test_a_thumbnail_cancelled_by_detach_during_a_nested_loop_still_ends(
    make_window, arun, sample_pdf: Path
) -> None:
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    c = w.controller
    arun(wait_for(lambda: c.pictures._page_shown, what="the first page on screen"))
    renderer = c.workspace.renderer
    held = HeldExecutor()
    renderer._pools["thumbs"].shutdown(wait=False, cancel_futures=True)
    renderer._pools["thumbs"] = held
    renderer._thumb_cache = PageCache(1 << 20)  # nothing drawn yet: the request goes out

    async def scenario() -> asyncio.Task[None]:
        c.pictures._want_thumbnail(2)
        _page, thumb = c.pictures._thumb_tasks[-1]
        await wait_for(lambda: len(held.futures) == 1, what="the thumbnail's render")
        # Right after detach cancels the thumbnail, in the same step, Qt is re-entered.
        c.hooks.closed.insert(0, nested_qt_loop)
        assert await c.detach(force=True)
        await asyncio.wait({thumb}, timeout=10)  # ~1 ms expected; 10 s only if lost
        return thumb

    thumb = arun(scenario())
    assert thumb.cancelled()  # it ended, by its cancel, not stuck "cancelling"
    assert held.futures[0].cancelled()  # and said so to the executor on its way out


def test_a_callback_due_inside_a_step_runs_after_the_step(loop: asyncio.AbstractEventLoop) -> None:
    order: list[str] = []

    async def other() -> None:
        order.append("other")

    async def main() -> None:
        task = asyncio.ensure_future(other())  # its first step is due now
        nested_qt_loop()
        order.append("end of main's step")
        await asyncio.wait({task}, timeout=10)  # ~1 ms expected; 10 s only if its step was lost

    loop.run_until_complete(main())
    assert order == ["end of main's step", "other"]


def test_a_callback_put_back_and_then_cancelled_does_not_run(
    loop: asyncio.AbstractEventLoop,
) -> None:
    ran: list[int] = []

    async def main() -> None:
        loop.call_soon(ran.append, 1).cancel()
        put_back = loop.call_soon(ran.append, 2)
        nested_qt_loop()  # due here: put back until the step is over ...
        put_back.cancel()  # ... and cancelled before that
        await asyncio.sleep(NESTED_RETRY_S * 10)  # it would have been tried again by now

    loop.run_until_complete(main())
    assert ran == []
