"""Callbacks already due run before the loop is closed (``QEventLoop.settle``).

Seen in CI: a socket the batch had closed was reported "unclosed" in the teardown of
the *next* test. A closed qasync loop keeps its pending timer entries until their Qt
timers fire in whatever loop runs next, and then drops them with what they hold: here,
a transport's last close step, put back by a nested Qt loop. The test puts a callback
in that state with a real nested loop: no timing involved.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gui.services.qloop import QEventLoop


def _put_back_by_a_nested_loop(loop: QEventLoop, ran: list[str]) -> None:
    async def step() -> None:
        loop.call_soon(ran.append, "closed")
        for _ in range(20):  # what QDialog.exec() does inside a task's step
            QApplication.processEvents()

    loop.run_until_complete(step())


def test_a_callback_put_back_by_a_nested_loop_is_still_due_after_the_step(
    loop: QEventLoop,
) -> None:
    ran: list[str] = []
    _put_back_by_a_nested_loop(loop, ran)
    assert ran == [] and loop.due_callbacks() == 1  # closing the loop now would drop it


def test_settle_runs_it_before_the_loop_closes(loop: QEventLoop) -> None:
    ran: list[str] = []
    _put_back_by_a_nested_loop(loop, ran)
    loop.run_until_complete(loop.settle())
    assert ran == ["closed"] and loop.due_callbacks() == 0


def test_settle_does_not_wait_for_timers_set_for_later(loop: QEventLoop) -> None:
    later = loop.call_later(3600, lambda: None)  # a request's timeout, say
    loop.run_until_complete(loop.settle())
    assert loop.due_callbacks() == 0 and not later.cancelled()
    later.cancel()


def test_cancelled_callbacks_are_not_waited_for(loop: QEventLoop) -> None:
    ran: list[str] = []
    _put_back_by_a_nested_loop(loop, ran)
    assert loop.due_callbacks() == 1
    for handle in list(loop._soon):
        handle._handle.cancel()  # as cancelling the caller's handle does
    assert loop.due_callbacks() == 0
    loop.run_until_complete(loop.settle())
    assert ran == []
