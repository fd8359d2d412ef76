"""Page visits on the team server (issue 26): stamped by the server, append-only, a
reviewer reads only their own (an administrator everyone's), pushed with the history,
counted in the time on a page; critical outcomes pushed and counted alike; a server of
schema 5 upgrades to 6."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.stats import statistics_of
from backend.store.postgres import admin, transfer
from backend.store.postgres.team_sql import SCHEMA_VERSION
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter
from tests.pdf_factory import text_pdf
from tests.team.conftest import PEOPLE, url
from tests.team.pg_cluster import Cluster

T0 = 1_767_225_600.0

PAIR = {"reading_id": 1, "approved_id": 2, "critical_digest": "d", "distance": 0}
PAIR |= {"reading_chars": 1, "approved_chars": 1, "critical": False}


def _visits(store: TeamStore) -> list[tuple[str, int, str]]:
    with store._read() as c:
        rows = c.execute(
            "SELECT author, page, kind FROM proofdesk.page_visits WHERE document_id = %s "
            "ORDER BY id",
            (store.doc,),
        ).fetchall()
    return [(str(a), int(p), str(k)) for a, p, k in rows]


def test_visits_are_stamped_and_each_reviewer_reads_their_own(
    open_store: Callable[..., TeamStore], pg: Cluster
) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    rita.add_page_visit(0)
    ron.add_page_visit(1)
    rita.add_page_visit(0, "leave")
    assert _visits(rita) == [("rita", 0, "visit"), ("rita", 0, "leave")]
    assert _visits(ron) == [("ron", 1, "visit")]
    assert [v[0] for v in _visits(open_store("ada"))] == ["rita", "ron", "rita"]
    with psycopg.connect(url(pg, "ron"), autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # not as someone else
            conn.execute(
                "INSERT INTO proofdesk.page_visits (document_id, page, kind, origin_author) "
                "VALUES (%s, 2, 'visit', 'rita')",
                (ron.doc,),
            )
        for statement in (
            "UPDATE proofdesk.page_visits SET page = 3",
            "DELETE FROM proofdesk.page_visits",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)


def test_pushed_visits_count_as_on_the_embedded_store(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    local = ReviewStore(tmp_path / "local.review", author="ada")
    try:
        with HistoryWriter(local) as w:
            w.reading(0, "一", at=T0 - 1000)
            w.reading(1, "二", at=T0 - 1000)
            w.visit(0, at=T0, author="rita")  # page 0 only looked at: 30 s
            w.visit(1, at=T0 + 30, author="rita")
            edit = w.edit(1, "二。", at=T0 + 60, author="rita")
            w.status(1, "approved", at=T0 + 100, author="rita")  # +70 on page 1
            w.visit(1, at=T0 + 5, author="ron")
            w.visit(1, at=T0 + 25, author="ron", kind="leave")  # 20 s on page 1
            w.outcome(1, edit, 3, 2, at=T0 + 100, author="rita")  # at her approval
        transfer.push(local, open_store("ada"))
        local_stats = statistics_of(local, 50)
        assert local_stats.pages[1].critical_accepted == 2
    finally:
        local.close()
    admin_stats = statistics_of(open_store("ada"), 50)
    assert [p.seconds for p in admin_stats.pages] == [{"rita": 30.0}, {"rita": 70.0, "ron": 20.0}]
    assert admin_stats.pages == local_stats.pages and admin_stats.people == local_stats.people
    ron = statistics_of(open_store("ron"), 50)
    assert [p.seconds for p in ron.pages] == [{}, {"ron": 20.0}]
    back = ReviewStore(tmp_path / "back.review", author="ada")  # and pulled back, the same
    try:
        transfer.pull(open_store("ada"), back)
        assert statistics_of(back, 50).pages == local_stats.pages
    finally:
        back.close()


def test_a_server_of_schema_5_upgrades_to_the_current_schema(pg: Cluster, tmp_path: Path) -> None:
    pg.psql("CREATE DATABASE schema_five")
    with psycopg.connect(pg.url(db="schema_five"), autocommit=True) as conn:
        with conn.transaction():  # the schema as version 5 made it
            conn.execute((admin.HERE / "roles.sql").read_text("utf-8"))
            conn.execute((admin.HERE / "schema.sql").read_text("utf-8"))
        for version in range(2, 6):
            with conn.transaction():
                conn.execute((admin.HERE / f"schema_{version}.sql").read_text("utf-8"))
        assert admin.schema_version(conn) == 5
        sha = hashlib.sha256(b"schema-five").hexdigest()
        doc = admin.add_document(conn, sha, "five.pdf", 3)
        for name in PEOPLE:
            admin.give(conn, doc, name)
        assert admin.upgrade(conn)
        assert admin.schema_version(conn) == SCHEMA_VERSION == 7
        assert not admin.upgrade(conn)  # once
    rita = TeamStore(
        pg.url("rita", "pw-rita", db="schema_five"),
        sha256=sha,
        name="five.pdf",
        page_count=3,
        journal_dir=tmp_path / "journal",
    )
    try:
        rita.add_page_visit(2)
        rita.add_critical_outcome(
            {"page": 2, "version_id": None, "reading_id": None, "raised": 0}
            | {"accepted": 0, "dismissed": 0, "items": "[]"}
        )
        rita.add_pair_measures([PAIR])  # schema 7's table
        assert _visits(rita) == [("rita", 2, "visit")]
    finally:
        rita.close()


def test_the_final_approval_records_the_outcomes_on_the_server(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    read = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
    rita = open_store("rita")
    rita.add_version(0, VersionKind.OCR, read, {"engine": "vllm", "model": "m"})
    rita.add_version(0, VersionKind.ALTERNATE, read.replace("三", "五"), {"engine": "rapidocr"})
    rita.add_version(0, VersionKind.EDIT, read.replace("三", "五"))  # the alternate's amount
    pdf = open_pdf(text_pdf(tmp_path / "a.pdf", ["p"]))
    session = DocumentSession(pdf, open_store("sam"), [])  # the senior's final approval
    session.set_status(0, ReviewStatus.APPROVED)
    page = statistics_of(open_store("ada"), 50).pages[0]
    assert (page.critical_raised, page.critical_accepted, page.critical_dismissed) == (1, 1, 0)
    with rita._read() as c:  # the document's: every member reads it, stamped as sam's
        row = c.execute(
            "SELECT author, raised FROM proofdesk.critical_outcomes WHERE document_id = %s",
            (rita.doc,),
        ).fetchone()
    assert row == ("sam", 1)


def test_a_visit_is_not_tried_while_edits_wait_offline(
    pg: Cluster, open_store: Callable[..., TeamStore]
) -> None:
    """Offline, every page turn's visit would hold the store's thread for the connection
    timeout, and the next autosave behind it: with edits in the journal it is not tried."""
    rita = open_store("rita")
    rita.add_page_visit(0)
    pg.stop()
    try:
        rita.save_draft(1, "離線打的字")
        assert rita.pending == 1
        rita.add_page_visit(1)  # raised TeamUnreachableError after the timeout before
    finally:
        pg.start()
    rita.flush()
    rita.add_page_visit(2)
    assert _visits(rita) == [("rita", 0, "visit"), ("rita", 2, "visit")]
