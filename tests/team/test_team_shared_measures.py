"""The statistics' measures shared on the team store (issue 26: the first statistics on a
member's machine within the goal): written by the approver's ProofDesk at approval and
by ``store push`` for pushed history, read instead of the texts, and trusted only when
the page's approver wrote them; likewise a page's critical outcomes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.stats import PairCache, statistics_of
from backend.stats.shared_measures import share_pushed
from backend.store.postgres import transfer
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.stats.history_helpers import HistoryWriter
from tests.pdf_factory import text_pdf
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
APPROVED = READ.replace("三", "五").replace("不得", "得")  # 2 characters changed


def _shared(store: TeamStore) -> list[tuple[str, int, int, int]]:
    with store._read() as c:
        rows = c.execute(
            "SELECT coalesce(origin_author, author), reading_id, approved_id, distance"
            " FROM proofdesk.pair_measures WHERE document_id = %s ORDER BY id",
            (store.doc,),
        ).fetchall()
    return [(str(a), int(r), int(v), int(d)) for a, r, v, d in rows]


def _approve_as_sam(open_store: Callable[..., TeamStore], tmp_path: Path) -> tuple[int, int]:
    """Rita reads and corrects page 0, Sam gives the final approval; (reading, approved)."""
    rita = open_store("rita")
    rita.add_version(0, VersionKind.OCR, READ, {"engine": "vllm", "model": "m"})
    rita.add_version(0, VersionKind.ALTERNATE, READ.replace("三", "五"), {"engine": "rapidocr"})
    rita.add_version(0, VersionKind.EDIT, APPROVED)
    pdf = open_pdf(text_pdf(tmp_path / "a.pdf", ["p"]))
    DocumentSession(pdf, open_store("sam"), []).set_status(0, ReviewStatus.APPROVED)
    versions = rita.versions(0)
    return versions[0].id, versions[-1].id


def _chars_changed(store: TeamStore, tmp_path: Path, name: str) -> int | None:
    """Page 0's characters changed, measured on a machine that never measured it."""
    cache = PairCache(tmp_path / f"{name}.sqlite3")
    try:
        return statistics_of(store, 50, cache=cache).pages[0].chars_changed
    finally:
        cache.close()


def test_the_approval_shares_its_measures_and_only_the_approvers_count(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    reading, approved = _approve_as_sam(open_store, tmp_path)
    shared = _shared(open_store("ada"))
    assert ("sam", reading, approved, 2) in shared  # and the alternate's, 1
    assert {r[0] for r in shared} == {"sam"} and len(shared) == 2
    ada = open_store("ada")
    assert _chars_changed(ada, tmp_path, "fresh") == 2  # the same as measured afresh
    # The figures come from the shared rows (a newer row of the approver's wins) ...
    row = {"reading_id": reading, "approved_id": approved}
    digest = {"critical_digest": _digest(open_store("sam"), reading)}
    sizes = {"reading_chars": len(READ), "approved_chars": len(APPROVED), "critical": True}
    open_store("sam").add_pair_measures([row | digest | sizes | {"distance": 5}])
    assert _chars_changed(ada, tmp_path, "sams") == 5
    # ... and a row by anyone else is not read: Rita cannot skew the model's figures.
    open_store("rita").add_pair_measures([row | digest | sizes | {"distance": 0}])
    assert _chars_changed(ada, tmp_path, "ritas") == 5


def _digest(store: TeamStore, reading: int) -> str:
    with store._read() as c:
        found = c.execute(
            "SELECT critical_digest FROM proofdesk.pair_measures WHERE reading_id = %s",
            (reading,),
        ).fetchone()
    assert found is not None
    return str(found[0])


def test_an_outcome_only_the_approver_wrote_counts(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    reading, approved = _approve_as_sam(open_store, tmp_path)
    forged = {"page": 0, "version_id": approved, "reading_id": reading, "raised": 9}
    open_store("rita").add_critical_outcome(forged | {"accepted": 0, "dismissed": 9, "items": "[]"})
    page = statistics_of(open_store("ada"), 50).pages[0]
    assert (page.critical_raised, page.critical_accepted, page.critical_dismissed) == (
        1,
        1,
        0,
    )  # 三 read, 五 approved


def test_a_push_shares_the_pushed_approvals_measures(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    local = ReviewStore(tmp_path / "local.review", author="ada")
    try:
        with HistoryWriter(local) as w:
            w.reading(0, READ, at=1000.0, model="A")
            w.reading(1, "第二頁", at=1000.0, model="A")  # never approved: nothing to measure
            w.edit(0, APPROVED, at=1100.0, author="rita")
            w.status(0, "approved", at=1200.0, author="rita")
        local_stats = statistics_of(local, 50, cache=PairCache(tmp_path / "local.sqlite3"))
        admin = open_store("ada")
        transfer.push(local, admin)
    finally:
        local.close()
    assert share_pushed(admin, 50, PairCache(tmp_path / "push.sqlite3")) == 1
    assert [(r[0], r[3]) for r in _shared(admin)] == [("rita", 2)]  # as her approval's
    assert share_pushed(admin, 50, PairCache(tmp_path / "again.sqlite3")) == 0  # once
    for who in ("ada", "rita"):
        assert _chars_changed(open_store(who), tmp_path, who) == 2
    assert statistics_of(admin, 50).sources == local_stats.sources


def test_store_push_shares_the_measures(pg: Cluster, team_pdf: Path, tmp_path: Path) -> None:
    local = DocumentSession.open(team_pdf, store_path=tmp_path / "mine.sqlite", author="clerk")
    local.add_reading(0, READ, {"engine": "vllm", "model": "qwen"})
    local.save_draft(0, APPROVED)
    local.set_status(0, ReviewStatus.APPROVED)
    local.close()
    pushed = run_cli(
        "store", "push", team_pdf, "--to", url(pg, "ada"), "--store", tmp_path / "mine.sqlite"
    )
    assert pushed.returncode == 0 and pushed.stderr == "", pushed.stderr
    team = DocumentSession.open(team_pdf, store_path=url(pg, "ada"))
    try:
        assert isinstance(team.store, TeamStore)
        reading = team.store.versions(0)[0].id
        assert [(r[0], r[1], r[3]) for r in _shared(team.store)] == [("clerk", reading, 2)]
    finally:
        team.close()
