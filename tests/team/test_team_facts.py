"""The facts index on the team server (issue 24 point 1): the walk the embedded store
passes, and the index is the document's (one reviewer's reading serves another)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import psycopg
import pytest

from backend.models import VersionKind
from backend.session.facts import DocumentFacts
from backend.store.facts_rows import text_digest
from backend.store.postgres import admin
from backend.store.postgres.journal import DraftEntry
from backend.store.postgres.team_store import TeamStore
from tests.backend.store.facts_index_walk import walk
from tests.team.conftest import url
from tests.team.pg_cluster import Cluster


def test_the_index_survives_close_and_open_on_the_team_server(
    open_store: Callable[..., TeamStore],
) -> None:
    walk(lambda: open_store("rita"))


def test_one_reviewers_index_serves_another_but_not_their_drafts(
    open_store: Callable[..., TeamStore],
) -> None:
    rita = open_store("rita")
    rita.add_version(0, VersionKind.OCR, "一一四年度訴字第五六號", {})
    rita.add_version(1, VersionKind.OCR, "原告 林○○", {})
    DocumentFacts(rita).load()
    ron = open_store("ron")
    theirs = DocumentFacts(ron)
    theirs.load()
    assert theirs.read_pages == 0
    ron.save_draft(1, "原告 林○Ｏ")  # ron's typing is ron's working text, not rita's
    again = DocumentFacts(ron)
    again.load()
    assert again.read_pages == 1
    assert DocumentFacts(rita).read_pages == 0
    mine = DocumentFacts(rita)
    mine.load()
    assert mine.read_pages == 1  # ron's row is of his draft: rita reads hers again


def test_another_reviewers_save_is_caught_up_with_without_its_notification(
    open_store: Callable[..., TeamStore],
) -> None:
    rita = open_store("rita")
    for page in range(3):
        rita.add_version(page, VersionKind.OCR, f"一一四年度訴字第五六號\n第{page}頁", {})
    mine = DocumentFacts(rita)
    mine.load()
    assert mine.catch_up() == []
    ron = open_store("ron")
    ron.add_version(1, VersionKind.EDIT, "一一四年度訴字第五八號\n第1頁", {})
    assert mine.catch_up() == [1]  # ron's save, asked of the server (no LISTEN here)
    assert mine.facts(1)[0].value.endswith("五八號")
    ron.save_draft(2, "ron typing")  # ron's draft is not rita's working text
    assert mine.catch_up() == []


def test_a_documents_facts_are_read_only_by_those_it_was_given_to(
    pg: Cluster, open_store: Callable[..., TeamStore]
) -> None:
    sha = hashlib.sha256(b"facts not given to ron").hexdigest()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        other = admin.add_document(conn, sha, "other.pdf", 5)
        admin.give(conn, other, "rita")
    rita = open_store("rita", sha=sha)
    rita.add_version(0, VersionKind.OCR, "一一四年度訴字第五六號", {})
    DocumentFacts(rita).load()
    assert set(rita.facts_rows()) == {0}
    with psycopg.connect(url(pg, "ron"), autocommit=True) as conn:
        seen = conn.execute(
            "SELECT count(*) FROM proofdesk.facts WHERE document_id = %s", (other,)
        ).fetchone()
        assert seen == (0,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO proofdesk.facts (document_id, page, source, facts) "
                "VALUES (%s, 1, 'x', '')",
                (other,),
            )


def test_typing_kept_offline_is_the_working_text_the_index_is_checked_against(
    open_store: Callable[..., TeamStore],
) -> None:
    rita = open_store("rita")
    rita.add_version(2, VersionKind.OCR, "一一四年度訴字第五六號", {})
    DocumentFacts(rita).load()
    # The server was away while rita typed: the journal holds her page 2.
    rita.journal.append(DraftEntry(2, "一一四年度訴字第五八號"))
    assert rita.text_digests()[2] == text_digest("一一四年度訴字第五八號")
    facts = DocumentFacts(rita)
    facts.load()
    assert facts.read_pages == 1
    assert [f.value for f in facts.facts(2)] == ["一一四年度訴字第五八號"]
