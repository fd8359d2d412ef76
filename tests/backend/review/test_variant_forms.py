"""A variant form the transcript writes where the alternate reads the standard form
(issue 22: on the real-errors bench's tuning pages RapidOCR wrote 内 决 减 抛 where the
page prints 內 決 減 拋, and folding hid it). The alternate's reading of the standard
form is the evidence; the alternate's own variant is its habit, never flagged.
"""

from __future__ import annotations

from pathlib import Path

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import DiffCategory, Flag, FlagKind
from tests.backend.review.tables import SETTINGS, options, settings, with_user_variants

PAGE = "上訴期間內得提出上訴狀。如不服本判決，應於送達後二十日內提出。"


def _glyph_flags(transcript: str, alternate: str) -> list[Flag]:
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    return [f for f in review.flags if f.category is DiffCategory.GLYPH]


def test_the_transcripts_variant_where_the_alternate_reads_the_standard_form_is_flagged() -> None:
    transcript = PAGE.replace("內得", "内得").replace("判決", "判决")
    flags = _glyph_flags(transcript, PAGE)
    assert [(transcript[f.start : f.end], f.replacement) for f in flags] == [
        ("内", "內"),
        ("决", "決"),
    ]
    assert all(f.kind is FlagKind.DIFF for f in flags)
    assert [PAGE[f.alt_start or 0 : f.alt_end or 0] for f in flags] == ["內", "決"]
    assert "內" in flags[0].detail and "内" in flags[0].detail


def test_the_alternates_variant_is_not_flagged() -> None:
    assert _glyph_flags(PAGE, PAGE.replace("內得", "内得")) == []


def test_both_readings_writing_the_variant_is_no_evidence() -> None:
    both = PAGE.replace("內得", "内得")
    assert _glyph_flags(both, both) == []


def test_a_variant_is_never_critical() -> None:
    """判决 for 判決 is the same word: no critical item."""
    transcript = PAGE.replace("判決", "判决")
    review = review_page(0, transcript, AltText(PAGE, "rapidocr"), settings=SETTINGS)
    assert not [f for f in review.flags if f.kind is FlagKind.CRITICAL]


def test_with_variant_folding_off_the_difference_is_substantive_once() -> None:
    transcript = PAGE.replace("內得", "内得")
    unfolded = settings(compare=options(fold_variants=False))
    review = review_page(0, transcript, AltText(PAGE, "rapidocr"), settings=unfolded)
    at = [f for f in review.flags if f.start <= transcript.index("内") < f.end]
    assert [f.category for f in at] == [DiffCategory.SUBSTANTIVE]


def test_a_users_own_variant_pair_stays_folded(tmp_path: Path) -> None:
    """The user said 甯 and 寧 are one character in their documents."""
    extra = tmp_path / "mine.tsv"
    extra.write_text("甯\t寧\n内\t內\n", "utf-8")
    own = settings(compare=with_user_variants(extra))
    page = "寧願" + PAGE
    transcript = "甯願" + PAGE.replace("內得", "内得")
    review = review_page(0, transcript, AltText(page, "rapidocr"), settings=own)
    assert [f for f in review.flags if f.kind is FlagKind.DIFF] == []


def test_compatibility_ideographs_beyond_the_basic_plane_are_found_too() -> None:
    """A PDF text layer's compatibility ideograph (U+2F801 for 丸, U+2F08 the Kangxi
    radical for 人) where the alternate reads the plain character: the search keeps
    characters beyond U+FFFF in a class of their own (``variant_forms._variants``)."""
    page = "扣案之丸劑與他人之物品。"
    transcript = page.replace("丸", "\U0002f801").replace("他人", "他\u2f08")
    flags = _glyph_flags(transcript, page)
    assert [(transcript[f.start : f.end], f.replacement) for f in flags] == [
        ("\U0002f801", "丸"),
        ("\u2f08", "人"),
    ]
