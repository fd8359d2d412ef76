"""A commit whose reply is lost: the server committed the typing, the connection died
before the client read that it had. The client must know the version is its own: its
"reviewed" mark is of that version, never refused as "changed after you saw it" by the
reviewer's own save, while a colleague's newer save is still refused (real PostgreSQL
through the proxy, which loses the reply to the commit)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from backend.models import ReviewStatus, VersionKind
from backend.store.postgres.errors import SaveConflictError
from backend.store.postgres.team_store import TeamStore
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")
THEIRS = MINE + "（sam）"


def _typed(
    via_proxy: Callable[..., TeamStore], open_store: Callable[..., TeamStore], lease_s: float = 60.0
) -> TeamStore:
    """ron, through the proxy, is shown rita's reading and types (his draft on the server)."""
    open_store("rita").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    ron = via_proxy("ron", lease_s=lease_s)
    assert ron.page_state(0).text == READ
    ron.save_draft(0, MINE)
    return ron


def test_the_reviewers_own_commit_whose_reply_was_lost_is_marked_reviewed(
    proxy: Proxy, via_proxy: Callable[..., TeamStore], open_store: Callable[..., TeamStore]
) -> None:
    ron = _typed(via_proxy, open_store)
    proxy.lose_reply_to(b"COMMIT")
    ron.commit_draft(0)  # committed; the retry on a new connection finds no draft left
    sam = open_store("sam")
    assert [v.text for v in sam.versions(0)] == [READ, MINE]  # committed once
    ron.set_status(0, ReviewStatus.REVIEWED)  # not "changed after you saw it"
    assert sam.status(0) is ReviewStatus.REVIEWED
    assert sam.approved_version(0) is None  # (reviewed, not final)


@pytest.mark.parametrize("colleague", [False, True])
def test_a_lost_commit_reply_then_offline_marks_the_own_version_only(
    proxy: Proxy,
    via_proxy: Callable[..., TeamStore],
    open_store: Callable[..., TeamStore],
    colleague: bool,
) -> None:
    """The reply is lost and the server stays away: the commit and the mark wait in the
    journal. Replayed, the mark names ron's own version: accepted, unless sam saved a
    newer one meanwhile, which is refused, never marked unseen."""
    ron = _typed(via_proxy, open_store)
    proxy.lose_reply_to(b"COMMIT", then_away=True)
    ron.commit_draft(0)  # committed; the retry finds the server away: into the journal
    ron.set_status(0, ReviewStatus.REVIEWED)  # its commit of any typing, then the mark
    assert ron.pending == 3
    sam = open_store("sam")
    if colleague:
        sam.page_state(0)
        sam.save_draft(0, THEIRS)
        sam.commit_draft(0)
    proxy.come_back()
    assert ron.probe()
    told = ron.flush()
    assert ron.pending == 0
    assert [v.text for v in sam.versions(0)] == [READ, MINE, *([THEIRS] if colleague else [])]
    if colleague:
        assert any("changed after you saw it" in m for m in told), told
        assert sam.status(0) is not ReviewStatus.REVIEWED
    else:
        assert told == []
        assert sam.status(0) is ReviewStatus.REVIEWED


def test_a_conflict_whose_reply_was_lost_is_still_told(
    proxy: Proxy, via_proxy: Callable[..., TeamStore], open_store: Callable[..., TeamStore]
) -> None:
    """ron's claim lapsed and sam saved first: ron's commit is kept beside sam's. Its
    reply lost, the retry must still say so (it found no draft, and said nothing)."""
    ron = _typed(via_proxy, open_store, lease_s=0.0)  # his claim lapses at once
    sam = open_store("sam")
    sam.page_state(0)
    sam.save_draft(0, THEIRS)
    sam.commit_draft(0)
    proxy.lose_reply_to(b"COMMIT")
    with pytest.raises(SaveConflictError) as told:
        ron.commit_draft(0)
    assert told.value.theirs.text == THEIRS and told.value.mine.text == MINE
    assert [v.text for v in sam.versions(0)] == [READ, THEIRS, MINE]
    assert sam.page_state(0).text == THEIRS
    ron.set_status(0, ReviewStatus.REVIEWED)  # of sam's text, which ron was just shown
