"""The statistics' pair measures on the team server (``schema_7.sql``), as the database
keeps them whoever connects: each row stamped with who wrote it (the statistics trust a
row by its writer: ``comparing.trusted_measures``), history from elsewhere only by an
administrator, and no row changed or removed once written."""

from __future__ import annotations

from collections.abc import Callable

import psycopg
import pytest

from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster

_INSERT = (
    "INSERT INTO proofdesk.pair_measures (document_id, reading_id, approved_id, "
    "critical_digest, distance, reading_chars, approved_chars, critical{extra}) "
    "VALUES (%s, 1, 2, 'd', 3, 10, 11, false{values}) RETURNING coalesce(origin_author, author)"
)


def test_a_row_says_who_wrote_it_and_stays_as_written(
    open_store: Callable[..., TeamStore], pg: Cluster
) -> None:
    doc = open_store("rita").doc
    with psycopg.connect(url(pg, "rita"), autocommit=True) as conn:
        row = conn.execute(_INSERT.format(extra=", author", values=", 'sam'"), (doc,)).fetchone()
        assert row == ("rita",)  # not the approver's name she gave
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="only an administrator"):
            conn.execute(_INSERT.format(extra=", origin_author", values=", 'sam'"), (doc,))
    for who in ("rita", "ada"):
        with psycopg.connect(url(pg, who), autocommit=True) as conn:
            for statement in (
                "UPDATE proofdesk.pair_measures SET distance = 0",
                "DELETE FROM proofdesk.pair_measures",
            ):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    conn.execute(statement)
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT author, distance FROM proofdesk.pair_measures WHERE document_id = %s", (doc,)
        ).fetchall()
    assert rows == [("rita", 3)]
