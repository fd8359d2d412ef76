"""Critical outcomes pulled from the team server name the pulled versions: the team's
version ids renumbered to the local store's, as the approvals' are (``transfer.pull``).
The team's ids are moved far from the local ones first, so that they cannot agree by
chance (in a fresh cluster they start at 1 on both sides)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from backend.stats import statistics_of
from backend.store.postgres import transfer
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter
from tests.team.pg_cluster import Cluster

T0 = 1_767_225_600.0


def test_pulled_outcomes_name_the_pulled_versions(
    open_store: Callable[..., TeamStore], pg: Cluster, tmp_path: Path
) -> None:
    pg.psql(
        "SELECT setval('proofdesk.versions_id_seq', 100000 + nextval('proofdesk.versions_id_seq'))"
    )
    local = ReviewStore(tmp_path / "local.review", author="ada")
    try:
        with HistoryWriter(local) as w:
            w.reading(0, "一", at=T0)
            edit = w.edit(0, "一。", at=T0 + 60, author="rita")
            w.status(0, "approved", at=T0 + 90, author="rita")
            w.outcome(0, edit, 1, 1, at=T0 + 90, author="rita")  # at her approval
        transfer.push(local, open_store("ada"))
    finally:
        local.close()
    back = ReviewStore(tmp_path / "back.review", author="ada")
    try:
        transfer.pull(open_store("ada"), back)
        (vid,) = back.connection.execute("SELECT version_id FROM critical_outcomes").fetchone()
        approved = back.approved_version(0)
        assert approved is not None and vid == approved.id
        assert statistics_of(back, 1).pages[0].critical_accepted == 1
    finally:
        back.close()
