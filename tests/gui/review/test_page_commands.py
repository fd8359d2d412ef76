"""Page moves and status changes are the controller's commands (issue 27 point 6), run
one after another in the order given (``gui/review/commands``): a newer move supersedes
the moves right before it, a status change is never dropped, and no caller keeps a rule
by naming its task."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from backend.models import ReviewStatus
from tests import pdf_factory
from tests.conftest import ROOT
from tests.gui.conftest import wait_for

TASK_NAMES = re.compile(r"""name=["'](navigate|status)["']""")


def test_no_caller_outside_the_controller_names_a_page_move_or_status_task() -> None:
    namers = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "gui").rglob("*.py"))
        if path.name != "controller.py" and TASK_NAMES.search(path.read_text(encoding="utf-8"))
    ]
    assert namers == []


async def _steps(n: int = 5) -> None:
    """Let the loop take ``n`` turns (no clock: a task's first step runs in one)."""
    for _ in range(n):
        await asyncio.sleep(0)


def test_a_newer_move_supersedes_moves_but_never_a_status_change(make_window, arun) -> None:
    c = make_window().controller
    held = asyncio.Event()
    ran: list[str] = []

    async def heading(name: str, *, hold: bool = False) -> None:
        ran.append(name)
        if hold:
            await held.wait()  # a page move still on its way (the test holds it)

    async def run() -> None:
        first = c.move(heading("first", hold=True))
        await _steps()
        second = c.move(heading("second"))  # supersedes the running first
        third = c.move(heading("third"))  # supersedes the waiting second: dropped unstarted
        await asyncio.wait({third}, timeout=60)  # ~1 ms expected; 60 s only if lost
        assert first.cancelled() and second.cancelled() and not third.cancelled()
        assert ran == ["first", "third"]

        ran.clear()
        held.clear()
        moving = c.move(heading("moving", hold=True))
        await _steps()
        flagged = c.change_status(ReviewStatus.FLAGGED)  # no document: nothing to flag
        later = c.move(heading("later"))  # a status change between: supersedes nothing
        await _steps()
        assert ran == ["moving"] and not moving.done() and not flagged.done()
        held.set()
        await asyncio.wait({later}, timeout=60)
        assert not (moving.cancelled() or flagged.cancelled() or later.cancelled())
        assert ran == ["moving", "later"]

    arun(run())


def test_commands_run_one_after_another_in_the_order_given(
    make_window, arun, tmp_path: Path
) -> None:
    """A real document, driven step by step: a status change waits for the command
    before it (it applies to the page that command reached), a second status change
    never cancels the first, and of two moves given in a row only the newer runs."""
    w = make_window()
    c = w.controller
    assert arun(w.opener.open(pdf_factory.text_pdf(tmp_path / "three.pdf", ["a", "b", "c"])))
    arun(wait_for(lambda: c.current == 0, what="the first page"))
    reached, release = asyncio.Event(), asyncio.Event()
    stopped_on: list[int] = []  # the page shown each time a status change began

    async def writers_stop() -> None:  # every status change stops the writers first
        stopped_on.append(c.current)
        if len(stopped_on) == 1:
            reached.set()
            await release.wait()

    c.hooks.stop_writers.insert(0, writers_stop)
    loaded: list[int] = []
    c.page_loaded.connect(loaded.append)

    async def run() -> None:
        reviewed = c.change_status(ReviewStatus.REVIEWED, advance=True)  # page 0, then 1
        await reached.wait()
        flagged = c.change_status(ReviewStatus.FLAGGED)  # meant for the page reached: 1
        c.go_to(0)
        c.go_to(2)  # supersedes the move to 0, which never starts
        await _steps()
        assert stopped_on == [0]  # nothing else began while the first command ran
        release.set()
        await asyncio.wait({reviewed, flagged}, timeout=60)
        await wait_for(lambda: 2 in loaded, what="the last move", timeout=60)
        assert not (reviewed.cancelled() or flagged.cancelled())
        assert c.workspace is not None
        statuses = await c.workspace.statuses()
        assert statuses == [ReviewStatus.REVIEWED, ReviewStatus.FLAGGED, ReviewStatus.UNREVIEWED]
        assert stopped_on == [0, 1] and loaded == [1, 2]

    arun(run())
