"""The controller's commands when the document closes (``CommandQueue.closing``): a status
change given before the close is made, whether the document closes for another or the
window closes (quitting); a page move on its way is let go quietly; and a move to a page
whose load was cancelled midway loads it again.

Real parts: the main window, a real PDF and store; a command is held where a slow
store or page load would hold it, by an event the test sets (no clock)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.gui.conftest import wait_for

PAGES = ["a", "b", "c"]


def _open(make_window: Any, arun: Any, pdf: Path) -> Any:
    w = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    return w


def _statuses(pdf: Path) -> list[ReviewStatus]:
    session = DocumentSession.open(pdf)
    try:
        return session.store.statuses(len(PAGES))
    finally:
        session.close()


async def _steps(n: int = 5) -> None:
    """Let the loop take ``n`` turns (no clock: a task's first step runs in one)."""
    for _ in range(n):
        await asyncio.sleep(0)


def test_a_status_change_waiting_behind_a_move_is_made_before_the_document_closes(
    make_window, arun, tmp_path: Path
) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "three.pdf", PAGES)
    c = _open(make_window, arun, pdf).controller
    held = asyncio.Event()

    async def page_on_its_way() -> None:
        await held.wait()  # a page load the close comes in the middle of

    async def run() -> None:
        moving = c.move(page_on_its_way())
        await _steps()
        flagged = c.change_status(ReviewStatus.FLAGGED)  # for the page shown: the first
        assert await c.detach()  # the reviewer opens another document
        held.set()
        assert moving.cancelled()  # the page of a closed document need not load
        assert flagged.done() and not flagged.cancelled()

    arun(run())
    assert _statuses(pdf) == [ReviewStatus.FLAGGED, *[ReviewStatus.UNREVIEWED] * 2]


def test_quitting_makes_the_status_change_waiting_too(
    make_window, arun, qapp, tmp_path: Path
) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "three.pdf", PAGES)
    w = _open(make_window, arun, pdf)
    c = w.controller
    held = asyncio.Event()

    async def page_on_its_way() -> None:
        await held.wait()

    async def run() -> None:
        c.move(page_on_its_way())
        await _steps()
        reviewed = c.change_status(ReviewStatus.REVIEWED)
        w.close()  # the window's close button: saves, then closes for real
        await wait_for(lambda: not w.isVisible(), what="the window closed", timeout=60)
        assert reviewed.done() and not reviewed.cancelled()

    qapp.setQuitOnLastWindowClosed(False)  # the app quits when it closes; the test goes on
    try:
        arun(run())
    finally:
        qapp.setQuitOnLastWindowClosed(True)
    assert _statuses(pdf)[0] is ReviewStatus.REVIEWED


def test_a_page_load_running_when_the_document_closes_ends_quietly(
    make_window, arun, tmp_path: Path
) -> None:
    w = _open(make_window, arun, pdf_factory.text_pdf(tmp_path / "three.pdf", PAGES))
    c = w.controller
    ws = c.workspace
    real = ws.page_state
    held, reached = asyncio.Event(), asyncio.Event()

    async def slow_state(page: int) -> Any:  # the store still reading the next page's state
        reached.set()
        await held.wait()
        return await real(page)

    ws.page_state = slow_state
    errors: list[str] = []
    w.runner.error.connect(errors.append)

    async def run() -> None:
        c.go_to(1)
        await asyncio.wait_for(reached.wait(), 60)  # ~1 ms expected; 60 s only if lost
        assert await c.detach()
        held.set()
        await w.runner.drain()

    arun(run())
    assert errors == []  # was "Something went wrong: cannot schedule new futures ..."
    assert c.current == -1 and c.workspace is None


def test_a_second_move_to_a_page_whose_load_was_cancelled_loads_it(
    make_window, arun, tmp_path: Path
) -> None:
    """A double click on a row, two search hits on one page: the second move supersedes
    the first while the page is half loaded (shown, its history not yet)."""
    c = _open(make_window, arun, pdf_factory.text_pdf(tmp_path / "three.pdf", PAGES)).controller
    loaded: list[int] = []
    c.page_loaded.connect(loaded.append)
    real = c.refresh_history
    held, reached = asyncio.Event(), asyncio.Event()

    async def slow_history() -> None:
        if not reached.is_set():
            reached.set()
            await held.wait()
        await real()

    c.refresh_history = slow_history

    async def run() -> None:
        c.go_to(1)
        await asyncio.wait_for(reached.wait(), 60)
        assert c.current == 1  # shown already; its history still loading
        second = c.move(c.open_hit(1, 0, 1))  # a search hit on it: supersedes the first
        held.set()
        await asyncio.wait({second}, timeout=60)
        assert second.done() and not second.cancelled()

    arun(run())
    assert loaded == [1]
