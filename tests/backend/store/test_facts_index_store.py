"""The facts index on the embedded store (issue 24 point 1): kept across close and
open, a changed page read again alone; the schema's upgrade."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from backend.store.review_store import ReviewStore
from backend.store.schema import SCHEMA_VERSION
from tests.backend.store.facts_index_walk import walk


def test_the_index_survives_close_and_open_and_a_changed_page_is_read_alone(
    tmp_path: Path,
) -> None:
    walk(lambda: ReviewStore(tmp_path / "doc.review", author="ana"))


def test_a_store_of_schema_4_gains_the_index_table(tmp_path: Path) -> None:
    path = tmp_path / "old.review"
    ReviewStore(path, author="ana").close()
    with sqlite3.connect(path) as conn:  # as the previous ProofDesk left it
        conn.execute("DROP TABLE facts")
        conn.execute("DROP TABLE publish_decisions")  # schema 6's, after it
        conn.execute("PRAGMA user_version = 4")
    store = ReviewStore(path, author="ana")
    store.put_facts([(0, "source", "[]")])
    assert store.facts_rows() == {0: ("source", "[]")}
    assert SCHEMA_VERSION >= 5
    store.close()
