"""Two windows of one reviewer on one document share the journal file
(``<sha>-<author>.jsonl``): a replay removes only the lines it sent, so the other
window's offline typing stays for its own replay or the next open (the old replay
deleted the whole file: window B's typing was lost when window A came back)."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.journal import DraftEntry, Journal
from backend.store.postgres.team_store import TeamStore
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"


def _two_windows_offline(
    proxy: Proxy, via_proxy: Callable[[str], TeamStore], open_store: Callable[..., TeamStore]
) -> tuple[TeamStore, TeamStore]:
    """Windows A and B of rita's, each typing one page while the server is away."""
    ron = open_store("ron")
    for page in (1, 2):
        ron.add_version(page, VersionKind.OCR, READ, {"engine": "vllm"})
    a, b = via_proxy("rita"), via_proxy("rita")
    a.page_state(1)
    b.page_state(2)
    proxy.go_away()
    for store in (a, b):
        with pytest.raises(TeamUnreachableError):
            store.page_state(3)
    b.save_draft(2, READ.replace("三", "七"))
    a.save_draft(1, READ.replace("三", "五"))
    assert a.journal.path == b.journal.path  # one file
    return a, b


def test_a_closed_windows_typing_survives_the_other_windows_replay(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
) -> None:
    a, b = _two_windows_offline(proxy, via_proxy, open_store)
    b.commit_all_drafts()  # B closes while away: its commits wait in the file
    b.close_connection()
    proxy.come_back()
    assert a.probe()
    a.flush()
    assert a.pending == 0
    a.commit_all_drafts()
    assert open_store("ron").page_state(1).text == READ.replace("三", "五")
    again = via_proxy("rita")  # the next open sends what B left
    assert again.pending == 0
    assert open_store("ron").page_state(2).text == READ.replace("三", "七"), "B's typing lost"
    assert not again.journal.path.exists()  # everything sent: the file goes


def test_an_open_window_sends_its_own_lines_after_the_other_replayed(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
) -> None:
    a, b = _two_windows_offline(proxy, via_proxy, open_store)
    proxy.come_back()
    assert a.probe()
    a.flush()
    assert b.pending == 1  # B's line is still in the file, for B
    b.flush()
    assert b.pending == 0
    a.commit_all_drafts()
    ron = open_store("ron")
    assert ron.page_state(1).text == READ.replace("三", "五")
    b.commit_all_drafts()
    assert ron.page_state(2).text == READ.replace("三", "七")
    assert not a.journal.path.exists()


def _append_many(path: Path, page: int, n: int) -> None:
    journal = Journal(path)
    for i in range(n):
        journal.append(DraftEntry(page=page, text=f"{page}:{i}"))


def test_appends_racing_a_replays_rewrite_lose_no_line(tmp_path: Path) -> None:
    """Another process (window B) appends while this one (window A) appends and
    removes its own lines again and again: every one of B's lines stays."""
    path = tmp_path / "journal" / "0123456789abcdef-rita.jsonl"
    n = 300
    other = multiprocessing.get_context("spawn").Process(target=_append_many, args=(path, 2, n))
    other.start()
    mine = Journal(path)
    while other.is_alive():
        mine.append(DraftEntry(page=1, text="A"))
        mine.clear()  # A's replay: rewrites the file without A's lines
    other.join()
    assert other.exitcode == 0
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert [raw["text"] for raw in lines] == [f"2:{i}" for i in range(n)]


def test_two_windows_typing_one_page_offline_both_reach_the_server(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
) -> None:
    """Both windows typed page 2 while away; B closed, A was killed: the next open sends
    the whole file through one connection. A's typing, later in the file, no longer
    overwrites B's unsaved (superseded, without a word): B's becomes a version first,
    and A's is kept beside it by the conflict rule, told."""
    open_store("ron").add_version(1, VersionKind.OCR, READ, {"engine": "vllm"})
    a, b = via_proxy("rita"), via_proxy("rita")
    a.page_state(1)
    b.page_state(1)
    proxy.go_away()
    for store in (a, b):
        with pytest.raises(TeamUnreachableError):
            store.page_state(3)
    b.save_draft(1, READ.replace("三", "七"))
    a.save_draft(1, READ.replace("三", "五"))
    a.commit_draft(1)
    b.close()  # B closes while away: its commit waits in the file
    a.abandon()
    proxy.come_back()
    again = via_proxy("rita")
    assert again.pending == 0
    assert any("Both versions are kept" in m for m in again.notices), again.notices
    texts = [v.text for v in open_store("ron").versions(1)]
    assert texts == [READ, READ.replace("三", "七"), READ.replace("三", "五")]
