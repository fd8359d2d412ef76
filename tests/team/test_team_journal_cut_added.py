"""A commit the replay adds itself (two windows typed one page offline: the first
window's typing becomes a version before the second's is sent) has no line of its own in
the journal. A replay cut right after it must not send that typing again: a second
copy of it in the history, kept beside a colleague's newer text (real PostgreSQL through
the proxy)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.journal import CommitEntry, DraftEntry, Journal
from backend.store.postgres.team_store import TeamStore
from tests.team.journal_cut_helpers import replay_cut_after_a_commit
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
B_TEXT = READ.replace("三", "七")
A_TEXT = READ.replace("三", "五")
THEIRS = READ + "（sam）"


def _opened_with_the_replay_cut_after_its_first_commit(
    proxy: Proxy, via_proxy: Callable[[str], TeamStore], monkeypatch: pytest.MonkeyPatch
) -> TeamStore:
    """rita's next window, whose replay of the journal (all of it: read at opening) is
    cut as soon as the first commit's transaction is on the server, the one the replay
    adds (its opening's replay is left for that poll: a store cannot open offline)."""
    monkeypatch.setattr(TeamStore, "_flush_notice", lambda self: "")
    again = via_proxy("rita")
    monkeypatch.undo()
    again.notices.clear()  # (the skipped replay's notice)
    assert again.pending == 4  # A's typing and commit, B's typing and commit
    replay_cut_after_a_commit(proxy, again, monkeypatch)
    assert again.notices == []  # the cut replay told nothing
    return again


def test_a_replay_cut_after_a_commit_it_added_sends_that_typing_once(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    open_store("ron").add_version(1, VersionKind.OCR, READ, {"engine": "vllm"})
    a, b = via_proxy("rita"), via_proxy("rita")
    a.page_state(1)
    b.page_state(1)
    proxy.go_away()
    for store in (a, b):
        with pytest.raises(TeamUnreachableError):
            store.page_state(3)
    b.save_draft(1, B_TEXT)
    a.save_draft(1, A_TEXT)
    a.commit_draft(1)
    b.close()  # B closes while away: its commit waits in the file
    a.abandon()
    sam = open_store("sam")  # sam saves the page meanwhile, straight to the server
    sam.page_state(1)
    sam.save_draft(1, THEIRS)
    sam.commit_draft(1)
    proxy.come_back()
    again = _opened_with_the_replay_cut_after_its_first_commit(proxy, via_proxy, monkeypatch)
    proxy.come_back()
    assert again.probe()
    told = again.flush()
    assert again.pending == 0
    assert [v.text for v in sam.versions(1)] == [READ, THEIRS, B_TEXT, A_TEXT]  # B's once
    assert sam.page_state(1).text == THEIRS  # sam's text stays current
    # Both windows' typing was kept beside sam's: each told once (B's by this replay,
    # the cut one raised before telling it).
    assert len([m for m in told if "Both versions are kept" in m]) == 2, told


def test_the_added_commits_line_goes_before_the_line_it_was_added_for(tmp_path: Path) -> None:
    """In the file: window A's typing, then window B's typing and commit of the same
    page. The commit the replay adds (of A's typing, before B's is sent) is written, once
    made, between the two windows' lines, naming A's typing only: B's is still sent."""
    path = tmp_path / "j.jsonl"
    lines = [
        {"op": "draft", "page": 4, "text": "甲", "base": 7, "empty": False, "held": False,
         "id": "aaaa-1"},
        {"op": "draft", "page": 4, "text": "乙", "base": 7, "empty": False, "held": False,
         "id": "bbbb-1"},
        {"op": "commit", "page": 4, "id": "bbbb-2"},
    ]  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    journal = Journal(path)
    replay = journal.replay()
    assert [entry for _line, entry in replay] == [
        DraftEntry(4, "甲", 7),
        CommitEntry(4),  # added: A's typing becomes a version first
        DraftEntry(4, "乙", 7),
        CommitEntry(4),
    ]
    journal.sent(4, 8, replay[1][0])  # the added commit made version 8, then the cut
    written = [json.loads(x) for x in path.read_text("utf-8").splitlines()]
    assert [(raw.get("id"), raw.get("version"), raw.get("drafts")) for raw in written] == [
        ("aaaa-1", None, None),
        (replay[1][0]["id"], 8, ["aaaa-1"]),
        ("bbbb-1", None, None),
        ("bbbb-2", None, None),
    ]
    again = Journal(path).entries()  # the next open's replay: A's typing not sent again
    assert again == [CommitEntry(4, 8, ["aaaa-1"]), DraftEntry(4, "乙", 7), CommitEntry(4)]
