"""A callback Qt runs while the loop is not running still sees its loop running.

In the app the loop runs for as long as Qt's event loop does. In tests, Qt's events
are also processed between two ``run_until_complete`` calls (pytest-qt processes them
after every test call, ``qtbot.wait``, ``processEvents``): a task's step run there
found no running loop. Seen in CI (test_reading_arrives): a cancelled page request
stepped in pytest-qt's hook failed in anyio's cancel scope ("no running event loop"),
was logged as "page 2 failed unexpectedly", and left a coroutine never awaited.
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QApplication

from gui.services.qloop import QEventLoop

ROUNDS = 200  # Qt runs a due zero-delay timer within a few rounds; a bound, not a clock


def test_a_step_run_by_qt_outside_run_until_complete_finds_its_loop_running(
    loop: QEventLoop,
) -> None:
    seen: list[object] = []

    async def step() -> None:
        await asyncio.sleep(0)  # its next step is a callback on Qt's timer
        seen.append(asyncio.get_running_loop())  # raises with no running loop

    task = loop.create_task(step())
    for _ in range(ROUNDS):  # Qt's events, with no run_until_complete going on
        if task.done():
            break
        QApplication.processEvents()
    assert task.done() and task.exception() is None
    assert seen == [loop]
    assert asyncio.events._get_running_loop() is None  # not left set afterwards
