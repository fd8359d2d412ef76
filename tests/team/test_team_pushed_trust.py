"""Whose rows count for an approval pushed from an embedded store (issue 26): only rows
brought in with it (by an administrator's push), never a live row written later by a
login that happens to bear the pushed approver's name (an embedded store's author is any
name typed in its settings, and a reviewer may not approve on the team store)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from backend.stats import PairCache, statistics_of
from backend.stats.shared_measures import share_pushed
from backend.store.postgres import transfer
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
APPROVED = READ.replace("三", "五").replace("不得", "得")  # 2 characters changed


def _page(store: TeamStore, tmp_path: Path, name: str) -> tuple[int | None, int | None]:
    """Page 0's characters changed and critical items raised, on a machine that never
    measured it."""
    cache = PairCache(tmp_path / f"{name}.sqlite3")
    try:
        page = statistics_of(store, 50, cache=cache).pages[0]
    finally:
        cache.close()
    return page.chars_changed, page.critical_raised


def test_a_namesake_reviewer_cannot_rewrite_a_pushed_approvals_figures(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    local = ReviewStore(tmp_path / "local.review", author="rita")
    try:
        with HistoryWriter(local) as w:
            w.reading(0, READ, at=1000.0, model="A")
            w.edit(0, APPROVED, at=1100.0, author="clerk")
            w.status(0, "approved", at=1200.0, author="rita")  # Rita, on her laptop
        admin = open_store("ada")
        transfer.push(local, admin)
    finally:
        local.close()
    assert share_pushed(admin, 50, PairCache(tmp_path / "push.sqlite3")) == 1
    assert _page(admin, tmp_path, "before") == (2, None)  # no outcomes were recorded
    team_ids = [v.id for v in admin.versions(0)]
    assert len(team_ids) == 2
    rita = open_store("rita")  # a reviewer on the team store, who gives no final approval
    pair = {"reading_id": team_ids[0], "approved_id": team_ids[1]}
    with rita._read() as c:
        row = c.execute("SELECT critical_digest FROM proofdesk.pair_measures").fetchone()
    assert row is not None
    sizes = {"reading_chars": len(READ), "approved_chars": len(APPROVED), "critical": False}
    rita.add_pair_measures([pair | {"critical_digest": str(row[0]), "distance": 0} | sizes])
    forged = {"page": 0, "version_id": team_ids[1], "reading_id": team_ids[0], "raised": 9}
    rita.add_critical_outcome(forged | {"accepted": 0, "dismissed": 9, "items": "[]"})
    assert _page(open_store("ada"), tmp_path, "after") == (2, None)
