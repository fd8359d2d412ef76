"""Set-up the team GUI tests share: a document on the server, and who holds a claim."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import psycopg

from backend.session.document_session import DocumentSession
from backend.store.postgres import admin
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster


def shared_document(
    pg: Cluster,
    pdf: Path,
    tmp_path: Path,
    *,
    ocr_suffix: str = "",
    given: Iterable[str] = (),
    assigned: tuple[int, int, str] | None = None,
    journal: str = "ron",
) -> TeamStore:
    """``pdf`` on the server with an OCR reading per page ("第N頁" + ``ocr_suffix``),
    given to ``given`` and ``assigned`` (first page, last page, who) as a queue; ron's
    store on it (ron must be given it)."""
    session = DocumentSession.open(pdf, store_path=url(pg, "ada"))
    for page in range(session.page_count):
        session.add_reading(page, f"第{page + 1}頁{ocr_suffix}", {"engine": "vllm"})
    sha = session.pdf.info.sha256
    session.close()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        row = conn.execute("SELECT id FROM proofdesk.documents WHERE sha256 = %s", (sha,))
        found = row.fetchone()
        assert found is not None
        for who in given:
            admin.give(conn, int(found[0]), who)
        if assigned is not None:
            admin.assign(conn, int(found[0]), *assigned)
    return TeamStore(
        url(pg, "ron"), sha256=sha, name=pdf.name, page_count=3, journal_dir=tmp_path / journal
    )


def claim_holder(pg: Cluster, store: TeamStore, page: int) -> str:
    """Who holds an unexpired claim on ``page`` of the store's document ("" for nobody),
    asked from psql, outside the app."""
    done = pg.psql(
        "SELECT string_agg(holder, ',') FROM proofdesk.claims WHERE "
        f"document_id = {store.doc} AND page = {page} AND expires_at > clock_timestamp()"
    )
    return done.stdout.splitlines()[2].strip()
