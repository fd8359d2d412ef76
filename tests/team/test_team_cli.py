"""The session facade and the CLI on the team server: ``--store postgresql://``,
``status --json`` with the team's progress, ``store push``/``store pull`` round trips."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from backend.errors import StoreError
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.postgres import admin
from backend.store.postgres.connection import conninfo
from tests.backend.cli.cli_helpers import run_cli
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster


def _give_sample(pg: Cluster, sha: str, *people: str) -> None:
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        doc = conn.execute("SELECT id FROM proofdesk.documents WHERE sha256 = %s", (sha,))
        row = doc.fetchone()
        assert row is not None
        for who in people:
            admin.give(conn, int(row[0]), who)
        admin.assign(conn, int(row[0]), 0, 1, "rita")


def _snapshot(session: DocumentSession) -> dict[str, object]:
    """Everything a review holds, with version ids as their place in the history
    (ids are each store's own; a restore names the version it restored by id)."""
    store = session.store
    versions = [v for p in range(session.page_count) for v in store.versions(p)]
    place = {v.id: i for i, v in enumerate(versions)}

    def provenance(prov: dict[str, object]) -> dict[str, object]:
        old = prov.get("restored_from")
        return {**prov, "restored_from": place[old]} if isinstance(old, int) else prov

    return {
        "versions": [
            (v.page, v.kind, v.text, v.created_at, v.author, provenance(v.provenance))
            for v in versions
        ],
        "states": [
            (s.text, s.status, s.note, s.version_count, place.get(s.version_id or -1))
            for s in (store.page_state(p) for p in range(session.page_count))
        ],
        "statuses": [store.status_history(p) for p in range(session.page_count)],
        "prompt": session.prompt_for(0),
    }


def test_one_session_facade_drives_the_team_store(pg: Cluster, team_pdf: Path) -> None:
    admin_session = DocumentSession.open(team_pdf, store_path=url(pg, "ada"))
    sha = admin_session.pdf.info.sha256
    admin_session.add_reading(0, "臺灣臺北地方法院民事判決", {"engine": "vllm"})
    admin_session.close()
    _give_sample(pg, sha, "rita", "sam")
    rita = DocumentSession.open(team_pdf, store_path=url(pg, "rita"))
    assert rita.page_state(0).text == "臺灣臺北地方法院民事判決"
    rita.save_draft(0, "臺灣臺北地方法院刑事判決")
    rita.set_status(0, ReviewStatus.FLAGGED)  # commits the typing first
    assert [h.page for h in rita.search("刑事判決")] == [0]
    with pytest.raises(StoreError):
        rita.backup()  # the server's backups are pg_dump's (docs/TEAM.md)
    rita.close()
    done = run_cli("status", team_pdf, "--store", url(pg, "rita"), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["pages"][0] == "flagged"
    assert data["team"]["people"]["rita"]["edited"] == 1
    assert data["team"]["people"]["rita"]["assigned"] == 2
    assert data["team"]["statuses"]["flagged"] == 1
    assert data["team"]["queues"]["rita"] == [1, 2]  # pages 1-2 are hers, not final yet
    text = run_cli("status", team_pdf, "--store", url(pg, "rita"))
    assert "rita: edited 1, final approvals 0, claimed 0, assigned 2 (2 to go)" in text.stdout


def test_push_and_pull_round_trip_compare_equal(
    pg: Cluster, team_pdf: Path, tmp_path: Path
) -> None:
    local = DocumentSession.open(team_pdf, store_path=tmp_path / "mine.sqlite", author="clerk")
    local.add_reading(0, "第一頁", {"engine": "vllm", "model": "qwen"})
    local.save_draft(0, "第一頁（改）")
    local.set_status(0, ReviewStatus.APPROVED)  # a one-person review: approved by its editor
    local.add_reading(1, "第二頁", {"engine": "vllm"})
    first = local.store.versions(0)[0].id
    local.store.restore(first)
    local.set_note(1, "看一下")
    local.set_status(1, ReviewStatus.REVIEWED)  # kept as itself both ways, not "in progress"
    local.set_prompt("read the seal too")
    local.store.add_version(1, VersionKind.ALTERNATE, "第二頁?", {"engine": "rapidocr"})
    before = _snapshot(local)
    local.close()
    pushed = run_cli(
        "store", "push", team_pdf, "--to", url(pg, "ada"), "--store", tmp_path / "mine.sqlite"
    )
    assert pushed.returncode == 0, pushed.stderr
    team = DocumentSession.open(team_pdf, store_path=url(pg, "ada"))
    try:
        assert _snapshot(team) == before  # authors and times as they were made
        assert team.store.versions(0)[-1].provenance == {
            "restored_from": team.store.versions(0)[0].id,
            "restored_kind": "ocr",
        }
    finally:
        team.close()
    again = run_cli(
        "store", "push", team_pdf, "--to", url(pg, "ada"), "--store", tmp_path / "mine.sqlite"
    )
    assert again.returncode != 0 and "already has a review" in again.stderr
    pulled = run_cli(
        "store", "pull", team_pdf, "--from", url(pg, "ada"), "--store", tmp_path / "back.sqlite"
    )
    assert pulled.returncode == 0, pulled.stderr
    back = DocumentSession.open(team_pdf, store_path=tmp_path / "back.sqlite")
    try:
        assert _snapshot(back) == before
    finally:
        back.close()


def test_tls_is_verified_for_a_remote_server() -> None:
    assert "sslmode=verify-full" in conninfo("postgresql://rita@team.example.org/proofdesk")
    assert "sslmode" not in conninfo("postgresql://rita@127.0.0.1:5432/proofdesk")
    assert "sslmode" not in conninfo("postgresql:///proofdesk?host=/run/postgresql")
    with pytest.raises(StoreError, match="verify-full"):
        conninfo("postgresql://rita@team.example.org/proofdesk?sslmode=require")


def test_another_reviewer_opening_it_elsewhere_is_not_a_move(
    pg: Cluster, team_pdf: Path, tmp_path: Path
) -> None:
    DocumentSession.open(team_pdf, store_path=url(pg, "ada")).close()
    _give_sample(pg, _sha(team_pdf), "sam")
    elsewhere = tmp_path / "sams-copy" / "case.pdf"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(team_pdf.read_bytes())
    for pdf, who in ((elsewhere, "sam"), (team_pdf, "ada")):
        session = DocumentSession.open(pdf, store_path=url(pg, who))
        assert not [n for n in session.notices if "moved" in n], session.notices
        session.close()


def _sha(pdf: Path) -> str:
    import hashlib

    return hashlib.sha256(pdf.read_bytes()).hexdigest()
