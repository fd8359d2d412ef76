"""Marks the transcript gained inside Chinese text (issue 22, point 3), beyond the
stray ASCII marks (``test_stray_marks``): a middle dot, slash or lone bracket between
two Han characters, and a pause mark right beside another.

Found on the real-errors bench's tuning pages (seed 202): RapidOCR reads a faint
comma as ·, Tesseract a full stop as / and a name's ○ as a bracket, and gains a 。
before a comma. The other engine read nothing at those places, so only the marks
themselves say they are noise. Sentences are written for this test.
"""

from __future__ import annotations

import pytest

from backend.review.values import DiffCategory
from tests.backend.review.legal_terms_helpers import comparison, critical_of

PAGE = "延長勞工工作時間者其延長工作時間之工資依下列標準加給。"


@pytest.mark.parametrize("mark", ["·", "/", "(", ")", "()"])
def test_a_gained_dot_slash_or_bracket_between_han_characters_is_flagged(mark: str) -> None:
    transcript = PAGE.replace("者其", f"者{mark}其")
    [flag] = comparison(transcript, PAGE).flags()
    assert mark in transcript[flag.start : flag.end]
    assert critical_of(transcript, PAGE) == []  # noise, no changed word


@pytest.mark.parametrize("mark", ["·", "/"])
def test_the_alternates_dot_or_slash_is_a_mark_the_transcript_lost(mark: str) -> None:
    """The page prints 者，其: RapidOCR read the comma small (者·其), Tesseract lost it
    (者其). The alternate saw ink between two characters the transcript reads as
    neighbours, so the transcript lost a mark (``gap_marks.lost_mark``): a difference,
    never critical. (The alternate's bracket there is a ring the transcript dropped,
    ``ring_dropped``; its stray marks stay its noise, ``test_stray_marks``.)"""
    alternate = PAGE.replace("者其", f"者{mark}其")
    [flag] = comparison(PAGE, alternate).flags()
    assert flag.start == flag.end == PAGE.index("其")
    assert critical_of(PAGE, alternate) == []


def test_a_slash_both_readings_have_is_no_difference() -> None:
    page = "甲方及/或乙方應於三日內通知。"
    assert comparison(page, page).hunks == ()


@pytest.mark.parametrize(
    ("page", "transcript"),
    [
        ("請求權已罹於時效，惟被告", "請求權已罹於時效。，惟被告"),  # 。 before a comma
        ("請求權已罹於時效，惟被告", "請求權已罹於時效，、惟被告"),  # 、 after one
        ("計新臺幣二萬元, 然未能提出", "計新臺幣二萬元。, 然未能提出"),  # half-width beside
    ],
)
def test_a_pause_mark_gained_beside_another_is_flagged(page: str, transcript: str) -> None:
    [flag] = comparison(transcript, page).flags()
    assert set(transcript[flag.start : flag.end]) & set("。、")


@pytest.mark.parametrize(
    ("page", "transcript"),
    [
        ("第七款禁止任何人", "第七款。禁止任何人"),  # alone: the alternate may have lost faint ink
        ("自訴人呂慧住澎湖", "自訴人、呂慧住澎湖"),
    ],
)
def test_a_pause_mark_gained_alone_stays_punctuation(page: str, transcript: str) -> None:
    hunks = comparison(transcript, page).hunks
    assert hunks and all(h.category is DiffCategory.PUNCTUATION for h in hunks)


@pytest.mark.parametrize(
    ("page", "transcript"),
    [
        ("被告下稱甲公司應給付", "被告(下稱甲公司)應給付"),  # a pair: written text
        ("依民法第184條第1項前段規定", "依民法第184條(第1項)前段規定"),
        ("原告瑪麗亞桑多斯主張", "原告瑪麗亞‧桑多斯主張"),  # Taiwan's 音界號 in a name
        ("原告主張等語..", "原告主張等語..."),  # an ellipsis's dots
    ],
)
def test_written_marks_the_alternate_dropped_stay_punctuation(page: str, transcript: str) -> None:
    """Found by this stop's review (D): a bracket pair, a name's 音界號 and an ellipsis's
    third dot the alternate dropped are the page's, not noise (accepting such a flag
    would delete them)."""
    hunks = comparison(transcript, page).hunks
    assert hunks and all(h.category is DiffCategory.PUNCTUATION for h in hunks)


def test_a_lone_bracket_beside_a_pair_further_on_is_still_noise() -> None:
    """Only its own partner excuses a bracket: 徐(雅 stays noise though a gloss in
    brackets follows later on the line, its own ( before its )."""
    page = "告訴人徐雅（下稱徐女）到庭"
    transcript = "告訴人徐(雅（下稱徐女）到庭"
    [flag] = comparison(transcript, page).flags()
    assert transcript[flag.start : flag.end] == "("
