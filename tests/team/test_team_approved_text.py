"""Issue 28, defect 1 on the team server: "approved" ("final") means the text that was
approved. The same walk as the embedded store's (tests/backend/store/approval_walk.py), with
rita editing and sam (a senior reviewer) approving; typing on a final page takes it
back at the first keystroke; and a database made before approvals named their
version (schema 1) upgrades, keeping its approvals."""

from __future__ import annotations

import hashlib
import itertools
import tempfile
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from hypothesis import given

from backend.documents.pdf import open_pdf
from backend.errors import StoreError
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.postgres import admin
from backend.store.postgres.errors import ApprovalRefusedError
from backend.store.postgres.team_store import TeamStore
from tests.backend.store.approval_walk import Desk, steps, walk
from tests.pdf_factory import text_pdf
from tests.properties import examples
from tests.team.conftest import PEOPLE, url
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]
_walks = itertools.count(1)


def test_typing_on_a_final_page_takes_it_back_at_the_first_keystroke(open_store: Open) -> None:
    rita, sam = open_store("rita"), open_store("sam")
    rita.add_version(0, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    sam.set_status(0, ReviewStatus.APPROVED)
    rita.save_draft(0, "他方當事人得定")  # typed and undone: the approved text stands
    assert rita.status(0) is ReviewStatus.APPROVED
    change = rita.save_draft(0, "他方當事人應定")  # not yet a version: already not final
    assert change.status and rita.status(0) is ReviewStatus.IN_PROGRESS


def test_the_final_approval_records_its_version(open_store: Open) -> None:
    rita, sam = open_store("rita"), open_store("sam")
    version, _change = rita.add_version(0, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    sam.set_status(0, ReviewStatus.APPROVED)
    approved = rita.approved_version(0)
    assert approved is not None and approved.id == version.id
    assert rita.approved_version(1) is None


def test_an_approval_of_text_replaced_since_it_was_shown_is_refused(open_store: Open) -> None:
    rita, ron, sam = open_store("rita"), open_store("ron"), open_store("sam")
    rita.add_version(0, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    assert sam.page_state(0).text == "他方當事人得定"  # what sam reads and approves
    ron.save_draft(0, "他方當事人應定")
    ron.commit_draft(0)  # a newer working version sam has not seen
    # The words name both marks the database guards (a "reviewed" mark is refused alike).
    refused = "changed after you saw it, so it was not marked reviewed or approved"
    with pytest.raises(ApprovalRefusedError, match=refused):
        sam.set_status(0, ReviewStatus.APPROVED)
    assert rita.status(0) is not ReviewStatus.APPROVED and rita.approved_version(0) is None
    assert sam.page_state(0).text == "他方當事人應定"  # shown again: now it may be approved
    sam.set_status(0, ReviewStatus.APPROVED)
    approved = rita.approved_version(0)
    assert approved is not None and approved.text == "他方當事人應定"


def test_an_approval_replayed_after_an_outage_approves_only_what_was_shown(
    pg: Cluster, open_store: Open
) -> None:
    rita, ron, sam = open_store("rita"), open_store("ron"), open_store("sam")
    rita.add_version(1, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    sam.page_state(1)
    pg.stop()
    try:
        change = sam.set_status(1, ReviewStatus.APPROVED)  # kept in sam's journal,
        # after the commit of any typing (none here: ``journal.version_shown``)
        assert "offline" in change.message and sam.pending == 2
    finally:
        pg.start()
    ron.save_draft(1, "他方當事人應定")
    ron.commit_draft(1)
    told = sam.flush()  # back online: the approval is of text that is gone
    assert any("changed after you saw it" in m for m in told), told
    assert sam.pending == 0 and rita.approved_version(1) is None


def test_a_review_given_offline_after_an_offline_edit_is_of_that_edit(
    pg: Cluster, open_store: Open
) -> None:
    """The edit and the status wait in the journal together: the version shown is the
    one the edit's replay commits, not the one the page had before it."""
    rita, ron = open_store("rita"), open_store("ron")
    ron.add_version(2, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    ron.add_version(3, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    rita.page_state(2), rita.page_state(3)
    pg.stop()
    try:
        for page in (2, 3):
            rita.save_draft(page, "他方當事人應定")
            rita.commit_draft(page)
        rita.set_team_status(2, "reviewed")  # journaled
    finally:
        pg.start()
    assert rita.probe()  # back (as the window finds in the background): calls try it again
    rita.set_team_status(3, "reviewed")  # back online, page 3's edit still journaled
    assert rita.pending == 0 and rita.notices == []
    for page in (2, 3):
        assert ron.team_status(page) == "reviewed"
        assert ron.page_state(page).text == "他方當事人應定"


def test_an_offline_review_of_an_edit_that_lost_to_a_newer_save_is_refused(
    pg: Cluster, open_store: Open
) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    ron.add_version(4, VersionKind.OCR, "他方當事人得定", {"engine": "vllm"})
    rita.page_state(4)
    pg.stop()
    try:
        rita.save_draft(4, "他方當事人應定")
        rita.commit_draft(4)
        rita.set_team_status(4, "reviewed")
    finally:
        pg.start()
    ron.page_state(4)
    ron.save_draft(4, "他方當事人不得定")  # saved first: rita's edit is kept beside it
    ron.commit_draft(4)
    told = rita.flush()
    assert any("changed after you saw it" in m for m in told), told
    assert ron.team_status(4) != "reviewed"


@examples(25)
@given(plan=steps)
def test_approved_always_means_the_text_that_was_approved(
    pg: Cluster, plan: list[tuple[object, ...]]
) -> None:
    sha = hashlib.sha256(f"approval-walk-{next(_walks)}".encode()).hexdigest()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        doc = admin.add_document(conn, sha, "walk.pdf", 1)
        for name in PEOPLE:
            admin.give(conn, doc, name)
    with tempfile.TemporaryDirectory() as folder:

        def store(who: str) -> TeamStore:
            return TeamStore(
                url(pg, who),
                sha256=sha,
                name="walk.pdf",
                page_count=1,
                journal_dir=Path(folder) / who,
            )

        rita, sam = store("rita"), store("sam")
        session = DocumentSession(open_pdf(text_pdf(Path(folder) / "w.pdf", ["p"])), rita, [])
        try:
            walk(Desk(editor=rita, approver=sam, session=session), plan)
        finally:
            session.close()
            sam.close()


def test_a_database_from_before_approved_versions_upgrades(pg: Cluster, tmp_path: Path) -> None:
    pg.psql("CREATE DATABASE schema_one")
    here = admin.HERE
    with psycopg.connect(pg.url(db="schema_one"), autocommit=True) as conn:
        with conn.transaction():  # the schema as version 1 made it
            conn.execute((here / "roles.sql").read_text("utf-8"))
            conn.execute((here / "schema.sql").read_text("utf-8"))
        sha = hashlib.sha256(b"schema-one").hexdigest()
        doc = admin.add_document(conn, sha, "old.pdf", 3)
        for name in PEOPLE:
            admin.give(conn, doc, name)
    old_url = pg.url("rita", "pw-rita", db="schema_one")
    with psycopg.connect(old_url, autocommit=True) as rita_sql:
        row = rita_sql.execute(
            "INSERT INTO proofdesk.versions (document_id, page, kind, text) "
            "VALUES (%s, 0, 'ocr', '得') RETURNING id",
            (doc,),
        ).fetchone()
        assert row is not None
        rita_sql.execute(
            "INSERT INTO proofdesk.pages (document_id, page, current_version) VALUES (%s, 0, %s)",
            (doc, row[0]),
        )
    with psycopg.connect(pg.url("sam", "pw-sam", db="schema_one"), autocommit=True) as sam_sql:
        sam_sql.execute(
            "INSERT INTO proofdesk.status_events (document_id, page, status) "
            "VALUES (%s, 0, 'final')",
            (doc,),
        )

    def open_old() -> TeamStore:
        journal = tmp_path / "journal"
        return TeamStore(old_url, sha256=sha, name="old.pdf", page_count=3, journal_dir=journal)

    with pytest.raises(StoreError, match="older than this ProofDesk"):
        open_old()
    with psycopg.connect(pg.url(db="schema_one"), autocommit=True) as conn:
        assert admin.upgrade(conn)
        assert not admin.upgrade(conn)  # once
    rita = open_old()
    try:
        approved = rita.approved_version(0)  # an approval from before: its working version
        assert approved is not None and approved.id == row[0]
        rita.save_draft(0, "應")
        assert rita.status(0) is ReviewStatus.IN_PROGRESS
    finally:
        rita.close()
