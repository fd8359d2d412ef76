"""Two windows of one reviewer share the journal's file. A replay cut right after a
commit reached the server must skip, next time, only the typing that commit sent:
the other window's typing, written in the file before the commit but never sent by
its window, still reaches the server, a version by the conflict rule (reviewer R's
reproducer)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from backend.models import ReviewStatus, VersionKind
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.journal import CommitEntry, DraftEntry, Journal, NoteEntry
from backend.store.postgres.team_store import TeamStore
from tests.team.journal_cut_helpers import replay_cut_after_a_commit
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")
OTHER = READ.replace("三", "八") + "（另一視窗）"


def test_the_other_windows_typing_before_a_commit_sent_reaches_the_server(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    open_store("rita").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    one, two = via_proxy("ron"), via_proxy("ron")  # two windows, one journal file
    assert one.page_state(0).text == READ and two.page_state(0).text == READ
    proxy.go_away()
    for window in (one, two):
        with pytest.raises(TeamUnreachableError):
            window.page_state(3)
    one.save_draft(0, MINE)
    two.save_draft(0, OTHER)  # written between one's typing and its commit
    one.commit_draft(0)
    one.set_status(0, ReviewStatus.REVIEWED)  # a later write: the cut fails it
    proxy.come_back()
    assert one.probe()
    replay_cut_after_a_commit(proxy, one, monkeypatch)  # one's lines: its typing, commit, note
    one.abandon()
    two.abandon()  # both windows closed (or killed) before their next poll
    proxy.come_back()
    again = via_proxy("ron")  # its opening replays the whole file
    assert again.pending == 0
    told = [m for m in again.notices if "Both versions are kept" in m]
    assert len(told) == 1, again.notices  # typed on the older text: history, told
    sam = open_store("sam")
    assert [v.text for v in sam.versions(0)] == [READ, MINE, OTHER]  # one's commit once
    assert sam.page_state(0).text == MINE  # the newer text is never overwritten
    assert sam.claim_holder(0) is None  # no typing left on the server, claiming it
    assert sam.status(0) is ReviewStatus.REVIEWED  # one's mark names one's version


@pytest.mark.parametrize("other_first", [False, True])
def test_a_commit_sent_skips_only_its_own_windows_typing(tmp_path: Path, other_first: bool) -> None:
    """The file as two windows wrote it, the other's typing before or after this
    window's: the next replay sends it (once), not this window's, nor the commit."""
    path = tmp_path / "j.jsonl"
    one, two = Journal(path), Journal(path)
    if other_first:
        two.append(DraftEntry(4, "甲乙丙", 7))
    one.append(DraftEntry(4, "甲", 7))
    one.append(DraftEntry(4, "甲乙", 7))
    if not other_first:
        two.append(DraftEntry(4, "甲乙丙", 7))
    one.append(CommitEntry(4))
    one.append(NoteEntry(5, "see page 1", "k"))
    replay = one.replay()  # one's lines only: its last draft, the commit, the note
    assert [e for _line, e in replay] == [
        DraftEntry(4, "甲乙", 7),
        CommitEntry(4),
        NoteEntry(5, "see page 1", "k"),
    ]
    one.sent(4, 8, replay[1][0])  # the commit made version 8, then the cut
    again = Journal(path).entries()  # the next open's replay
    assert again[:2] == [DraftEntry(4, "甲乙丙", 7), CommitEntry(4)]  # committed now
    assert isinstance(again[2], CommitEntry) and again[2].version == 8  # then skipped
    assert again[3:] == [NoteEntry(5, "see page 1", "k")]
