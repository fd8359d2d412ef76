"""The publish decisions log on the team server (issue 25): the walk the embedded store
passes; the server stamps the author (a client cannot write under another's name) and
refuses to change or remove a decision."""

from __future__ import annotations

from collections.abc import Callable

import psycopg
import pytest

from backend.store.postgres.team_store import TeamStore
from tests.backend.store.publish_log_walk import row, walk
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster


def test_the_log_survives_close_and_open_on_the_team_server(
    open_store: Callable[..., TeamStore],
) -> None:
    walk(lambda: open_store("rita"), "rita")


def test_one_reviewers_decisions_are_the_documents_and_stay_theirs(
    open_store: Callable[..., TeamStore], pg: Cluster, doc: tuple[str, int]
) -> None:
    open_store("rita").add_publish_decisions([row("accept")])
    ron = open_store("ron")
    ron.add_publish_decisions([row("skip", author="rita")])  # claims rita's name
    assert [(r["decision"], r["author"]) for r in ron.publish_decisions()] == [
        ("accept", "rita"),
        ("skip", "ron"),
    ]
    with psycopg.connect(url(pg, "rita"), autocommit=True) as conn:
        for statement in (
            "UPDATE proofdesk.publish_decisions SET decision = 'skip'",
            "DELETE FROM proofdesk.publish_decisions",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
