"""The embedded store's page visits, critical outcomes and pair measures (issue 26):
append-only logs, stamped with the store's author; an older store gains them on opening."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from backend.store.review_store import ReviewStore
from backend.store.schema import SCHEMA_VERSION

OUTCOME = {"page": 0, "version_id": None, "reading_id": None, "raised": 2, "accepted": 1}
OUTCOME |= {"dismissed": 1, "items": "[]"}
MEASURE = {"reading_id": 1, "approved_id": 2, "critical_digest": "d", "distance": 3}
MEASURE |= {"reading_chars": 10, "approved_chars": 11, "critical": True}


def test_the_logs_are_append_only_in_the_file_itself(tmp_path: Path) -> None:
    path = tmp_path / "doc.review"
    store = ReviewStore(path, author="ana")
    store.add_page_visit(3)
    store.add_page_visit(3, "leave")
    store.add_critical_outcome(OUTCOME)
    store.add_pair_measures([MEASURE])
    with pytest.raises(ValueError, match="unknown visit kind"):
        store.add_page_visit(3, "glance")
    store.close()
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT page, kind, author FROM page_visits ORDER BY id").fetchall()
        assert rows == [(3, "visit", "ana"), (3, "leave", "ana")]
        measured = conn.execute("SELECT distance, critical, author FROM pair_measures").fetchall()
        assert measured == [(3, 1, "ana")]
        for statement in (
            "UPDATE page_visits SET page = 4",
            "DELETE FROM page_visits",
            "UPDATE critical_outcomes SET accepted = 2",
            "DELETE FROM critical_outcomes",
            "UPDATE pair_measures SET distance = 0",
            "DELETE FROM pair_measures",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(statement)


def test_a_store_of_schema_6_gains_the_logs(tmp_path: Path) -> None:
    path = tmp_path / "old.review"
    ReviewStore(path, author="ana").close()
    with sqlite3.connect(path) as conn:  # as the previous ProofDesk left it
        conn.execute("DROP TABLE page_visits")
        conn.execute("DROP TABLE critical_outcomes")
        conn.execute("PRAGMA user_version = 6")
    store = ReviewStore(path, author="ben")
    try:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        store.add_page_visit(1)
        store.add_critical_outcome(OUTCOME)
        assert store.connection.execute("SELECT author FROM page_visits").fetchall() == [("ben",)]
    finally:
        store.close()


def test_a_store_of_schema_7_gains_the_measures(tmp_path: Path) -> None:
    path = tmp_path / "old.review"
    ReviewStore(path, author="ana").close()
    with sqlite3.connect(path) as conn:  # as the previous ProofDesk left it
        conn.execute("DROP TABLE pair_measures")
        conn.execute("PRAGMA user_version = 7")
    store = ReviewStore(path, author="ben")
    try:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        store.add_pair_measures([MEASURE])
        assert store.connection.execute("SELECT author FROM pair_measures").fetchall() == [("ben",)]
    finally:
        store.close()
