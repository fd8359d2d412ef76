"""The embedded store's publish decisions log (issue 25): append-only, stamped."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from backend.store.review_store import ReviewStore
from tests.backend.store.publish_log_walk import row, walk


def test_the_log_survives_close_and_open(tmp_path: Path) -> None:
    walk(lambda: ReviewStore(tmp_path / "doc.review", author="ana"), "ana")


def test_the_log_is_append_only_in_the_file_itself(tmp_path: Path) -> None:
    path = tmp_path / "doc.review"
    store = ReviewStore(path, author="ana")
    store.add_publish_decisions([row("accept")])
    store.close()
    with sqlite3.connect(path) as conn:
        for statement in (
            "UPDATE publish_decisions SET decision = 'skip'",
            "DELETE FROM publish_decisions",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(statement)


def test_a_store_of_schema_5_gains_the_log(tmp_path: Path) -> None:
    path = tmp_path / "old.review"
    ReviewStore(path, author="ana").close()
    with sqlite3.connect(path) as conn:  # as the previous ProofDesk left it
        conn.execute("DROP TABLE publish_decisions")
        conn.execute("PRAGMA user_version = 5")
    store = ReviewStore(path, author="ana")
    store.add_publish_decisions([row("skip")])
    assert [r["decision"] for r in store.publish_decisions()] == ["skip"]
    store.close()
