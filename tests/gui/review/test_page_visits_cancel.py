"""Recording the page a document closes on does not swallow a cancellation: a close (or
an open replacing the document) cancelled while the 'leave' write runs stops there, the
document still open, instead of carrying on as if nothing had been asked. The real
window and store; the store's write held on its thread until the cancel is given."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from backend.store.review_store import ReviewStore
from gui.review.visits import VisitLog
from tests.gui.conftest import wait_for


def _visits(store: ReviewStore) -> list[tuple[int, str]]:
    return store.connection.execute("SELECT page, kind FROM page_visits ORDER BY id").fetchall()


def test_a_close_cancelled_during_the_leave_write_stops(  # type: ignore[no-untyped-def]
    make_window, arun, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    ws = w.controller.workspace
    store = ws.session.store
    arun(wait_for(lambda: _visits(store) == [(0, "visit")], what="the first page's visit"))
    started, gate = threading.Event(), threading.Event()
    write = store.add_page_visit

    def held(page: int, kind: str = "visit") -> None:  # on the store's thread
        started.set()
        gate.wait()
        write(page, kind)

    monkeypatch.setattr(store, "add_page_visit", held)

    async def cancel_the_close() -> asyncio.Task[bool]:
        close = asyncio.ensure_future(w.controller.detach())
        await wait_for(started.is_set, what="the leave write")
        close.cancel()
        gate.set()
        await asyncio.wait({close})
        return close

    close = arun(cancel_the_close())
    assert close.cancelled()  # was: the close went on and returned True
    assert w.controller.workspace is ws and not ws.closing
    # Nothing was torn down: the reviewer goes on, and the document closes when asked again.
    w.controller.go_to(1)
    arun(wait_for(lambda: (1, "visit") in _visits(store), what="page 2's visit"))
    assert arun(w.controller.detach())
    assert ws.closed
    after = ReviewStore(store.path, author="test")
    try:  # the cancelled close's write had started on the store's thread: it finished
        assert _visits(after) == [(0, "visit"), (0, "leave"), (1, "visit"), (1, "leave")]
    finally:
        after.close()


def test_no_leave_is_recorded_once_the_store_is_closing(
    make_window, arun, sample_pdf: Path
) -> None:  # type: ignore[no-untyped-def]
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    ws = w.controller.workspace
    visits = w.controller.findChild(VisitLog)
    ws.closing = True  # what ``Workspace.close`` sets first
    try:  # nothing to record it in; not a cancellation of the close that calls it
        arun(visits.leaving())
    finally:
        ws.closing = False
    assert (0, "leave") not in _visits(ws.session.store)
