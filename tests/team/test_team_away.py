"""Once the team store knows the server is away, no call tries it again (each try
waited for the connection timeout on a server that does not answer) until a probe
finds it back; an approval given meanwhile has its critical outcomes recorded when
the journal sends it. Counted, not timed: the proxy counts every connection tried."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.stats import statistics_of
from backend.store.postgres.away import RETRY_S
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.team_store import TeamStore
from tests.pdf_factory import text_pdf
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"


def _away(store: TeamStore, proxy: Proxy) -> int:
    """Take the server away and let the store find out (one read fails): the tries so far."""
    proxy.go_away()
    with pytest.raises(TeamUnreachableError):
        store.page_state(3)
    assert proxy.attempts == 1  # one connection a try (no TLS or GSS retried without)
    return proxy.attempts


def _page_to_approve(rita: TeamStore) -> None:
    """A machine reading, an alternate with another amount, and rita's edit taking it:
    one critical item raised, accepted (as in test_team_visits)."""
    rita.add_version(0, VersionKind.OCR, READ, {"engine": "vllm", "model": "m"})
    rita.add_version(0, VersionKind.ALTERNATE, READ.replace("三", "五"), {"engine": "rapidocr"})
    rita.add_version(0, VersionKind.EDIT, READ.replace("三", "五"))


def test_visits_while_away_try_the_server_no_more(
    proxy: Proxy, via_proxy: Callable[[str], TeamStore], open_store: Callable[..., TeamStore]
) -> None:
    rita = via_proxy("rita")
    rita.add_page_visit(0)
    tries = _away(rita, proxy)
    assert rita.pending == 0  # nothing journaled: only the failed read says it is away
    for page in range(1, 21):  # paging through: each visit tried the server before
        rita.add_page_visit(page)
    with pytest.raises(TeamUnreachableError):
        rita.page_state(4)  # fails at once too
    assert proxy.attempts == tries
    proxy.come_back()
    assert rita.probe() and proxy.attempts == tries  # (a probe through the proxy, now up)
    rita.add_page_visit(21)
    with open_store("rita")._read() as c:
        rows = c.execute(
            "SELECT page FROM proofdesk.page_visits WHERE document_id = %s ORDER BY id",
            (rita.doc,),
        ).fetchall()
    assert [r[0] for r in rows] == [0, 21]  # the ones while away are not kept (team_activity)


def test_an_approval_while_away_tries_once_and_its_outcomes_follow_it(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    _page_to_approve(open_store("rita"))
    sam = via_proxy("sam")  # the senior's final approval
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), sam, [])
    session.page_state(0)
    tries = _away(sam, proxy)
    # Its commit of the draft, the approval and its outcomes each tried the server before.
    session.set_status(0, ReviewStatus.APPROVED)
    assert sam.pending == 2  # the commit and the approval, journaled
    for page in range(1, 6):  # and paging on costs no try either
        session.store.add_page_visit(page)
    assert proxy.attempts == tries  # the approval, its outcomes and the visits: no try
    assert not statistics_of(open_store("ada"), 50).pages[0].approved  # not on the server yet
    assert not sam.probe() and proxy.attempts == tries + 1  # a probe tries, once
    proxy.come_back()
    assert sam.probe()
    sam.flush()  # as the window does at its next poll
    assert sam.pending == 0
    page = statistics_of(open_store("ada"), 50).pages[0]
    assert page.approved
    assert (page.critical_raised, page.critical_accepted, page.critical_dismissed) == (1, 1, 0)


def test_an_approval_sent_when_the_store_opens_has_its_outcomes_recorded(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """The journal of an earlier run is sent as the store opens, before any session
    listens: the session that opens it records the outcomes."""
    _page_to_approve(open_store("rita"))
    pdf = text_pdf(tmp_path / "a.pdf", ["p"])
    sam = via_proxy("sam")
    proxy.go_away()
    DocumentSession(open_pdf(pdf), sam, []).set_status(0, ReviewStatus.APPROVED)
    sam.close()  # the app closed while away: the journal is kept
    proxy.come_back()
    again = via_proxy("sam")  # sends it
    assert again.pending == 0
    sent = statistics_of(open_store("ada"), 50).pages[0]
    assert sent.approved and sent.critical_raised is None  # nobody measured it yet
    DocumentSession(open_pdf(pdf), again, [])
    assert statistics_of(open_store("ada"), 50).pages[0].critical_accepted == 1


def test_without_a_probe_the_store_tries_again_after_a_while(
    proxy: Proxy, via_proxy: Callable[[str], TeamStore]
) -> None:
    """Where nothing probes (the CLI), the next call after ``RETRY_S`` tries the server."""
    rita = via_proxy("rita")
    now = [0.0]
    rita.away.clock = lambda: now[0]
    tries = _away(rita, proxy)
    now[0] += RETRY_S - 1
    rita.save_draft(1, "離線")  # journaled at once
    assert proxy.attempts == tries and rita.pending == 1
    now[0] += 1
    proxy.come_back()
    rita.save_draft(1, "離線打的字")  # due: tried, found back, the journal sent first
    assert rita.pending == 0 and rita.draft(1) == "離線打的字"


def test_an_approval_given_away_is_refused_when_a_colleague_saved_newer_text_meanwhile(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """The approval journals a commit of the draft (nothing typed) before it: the replay
    commits nothing, and the approval is still of the version sam was shown, not of
    ron's newer one that sam never read."""
    _page_to_approve(open_store("rita"))
    sam = via_proxy("sam")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), sam, [])
    shown = session.page_state(0).text
    _away(sam, proxy)
    session.set_status(0, ReviewStatus.APPROVED)
    assert sam.pending == 2  # the commit and the approval
    ron = open_store("ron")  # on the server meanwhile: a newer working text
    ron.page_state(0)
    ron.save_draft(0, shown + "（更正）")
    ron.commit_draft(0)
    proxy.come_back()
    assert sam.probe()
    told = sam.flush()
    assert any("changed after you saw it" in m for m in told), told
    assert sam.pending == 0
    assert ron.status(0) is not ReviewStatus.APPROVED and ron.approved_version(0) is None
    assert ron.page_state(0).text == shown + "（更正）"  # ron's text stands, nothing lost


