"""A conflict kept by the journal's replay that a write runs first (``_write``: the first
save after the server answers, before the window's next poll sends the journal) is told:
in that write's message, which the window shows, or, when the write is the closing
commit, by the next open. Reviewer R's reproducers (2026-12-04), real PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.postgres.errors import (
    ApprovalRefusedError,
    PageClaimedError,
    TeamUnreachableError,
)
from backend.store.postgres.team_store import TeamStore
from tests.pdf_factory import text_pdf
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")
THEIRS = READ + "（sam）"
KEPT = "Both versions are kept"


def _conflict_waits_in_the_journal(
    proxy: Proxy, ron: TeamStore, open_store: Callable[..., TeamStore]
) -> TeamStore:
    """Ron saves page 1 offline while sam saves it on the server; the server comes back
    and the window's probe finds it (its next poll would send the journal). Sam's store."""
    open_store("rita").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    assert ron.page_state(0).text == READ
    assert ron.page_state(1).text is not None
    proxy.go_away()
    with pytest.raises(TeamUnreachableError):
        ron.page_state(3)
    ron.save_draft(0, MINE)  # offline: journaled
    ron.commit_draft(0)
    sam = open_store("sam")
    sam.page_state(0)
    sam.save_draft(0, THEIRS)
    sam.commit_draft(0)
    proxy.come_back()
    assert ron.probe()
    return sam


@pytest.mark.parametrize("write", ["save_draft", "set_note", "set_status", "restore"])
def test_a_conflict_replayed_by_a_writes_own_flush_is_in_its_message(
    proxy: Proxy,
    via_proxy: Callable[..., TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
    write: str,
) -> None:
    ron = via_proxy("ron")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), ron, [])
    sam = _conflict_waits_in_the_journal(proxy, ron, open_store)
    if write == "save_draft":  # the reviewer types on page 2 before that poll
        message = session.save_draft(1, "第二頁").message
    elif write == "set_note":
        message = session.set_note(1, "see page 1").message
    elif write == "set_status":  # (the session commits the page's typing first)
        message = session.set_status(1, ReviewStatus.FLAGGED).message
    else:
        message = session.restore(sam.versions(0)[0].id).message
    assert [v.text for v in sam.versions(0)][:3] == [READ, THEIRS, MINE]  # both kept
    assert KEPT in message and "Page 1" in message, message
    assert ron.flush() == []  # the window's next poll: sent, and told once


def test_a_replays_conflict_is_told_by_the_next_poll_when_its_write_is_refused(
    proxy: Proxy, via_proxy: Callable[..., TeamStore], open_store: Callable[..., TeamStore]
) -> None:
    ron = via_proxy("ron")
    _conflict_waits_in_the_journal(proxy, ron, open_store)
    rita = open_store("rita")
    rita.page_state(2)
    rita.save_draft(2, "rita types")  # her claim
    with pytest.raises(PageClaimedError):
        ron.save_draft(2, "ron types")  # the replay ran first, then the write was refused
    assert ron.pending == 0
    told = ron.flush()  # the next send of the journal (a poll's, or the next write's)
    assert len([m for m in told if KEPT in m]) == 1, told
    assert ron.flush() == []


@pytest.mark.parametrize("closed_by", ["session", "store"])
def test_a_conflict_replayed_by_the_closing_commit_is_told_at_the_next_open(
    proxy: Proxy,
    via_proxy: Callable[..., TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
    closed_by: str,
) -> None:
    ron = via_proxy("ron")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), ron, [])
    assert ron.page_state(1).text is not None
    ron.save_draft(1, "第二頁")  # typing on page 2 before the outage: a draft on the server
    sam = _conflict_waits_in_the_journal(proxy, ron, open_store)
    if closed_by == "session":  # committing page 2 replays the journal first
        session.close()
        assert session.backup_error == ""  # noted for the next open: nothing to say now
    else:
        ron.close()
    assert [v.text for v in sam.versions(0)] == [READ, THEIRS, MINE]  # both kept
    told = [m for m in via_proxy("ron").notices if KEPT in m]
    assert len(told) == 1 and "Page 1" in told[0], told
    assert not any(KEPT in m for m in via_proxy("ron").notices)  # told once


def test_a_replays_conflict_is_told_when_the_status_after_it_is_refused(
    proxy: Proxy,
    via_proxy: Callable[..., TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """Reviewer R2: the session's commit before the status ran the replay; the status
    refused (ron is no senior), the conflict it kept was dropped with the commit's change."""
    ron = via_proxy("ron")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), ron, [])
    sam = _conflict_waits_in_the_journal(proxy, ron, open_store)
    with pytest.raises(ApprovalRefusedError):
        session.set_status(1, ReviewStatus.APPROVED)
    assert [v.text for v in sam.versions(0)][:3] == [READ, THEIRS, MINE]  # replayed
    told = ron.flush()  # the window's next poll (or the next write's message)
    assert len([m for m in told if KEPT in m]) == 1 and "Page 1" in " ".join(told), told
    assert ron.flush() == []


def test_a_replays_conflict_is_told_beside_the_offline_status(
    proxy: Proxy,
    via_proxy: Callable[..., TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """The server drops between the replay and the status: the status's message is the
    offline count, and the conflict is in it too; the count is said once."""
    ron = via_proxy("ron")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), ron, [])
    assert ron.page_state(1).text is not None
    ron.save_draft(1, "第二頁")  # typing on page 2 before the outage: a draft on the server
    _conflict_waits_in_the_journal(proxy, ron, open_store)
    proxy.lose_reply_to(b"status_events", then_away=True)  # the status's reply: lost
    change = session.set_status(1, ReviewStatus.FLAGGED)
    assert change.versions  # page 2's typing was committed before the status
    assert KEPT in change.message and "Page 1" in change.message, change.message
    assert change.message.count("offline") == 1, change.message
    assert ron.pending == 1  # the status, journaled
