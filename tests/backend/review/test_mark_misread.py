"""Marks the transcript missed or misread where the alternate reads one (issue 22, point 3).

Built from how engines fail, not from any page: an engine drops a faint comma or
reads it as another mark (·, ', 。); it seldom invents a Chinese sentence mark. So
a sentence mark the alternate reads and the transcript lacks is a difference,
while a mark only the transcript has stays a punctuation difference, and full and
half width stay folded. Inside a line the alternate scored low, a lone mark or a
half-seen ring (0, C for ○) is that line's own faint ink, not bleed-through.
Sentences are written for this test.
"""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review.values import DiffCategory
from tests.backend.review.alt_text_helpers import alt_text
from tests.backend.review.legal_terms_helpers import comparison, critical_of

PAGE = "原告之訴駁回，訴訟費用由原告負擔。"


def _flagged(transcript: str, alternate: str | AltText) -> list[str]:
    """The transcript's text under each flag ("" for an omission)."""
    return [transcript[f.start : f.end] for f in comparison(transcript, alternate).flags()]


@pytest.mark.parametrize("mark", ["，", "。", "；", "：", "、", "？", "！", ",", ";"])
def test_a_sentence_mark_the_transcript_dropped_is_flagged(mark: str) -> None:
    alternate = f"原告之訴駁回{mark}訴訟費用由原告負擔。"
    transcript = "原告之訴駁回訴訟費用由原告負擔。"
    [flag] = comparison(transcript, alternate).flags()
    assert flag.start == flag.end == transcript.index("訴訟")
    assert flag.replacement == mark
    assert critical_of(transcript, alternate) == []  # a mark changes no word or number


@pytest.mark.parametrize("read", ["。", "·", "'", "/", "-"])
def test_a_comma_the_transcript_read_as_another_mark_is_flagged(read: str) -> None:
    transcript = PAGE.replace("，", read)
    assert _flagged(transcript, PAGE) == [read]


def test_an_odd_mark_both_read_differently_is_flagged() -> None:
    """Both engines saw ink; the transcript's reading of it is no Chinese mark."""
    assert _flagged(PAGE.replace("，", "·"), PAGE.replace("，", "'")) == ["·"]


@pytest.mark.parametrize(
    "alternate",
    [
        PAGE.replace("，", ""),  # the alternate dropped the comma
        PAGE.replace("，", "·"),  # or read it as an odd mark
        PAGE.replace("，", "'"),
    ],
)
def test_the_alternates_dropped_or_odd_mark_is_not_the_transcripts_error(alternate: str) -> None:
    hunks = comparison(PAGE, alternate).hunks
    assert hunks and all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)
    assert _flagged(alternate, PAGE)  # the other way round it is the transcript's


@pytest.mark.parametrize("alternate", [PAGE.replace("，", ","), PAGE.replace("。", ".")])
def test_a_mark_in_the_other_width_is_the_same_mark(alternate: str) -> None:
    assert comparison(PAGE, alternate).flags() == []
    assert comparison(alternate, PAGE).flags() == []


def test_a_name_mask_read_as_full_stops_is_still_no_difference() -> None:
    page = "被告王○○未到庭。"
    assert comparison(page, page.replace("○○", "。。")).flags() == []


def test_a_stray_mark_beside_a_comma_inside_han_text_is_flagged() -> None:
    """費用,'由: the ' lies between two Han characters, the comma beside it or not."""
    transcript = PAGE.replace("費用", "費用 ,' ")
    alternate = PAGE.replace("費用", "費用，")
    assert _flagged(transcript, alternate) == ["'"]


@pytest.mark.parametrize("ink", ["，", "0", "C", "00", "。"])
def test_a_mark_or_ring_in_a_low_scored_line_is_its_own_ink(ink: str) -> None:
    """A line read with low confidence hides what only it has as bleed-through; a
    comma or a ring (○ read 0, C, a full stop) between two of its characters is no
    writing from the back of the sheet."""
    transcript = "案經告訴人陳雅訴由警察局移送偵辦\n此致"
    alternate = alt_text(
        [(f"案經告訴人陳{ink}雅訴由警察局移送偵辦", 0.62), ("此致", 0.99)], "tesseract"
    )
    [flag] = comparison(transcript, alternate).flags()
    assert flag.start == transcript.index("雅") and flag.replacement == ink


def test_words_in_a_low_scored_line_stay_bleed_through() -> None:
    transcript = "案經告訴人陳雅訴由警察局移送偵辦\n此致"
    alternate = alt_text(
        [("案經告訴人陳證據清單雅訴由警察局移送偵辦", 0.62), ("此致", 0.99)], "tesseract"
    )
    assert comparison(transcript, alternate).flags() == []


def test_a_low_scored_line_of_marks_alone_stays_a_ghost() -> None:
    """Specks read as a line of their own are no line's punctuation."""
    transcript = "此致\n臺灣臺北地方法院"
    alternate = alt_text([("此致", 0.99), ("，。", 0.40), ("臺灣臺北地方法院", 0.99)], "tesseract")
    found = comparison(transcript, alternate)
    assert found.flags() == []
    assert [h.alt_text for h in found.ghosts] == ["，。"]


@pytest.mark.parametrize("read", ["CC", "0C0", "()", "C"])
def test_a_name_mask_read_as_a_broken_ring_is_the_alternates_misreading(read: str) -> None:
    """A ring half seen reads as an open letter or as its two halves (余○○ / 余 0C0)."""
    page = "證人余○○於本院審理時到庭。"
    misread = page.replace("○○", read)
    assert comparison(page, misread).flags() == []
    assert _flagged(misread, page)  # the transcript's broken ring is its error


@pytest.mark.parametrize("read", ["(", ")", "()", " ( "])
def test_a_ring_the_transcript_dropped_where_the_alternate_reads_its_halves_is_flagged(
    read: str,
) -> None:
    page = "核與告訴人徐○雅於警詢之指述相符。"
    transcript = page.replace("○", "")
    [flag] = comparison(transcript, page.replace("○", read)).flags()
    assert flag.start == flag.end == transcript.index("雅")


def test_a_bracket_the_alternate_reads_outside_han_text_stays_punctuation() -> None:
    assert comparison("一、原告之訴駁回", "(一、原告之訴駁回").flags() == []
