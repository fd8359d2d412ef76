"""The facts index on the team server (issue 24 point 1): the walk the embedded store
passes, and the index is the document's (one reviewer's reading serves another)."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.session.facts import DocumentFacts
from backend.store.postgres.team_store import TeamStore
from tests.backend.store.facts_index_walk import walk


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
