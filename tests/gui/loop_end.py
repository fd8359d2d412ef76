"""How a test's loop ends: as ``asyncio.Runner`` ends the app's (gui.services.qloop.run).

A task still pending when its loop is closed is not finished; the garbage collector
closes its coroutine later, during some other test and with no loop running, so the
clean-up code in it fails there (anyio's cancel scopes ask for the running loop) and
that test is reported ("page 2 failed unexpectedly", "coroutine ... was never
awaited"). The app's ``asyncio.Runner`` cancels and finishes such tasks before it
closes the loop; the tests' loop does the same, in the same order.
"""

from __future__ import annotations

import asyncio
import os

from gui.services.asyncgens import AsyncGenCloser
from gui.services.qloop import QEventLoop

# Where to list the tasks each test left behind (a diagnosis aid; unset: not listed).
LEFT_OVER_LOG = "PROOFDESK_LEFT_OVER_TASKS"


def left_over_tasks(loop: asyncio.AbstractEventLoop) -> list[asyncio.Task[object]]:
    return [task for task in asyncio.all_tasks(loop) if not task.done()]


def cancel_left_over(loop: asyncio.AbstractEventLoop, test: str = "") -> int:
    """Cancel the tasks still pending and run them to their end; how many there were."""
    tasks = left_over_tasks(loop)
    if not tasks:
        return 0
    log = os.environ.get(LEFT_OVER_LOG)
    if log:
        with open(log, "a", encoding="utf-8") as out:
            for task in tasks:
                out.write(f"{test}\t{task.get_coro()!r}\n")
    for task in tasks:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
    # As asyncio.Runner reports them: a task whose clean-up failed is not silent.
    for task in tasks:
        if not task.cancelled() and task.exception() is not None:
            loop.call_exception_handler(
                {
                    "message": "unhandled exception while a test's loop ended",
                    "exception": task.exception(),
                    "task": task,
                }
            )
    return len(tasks)


def end_loop(loop: QEventLoop, generators: AsyncGenCloser, test: str = "") -> None:
    # Callbacks already due run on this loop, not dropped with it (a transport's last
    # close step, found unclosed in a later test's collection otherwise; qloop.settle).
    loop.run_until_complete(loop.settle())
    cancel_left_over(loop, test)
    loop.run_until_complete(loop.settle())  # what the cancelled tasks scheduled on the way out
    loop.run_until_complete(generators.close_all(collect=True))
    generators.uninstall()
    kill_timers(loop)


def kill_timers(loop: QEventLoop) -> None:
    """Unregister the Qt timers of the loop's pending ``call_later``s, here, on the GUI
    thread. Left registered, they outlive the test with the loop: the garbage collector
    may destroy the loop's timer object on a worker thread, where Qt cannot unregister
    them, and a later test's event processing fired one at the freed object (a
    segmentation fault in ``QTimerInfoList::activateTimers``, seen in the GUI tests
    after a batch test on a busy machine)."""
    timer = loop._timer  # qasync's _SimpleTimer: a QObject with a timer per callback
    callbacks: dict[int, object] = getattr(timer, "_SimpleTimer__callbacks", {})
    for timer_id in list(callbacks):
        timer.killTimer(timer_id)
    callbacks.clear()
    loop.close()
    asyncio.set_event_loop(None)