def test_an_approval_given_away_after_typing_nothing_approves_the_text_shown(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """With nobody saving meanwhile, the same journaled approval lands on the version shown."""
    _page_to_approve(open_store("rita"))
    sam = via_proxy("sam")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), sam, [])
    shown = session.page_state(0).text
    _away(sam, proxy)
    session.set_status(0, ReviewStatus.APPROVED)
    proxy.come_back()
    assert sam.probe() and sam.flush() == [] and sam.pending == 0
    approved = open_store("ron").approved_version(0)
    assert approved is not None and approved.text == shown


def test_closing_a_document_while_away_raises_nothing_and_loses_nothing(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    tmp_path: Path,
) -> None:
    """The window closed offline: its typing's commits go to the journal, sent at the
    next open, which saves the typing as versions as a close online would have."""
    open_store("ron").add_version(1, VersionKind.OCR, READ, {"engine": "vllm"})
    rita = via_proxy("rita")
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), rita, [])
    session.page_state(1)
    _away(rita, proxy)
    session.save_draft(1, READ.replace("三", "五"))  # typed offline
    session.close()  # raised TeamUnreachableError
    assert rita.pending == 2  # the typing and its commit
    proxy.come_back()
    again = via_proxy("rita")  # the next open sends them
    assert again.pending == 0
    ron = open_store("ron")
    assert ron.page_state(1).text == READ.replace("三", "五")
    assert [v.kind for v in ron.versions(1)] == [VersionKind.OCR, VersionKind.EDIT]
