"""What the team store survives: the server stopped mid-typing, a client killed
while it holds a claim, and live updates reaching another reviewer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable

import pytest

from backend.store.postgres.errors import PageClaimedError
from backend.store.postgres.live import LiveUpdates
from backend.store.postgres.team_store import TeamStore
from tests.conftest import ROOT
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]
TYPED = "臺灣高等法院刑事判決一一二年度上訴字第三號"
STOP_AT, START_AT = 8, 16


def _wait_for(condition: Callable[[], bool], what: str, limit_s: float = 60) -> None:
    """Wait for ``condition`` (a wait, not a timing assertion: the limit only ends a hang)."""
    end = time.monotonic() + limit_s
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.1)


def test_server_stopped_mid_typing_loses_no_keystroke(pg: Cluster, open_store: Open) -> None:
    rita = open_store("rita")
    typed = ""
    try:
        for i, ch in enumerate(TYPED):
            if i == STOP_AT:
                pg.stop()
            if i == START_AT:
                pg.start()
                assert rita.probe()  # as the window finds in the background: saves try again
            typed += ch
            change = rita.save_draft(0, typed)
            if STOP_AT <= i < START_AT:
                assert "offline" in change.message and rita.pending == i - STOP_AT + 1
    finally:
        if not _up(pg):
            pg.start()
    assert rita.pending == 0
    rita.commit_draft(0)
    ron = open_store("ron")
    assert ron.page_state(0).text == TYPED  # every keystroke arrived
    assert [v.text for v in ron.versions(0)] == [TYPED]  # and none twice


def test_closing_while_offline_keeps_the_journal(pg: Cluster, open_store: Open) -> None:
    rita = open_store("rita")
    rita.save_draft(1, "before")
    pg.stop()
    try:
        rita.save_draft(1, "before and during")
        assert "offline — 1 edits waiting" in rita.offline_text()
        rita.close()  # the app closed while offline
    finally:
        pg.start()
    again = open_store("rita")  # the next start sends what waited
    assert again.pending == 0
    assert again.page_state(1).text == "before and during"


def _up(pg: Cluster) -> bool:
    return pg.psql("SELECT 1").returncode == 0


_HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from backend.store.postgres.team_store import TeamStore
    store = TeamStore(sys.argv[1], sha256=sys.argv[2], name="case.pdf", page_count=50,
                      journal_dir=Path(sys.argv[3]), lease_s=3.0)
    store.save_draft(9, "typed before the kill")
    print("ready", flush=True)
    while True:  # still typing: its claim never lapses while it lives (30x its renewal)
        time.sleep(0.1)
        store.save_draft(9, "typed before the kill")
    """
)


def test_a_killed_clients_claim_expires(pg: Cluster, open_store: Open, doc, tmp_path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, url(pg, "rita"), doc[0], str(tmp_path / "j")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        ron = open_store("ron")
        claim = ron.claim_holder(9)
        assert claim is not None and claim[0] == "rita"
        with pytest.raises(PageClaimedError, match="rita"):
            ron.save_draft(9, "ron")
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        _wait_for(lambda: ron.claim_holder(9) is None, "the dead client's claim to lapse")
        ron.save_draft(9, "ron takes over")
        assert ron.page_state(9).text == "ron takes over"
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()  # type: ignore[union-attr]
    # rita's next start keeps what the killed window had typed, in the history.
    rita = open_store("rita", lease_s=0.0)
    assert "typed before the kill" in [v.text for v in rita.versions(9)]


def test_live_update_reaches_another_reviewer(open_store: Open) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    live = LiveUpdates(ron)
    try:
        rita.save_draft(4, "rita types")
        rita.commit_draft(4)
        seen: list = []
        _wait_for(lambda: bool(seen.extend(live.poll(1.0)) or seen), "a notification")
        _wait_for(
            lambda: any(e.what == "versions" for e in seen) or bool(seen.extend(live.poll(1.0))),
            "the version's notification",
        )
        assert {e.page for e in seen} == {4} and {e.by for e in seen} == {"rita"}
        assert any(e.change.text for e in seen) and any(e.change.versions for e in seen)
        ron.save_draft(5, "ron's own typing")  # his own window's changes are not echoed
        assert all(e.by == "rita" for e in live.poll(0.5))
    finally:
        live.close()
