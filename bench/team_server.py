"""A throw-away team server for the benches that measure the team store too: a private
PostgreSQL 15 cluster (``tests.team.pg_cluster``, as the team tests start it) with
ProofDesk's schema and one administrator, removed when the bench is done."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from backend.store.postgres import admin
from backend.store.postgres.team_store import TeamStore


class NoServer(Exception):
    """No PostgreSQL to start here; the message says why (the bench row says n/a)."""


@contextmanager
def team_stores(document: str, pages: int, journal_dir: Path) -> Iterator[Callable[[], TeamStore]]:
    """Opens ``TeamStore``s of one ``pages``-page document on a fresh server;
    ``NoServer`` when none can be started."""
    from tests.team.pg_cluster import ClusterUnavailable, start_cluster

    try:
        cluster = start_cluster()
    except ClusterUnavailable as exc:
        raise NoServer(str(exc)) from exc
    try:
        with psycopg.connect(cluster.url("postgres", "pd-superuser"), autocommit=True) as conn:
            admin.install(conn)
            admin.add_person(conn, "lead", "pw-lead", "admin")
        sha = hashlib.sha256(document.encode()).hexdigest()

        def open_store() -> TeamStore:
            url = cluster.url("lead", "pw-lead")
            return TeamStore(
                url, sha256=sha, name="big.pdf", page_count=pages, journal_dir=journal_dir
            )

        yield open_store
    finally:
        cluster.remove()
