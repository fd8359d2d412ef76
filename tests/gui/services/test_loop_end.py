"""A test's loop ends as the app's does: tasks left pending finish while it still runs.

Seen in CI (test_reading_arrives): a page request left pending by an earlier test was
collected during a later one; its clean-up ran with no loop ("no running event loop"
in anyio's cancel scope), was logged as "page 2 failed unexpectedly", and a coroutine
it held was reported never awaited, failing a test that had done nothing wrong.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from PySide6.QtWidgets import QApplication

from gui.services.asyncgens import AsyncGenCloser
from gui.services.qloop import QEventLoop
from tests.gui.loop_end import end_loop


def test_a_task_left_pending_is_finished_on_its_own_running_loop(qapp: QApplication) -> None:
    loop = QEventLoop(qapp, already_running=False)
    asyncio.set_event_loop(loop)
    generators = AsyncGenCloser()
    generators.install()
    ended_on: list[object] = []

    async def waits_for_ever() -> None:  # a request to a server that never answers
        try:
            await asyncio.Event().wait()
        finally:
            ended_on.append(asyncio.get_running_loop())  # raises with no running loop

    task = loop.create_task(waits_for_ever())
    loop.run_until_complete(asyncio.sleep(0))  # the test's last await: the task is pending
    end_loop(loop, generators)
    assert ended_on == [loop]
    assert task.cancelled()
    assert loop.is_closed()


def test_a_left_over_task_whose_clean_up_fails_is_reported(
    qapp: QApplication, caplog: pytest.LogCaptureFixture
) -> None:
    loop = QEventLoop(qapp, already_running=False)
    asyncio.set_event_loop(loop)
    generators = AsyncGenCloser()
    generators.install()

    async def fails_on_the_way_out() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            raise OSError("the socket was already gone")

    loop.create_task(fails_on_the_way_out())
    loop.run_until_complete(asyncio.sleep(0))
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        end_loop(loop, generators)
    assert "the socket was already gone" in caplog.text
