"""The "reviewed" status (done by a reviewer, waiting for the final approval) on the
embedded store: set, shown, kept in the history, not "approved" for exports, and a
store made before it existed upgrades with its status history intact."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from backend.export.pages import ExportOptions, collect
from backend.export.words import status_words
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store import schema
from backend.store.review_store import ReviewStore


def test_reviewed_is_set_kept_and_not_approved(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(0, "checked")
    s.set_status(0, ReviewStatus.REVIEWED)
    s.set_status(1, ReviewStatus.APPROVED)
    assert s.page_state(0).status is ReviewStatus.REVIEWED
    assert s.status_summary()[ReviewStatus.REVIEWED] == 1
    assert [h[0] for h in s.store.status_history(0)][-1] is ReviewStatus.REVIEWED
    exported = collect(s, ExportOptions(approved_only=True))
    assert [p.page for p in exported.pages] == [1]  # "approved only": reviewed is not enough
    assert 0 in exported.skipped
    assert status_words(ReviewStatus.REVIEWED) == "reviewed"
    s.close()


def test_a_store_from_before_reviewed_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for script in schema._MIGRATIONS[:2]:  # the schema as version 2 made it
        for statement in schema._split(script):
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    conn.execute(
        "INSERT INTO status_events (page, status, created_at, author) "
        "VALUES (0, 'approved', 1.0, 'ana')"
    )
    with pytest.raises(sqlite3.IntegrityError):  # what version 2 refused
        conn.execute(
            "INSERT INTO status_events (page, status, created_at, author) "
            "VALUES (0, 'reviewed', 2.0, 'ana')"
        )
    conn.close()
    store = ReviewStore(path, author="ben")
    assert store.status_history(0) == [(ReviewStatus.APPROVED, 1.0, "ana")]
    store.set_status(0, ReviewStatus.REVIEWED)
    assert store.status(0) is ReviewStatus.REVIEWED
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):  # still append-only
        store.connection.execute("DELETE FROM status_events")
    store.close()


def test_a_batch_leaves_a_reviewed_page_alone(tmp_path: Path) -> None:
    from backend.store.job_rows import PageJobState, Selection

    store = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    store.add_version(0, VersionKind.OCR, "讀過的字", {"engine": "vllm"})
    store.set_status(0, ReviewStatus.REVIEWED)  # checked as the machine read it
    jobs = store.jobs()
    job = jobs.create(jobs.select_pages(2, Selection.ALL, [0, 1]), {"model": "m"})
    assert {p.page: p.state for p in jobs.pages(job)}[0] is PageJobState.SKIPPED
    store.close()
