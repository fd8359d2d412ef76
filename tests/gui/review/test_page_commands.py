"""Page moves and status changes are the controller's commands: the newest move wins
and no caller keeps that rule by naming its task (issue 27 point 6)."""

from __future__ import annotations

import asyncio
import re

from backend.models import ReviewStatus
from tests.conftest import ROOT

TASK_NAMES = re.compile(r"""name=["'](navigate|status)["']""")


def test_no_caller_outside_the_controller_names_a_page_move_or_status_task() -> None:
    namers = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "gui").rglob("*.py"))
        if path.name != "controller.py" and TASK_NAMES.search(path.read_text(encoding="utf-8"))
    ]
    assert namers == []


def test_the_newest_move_wins_and_a_status_change_is_no_move(make_window, arun) -> None:
    c = make_window().controller
    held = asyncio.Event()

    async def heading_somewhere() -> None:
        await held.wait()  # a page move still on its way (the test holds it)

    async def run() -> None:
        first = c.move(heading_somewhere())
        flagged = c.change_status(ReviewStatus.FLAGGED)  # no document: nothing to flag
        await flagged
        assert not first.done()  # a status change does not cancel a move
        approved = c.change_status(ReviewStatus.APPROVED, advance=True)  # a move
        await approved
        await asyncio.wait({first}, timeout=10)  # ~1 ms expected; 10 s only if lost
        assert first.cancelled()
        latest = c.move(heading_somewhere())
        held.set()
        await latest
        assert not latest.cancelled()

    arun(run())
