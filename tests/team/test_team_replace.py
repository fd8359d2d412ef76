"""Find & replace on the team server (issue 24 point 4): a page someone else has
claimed is shown with who holds it, and never touched; the others are replaced."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.session.replace import ReplaceQuery, SkipReason, apply_matches, find_matches
from backend.store.postgres.team_store import TeamStore

Open = Callable[..., TeamStore]
QUERY = ReplaceQuery("林ＯＯ", "林○○")


def test_a_page_claimed_by_someone_else_is_never_touched(open_store: Open) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    rita.add_version(0, VersionKind.OCR, "原告林ＯＯ", {"engine": "vllm"})
    rita.add_version(1, VersionKind.OCR, "被告林ＯＯ", {"engine": "vllm"})
    ron.save_draft(1, "被告林ＯＯ。")  # ron types on page 2: his claim
    matches = find_matches(rita, 2, QUERY)
    assert [(m.page, m.claimed_by) for m in matches] == [(0, None), (1, "ron")]
    outcome = apply_matches(rita, matches, QUERY)
    assert outcome.changed_pages == {0} and outcome.skipped == {1: SkipReason.CLAIMED}
    assert rita.working_text(0) == "原告林○○"
    assert [v.text for v in rita.versions(1)] == ["被告林ＯＯ"]  # no version of rita's
    assert ron.draft(1) == "被告林ＯＯ。"  # ron's typing as he left it


def test_a_page_claimed_after_the_preview_is_left_as_it_was(open_store: Open) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    rita.add_version(0, VersionKind.OCR, "原告林ＯＯ", {"engine": "vllm"})
    matches = find_matches(rita, 1, QUERY)
    ron.claim(0)  # between the preview and the writing
    outcome = apply_matches(rita, matches, QUERY)
    assert outcome.skipped == {0: SkipReason.CLAIMED} and not outcome.changed
    assert rita.working_text(0) == "原告林ＯＯ"


def test_the_whole_documents_texts_and_claims_are_read_as_each_page_reads_them(
    open_store: Open,
) -> None:
    # find_matches reads them in one round trip each (the 3,000-page preview's goal);
    # they must be what the page-at-a-time reads give, drafts and claims included.
    rita, ron = open_store("rita"), open_store("ron")
    rita.add_version(0, VersionKind.OCR, "原告林ＯＯ", {"engine": "vllm"})
    rita.add_version(1, VersionKind.OCR, "被告林ＯＯ", {"engine": "vllm"})
    rita.save_draft(1, "被告林ＯＯ（打字）")  # rita's own typing wins on page 2
    rita.save_draft(2, "只有草稿")  # a page with typing and no version yet
    ron.save_draft(0, "原告林ＯＯ。")  # ron's claim; his typing is not rita's text
    assert rita.working_texts() == {p: rita.working_text(p) for p in range(3)}
    assert rita.working_texts()[1] == "被告林ＯＯ（打字）"
    assert rita.working_texts(1, 2) == {1: "被告林ＯＯ（打字）", 2: "只有草稿"}  # a chunk
    assert rita.working_texts(2) == {2: "只有草稿"}
    assert rita.claim_holders() == {0: "ron"}
    held = rita.claim_holder(0)
    assert held is not None and held[0] == "ron"
    assert ron.claim_holders() == {1: "rita", 2: "rita"}
