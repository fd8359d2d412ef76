"""The window while the team server is away with nothing journaled: the status bar says
offline, the page visits try the server no more, and the window's background try finds
it back. Counted by the proxy in front of the server, not timed."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from gui.review.visits import record
from gui.team import feature
from tests.gui.conftest import wait_for
from tests.team.gui_away_helpers import window_through_proxy
from tests.team.pg_cluster import Cluster
from tests.team.proxy_helpers import Proxy


def test_away_with_nothing_waiting_says_offline_and_visits_try_no_more(  # type: ignore[no-untyped-def]
    pg: Cluster, proxy: Proxy, team_pdf: Path, tmp_path: Path, make_window, arun, monkeypatch
) -> None:
    w = window_through_proxy(pg, proxy, team_pdf, tmp_path, make_window, arun, monkeypatch)
    ws = w.controller.workspace
    store = ws.session.store
    proxy.go_away()
    arun(record(ws, 1, "visit"))  # finds the server away (logged, not shown)
    assert proxy.attempts == 1 and store.pending == 0
    arun(wait_for(lambda: w.team.offline_label.isVisible(), what="the offline notice"))
    assert w.team.offline_label.text() == "offline — 0 edits waiting"
    for page in (2, 0, 1, 2):  # paging on: each visit tried the server before
        arun(record(ws, page, "visit"))
    assert proxy.attempts == 1
    monkeypatch.setattr(feature, "PROBE_TICKS", 1)  # the window's background try
    arun(wait_for(lambda: proxy.attempts > 1, what="a background try while away"))
    assert w.team.offline_label.isVisible()
    proxy.come_back()
    arun(wait_for(lambda: not w.team.offline_label.isVisible(), what="the server back"))
    assert not store.away.known
