"""A journal's replay cut by the network right after a journaled commit reached the
server, before the journal was emptied (reviewer D's reproducer): the next replay
must not take the reviewer's own commit for a colleague's newer version, and must
still refuse a colleague's genuinely newer one (real PostgreSQL through the proxy)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.journal import CommitEntry, DraftEntry, Journal
from backend.store.postgres.team_store import TeamStore
from tests.pdf_factory import text_pdf
from tests.team.journal_cut_helpers import replay_cut_after_a_commit
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")


def _typed_and_reviewed_away(
    proxy: Proxy, store: TeamStore, open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    """ron is shown rita's reading, the server goes away, he types and marks the page
    reviewed: the journal holds the typing, its commit and the mark."""
    open_store("rita").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), store, [])
    assert session.page_state(0).text == READ
    proxy.go_away()
    with pytest.raises(TeamUnreachableError):
        store.page_state(3)  # the store finds out
    session.save_draft(0, MINE)
    session.set_status(0, ReviewStatus.REVIEWED)
    assert store.pending == 3  # the typing, its commit, the mark
    proxy.come_back()
    assert store.probe()


def _replay_cut_after_the_commit(
    proxy: Proxy, store: TeamStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay cut as soon as the commit is on the server: the mark after it fails
    and the whole journal stays."""
    replay_cut_after_a_commit(proxy, store, monkeypatch)
    assert store.pending == 3
    proxy.come_back()
    assert store.probe()


@pytest.fixture
def ron_cut(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> TeamStore:
    """ron typed and marked page 1 while away; his replay was cut right after the commit."""
    ron = via_proxy("ron")
    _typed_and_reviewed_away(proxy, ron, open_store, tmp_path)
    _replay_cut_after_the_commit(proxy, ron, monkeypatch)
    return ron


def test_a_replay_cut_after_the_commit_marks_the_reviewers_own_version(
    ron_cut: TeamStore, open_store: Callable[..., TeamStore]
) -> None:
    ron = ron_cut
    told = ron.flush()  # the window's next poll: the journal replays again
    assert told == []  # not "changed after you saw it": the newer version is ron's own
    assert ron.pending == 0
    sam = open_store("sam")
    assert sam.page_state(0).text == MINE
    assert sam.status(0) is ReviewStatus.REVIEWED
    assert [v.text for v in sam.versions(0)] == [READ, MINE]  # his commit once, not twice
    assert sam.claim_holder(0) is None  # no typing of his left on the server, claiming it


def test_a_colleagues_newer_version_after_the_cut_is_still_not_marked(
    ron_cut: TeamStore,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
) -> None:
    """rita saves newer text between the cut and the next replay, made by ron's next
    open (so from what the journal's file says, not what the window remembered)."""
    ron = ron_cut
    ron.abandon()  # the app closed (or was killed) before its next poll
    rita = open_store("rita")
    rita.page_state(0)
    rita.save_draft(0, MINE + "（更正）")
    rita.commit_draft(0)
    again = via_proxy("ron")  # its opening replays the journal
    assert again.pending == 0
    assert any("changed after you saw it" in m for m in again.notices), again.notices
    assert rita.status(0) is not ReviewStatus.REVIEWED
    assert rita.page_state(0).text == MINE + "（更正）"  # rita's text stands
    assert [v.text for v in rita.versions(0)] == [READ, MINE, MINE + "（更正）"]
    assert rita.claim_holder(0) is None


def test_a_commit_line_without_the_version_still_replays(
    open_store: Callable[..., TeamStore], doc: tuple[str, int], tmp_path: Path
) -> None:
    """A journal an older ProofDesk wrote (no ``version`` on its commit line), replayed
    from the start: the typing, its commit and the mark all land, on the version made."""
    open_store("rita").add_version(4, VersionKind.OCR, READ, {"engine": "vllm"})
    base = open_store("sam").current_version_id(4)
    lines = [
        {"op": "draft", "page": 4, "text": MINE, "base": base, "empty": False, "held": False},
        {"op": "commit", "page": 4},
        {
            "op": "status",
            "page": 4,
            "status": "reviewed",
            "key": "k",
            "seen": base,
            "after_edit": True,
        },
    ]
    path = tmp_path / "journal" / "ron" / f"{doc[0][:16]}-ron.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    ron = open_store("ron")
    assert ron.pending == 0 and ron.notices[-1].startswith("Edits made while")
    assert ron.page_state(4).text == MINE and ron.status(4) is ReviewStatus.REVIEWED


def test_a_commit_sent_is_written_into_its_own_line_only(tmp_path: Path) -> None:
    """Lines an older ProofDesk wrote carry no id: two commits of one page are the same
    text. The version goes into the one replayed (the first not yet given one), and the
    next replay drops only the typing that commit sent."""
    path = tmp_path / "j.jsonl"
    lines = [
        {"op": "draft", "page": 4, "text": "甲", "base": 7, "empty": False, "held": False},
        {"op": "commit", "page": 4},
        {"op": "draft", "page": 4, "text": "甲乙", "base": 8, "empty": False, "held": False},
        {"op": "commit", "page": 4},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    journal = Journal(path)
    replay = journal.replay()
    journal.sent(4, 8, replay[1][0])  # the first commit made version 8, then the cut
    assert [json.loads(x).get("version") for x in path.read_text("utf-8").splitlines()] == [
        None,
        8,
        None,
        None,
    ]
    again = Journal(path).entries()  # the next open's replay
    assert again == [CommitEntry(4, 8, []), DraftEntry(4, "甲乙", 8), CommitEntry(4)]
