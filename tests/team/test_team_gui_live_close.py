"""The live-update listener has a connection of its own, made on the store's thread
after the document opens. A document closed before it is made (a window closed at
once, a test's end) must still close it: it was left open, and psycopg's "deleted
while still open" warning failed whichever later test the garbage collector ran in.
The listener is held at the point of the race by an event, so no timing is involved."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from backend.store.postgres import live
from tests.gui.conftest import wait_for
from tests.team.conftest import url
from tests.team.gui_helpers import shared_document
from tests.team.pg_cluster import Cluster


def test_a_listener_made_while_the_document_closes_is_closed(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun, monkeypatch
) -> None:
    shared_document(pg, team_pdf, tmp_path, given=("rita", "ron")).close_connection()
    entered, release = threading.Event(), threading.Event()
    made: list[live.LiveUpdates] = []
    make = live.LiveUpdates.__init__

    def held(self: live.LiveUpdates, store: Any) -> None:  # on the store's thread
        entered.set()
        release.wait(60)  # ~ms expected: the test sets it as soon as the document is gone
        make(self, store)
        made.append(self)

    monkeypatch.setattr(live.LiveUpdates, "__init__", held)
    w = make_window("--store", url(pg, "rita"))

    async def scenario() -> None:
        opening = asyncio.ensure_future(w.opener.open(team_pdf))
        await wait_for(entered.is_set, what="the listener being made")
        closing = asyncio.ensure_future(w.controller.detach(force=True))
        await wait_for(lambda: w.controller.workspace is None, what="the document gone")
        release.set()  # the listener is made now, for a document already closed
        await asyncio.gather(opening, closing, return_exceptions=True)
        await w.runner.drain()

    arun(scenario())
    assert len(made) == 1 and made[0]._conn.closed
    assert w.team.live is None
