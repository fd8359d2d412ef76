"""Search hits (issue 14 review): every row's highlighted match is text that really
matches the query, whatever case the store's index folded."""

from __future__ import annotations

from pathlib import Path

from backend.session.document_session import DocumentSession
from backend.session.search_hits import hits_in


def test_a_case_folded_match_highlights_the_match_not_the_page_start() -> None:
    text = "The plaintiff filed. Then the COURT ruled; the Court adjourned."
    hits = hits_in([(0, text)], "court", limit=10)
    assert [(h.offset, h.match) for h in hits] == [(30, "COURT"), (47, "Court")]
    assert hits[0].before.endswith("the ") and hits[0].after.startswith(" ruled")


def test_regex_characters_in_a_query_are_plain_text() -> None:
    text = "金額(新臺幣)1.5萬元，見附件[甲]。"
    (hit,) = hits_in([(0, text)], "(新臺幣)1.5", limit=10)
    assert hit.match == "(新臺幣)1.5" and hit.offset == 2
    (hit,) = hits_in([(0, text)], "[甲]", limit=10)
    assert hit.match == "[甲]"


def test_the_store_finds_a_page_in_another_case_and_the_hit_is_on_the_word(
    sample_pdf: Path,
) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(1, "前言 See EXHIBIT A. 後文")
    (hit,) = s.search("exhibit")
    assert hit.page == 1 and hit.match == "EXHIBIT" and hit.offset == 7
    s.close()


def test_a_page_the_index_matched_but_the_text_does_not_highlights_nothing() -> None:
    (hit,) = hits_in([(3, "第一條 本要點依法訂定。")], "zzz", limit=10)
    assert hit.page == 3 and hit.match == "" and "[" not in hit.snippet
    assert hit.after.startswith("第一條")
