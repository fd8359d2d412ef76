"""A mark one reading has between two Han characters and the other not (``gap_marks``).

Issue 22's real engine errors: Tesseract reads a speck in a heading's gap (第七款　禁止)
or after a role (告訴人　蘇英) as 、, 。 or 。」, where RapidOCR's line has a blank; and
Tesseract loses a comma RapidOCR reads small (者·其). The texts are generated: any Han
characters, any mark, any blank.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.charclass import SMALL_STOPS
from backend.review.compare import classify_differences
from backend.review.values import DiffCategory
from tests.backend.review.legal_terms_helpers import comparison, critical_of
from tests.backend.review.tables import OPTIONS
from tests.properties import examples

# Plain Han characters: no numerals, modal words or roles, so that only the mark differs.
HAN = "租賃期間自雙方約定房屋出借使用收益事實理由如左所述判決書記官查明核閱"
# Chinese text's own marks: alone between two Han characters they may be the page's.
PAGE_MARKS = ["、", "。", "，", "；", "：", "。」", "」", "。、"]
# With the stray ASCII ones, which are noise there whatever the alternate reads
# (``diff_categories.stray_marks``).
MARKS = [*PAGE_MARKS, ",", ";", "|"]
BLANKS = [" ", "\u3000", "  ", " \u3000"]

runs = st.text(alphabet=HAN, min_size=3, max_size=15)
marks = st.sampled_from(MARKS)
page_marks = st.sampled_from(PAGE_MARKS)
small_stops = st.sampled_from(sorted(SMALL_STOPS))
blanks = st.sampled_from(BLANKS)


@examples(60)
@given(runs, marks, blanks, runs)
def test_a_mark_read_where_the_alternate_has_a_blank_is_flagged(
    left: str, mark: str, blank: str, right: str
) -> None:
    transcript, alternate = f"{left}{mark}{right}", f"{left}{blank}{right}"
    flags = comparison(transcript, alternate).flags()
    assert [transcript[f.start : f.end].strip() for f in flags] == [mark]
    assert critical_of(transcript, alternate) == []  # a mark alone changes no word
    # The plain evaluation diff categorises alike.
    hunks = classify_differences(transcript, alternate, OPTIONS)
    assert [h.text.strip() for h in hunks if h.category is DiffCategory.SUBSTANTIVE] == [mark]


@examples(40)
@given(runs, page_marks, runs)
def test_a_mark_the_alternate_reads_adjacent_text_for_stays_punctuation(
    left: str, mark: str, right: str
) -> None:
    """No blank: the alternate may have lost a faint mark (it reads its neighbours as
    neighbours), which is no sign the transcript's mark is not on the page."""
    hunks = comparison(f"{left}{mark}{right}", f"{left}{right}").hunks
    assert hunks and all(h.category is DiffCategory.PUNCTUATION for h in hunks)


@examples(40)
@given(runs, page_marks, runs)
def test_a_mark_where_the_alternates_line_breaks_stays_punctuation(
    left: str, mark: str, right: str
) -> None:
    """A line's end is where engines lose a sentence's last mark most: no blank."""
    hunks = comparison(f"{left}{mark}{right}", f"{left}\n{right}").hunks
    assert all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)


@examples(40)
@given(runs, page_marks, blanks, st.sampled_from("0123456789"))
def test_a_mark_beside_a_digit_stays_punctuation(
    left: str, mark: str, blank: str, digit: str
) -> None:
    """Only between two Han characters: the issue's noise rule is about CJK text (a
    number's own marks are ``mark_in_number``'s)."""
    transcript, alternate = f"{left}{digit}{mark}{left}", f"{left}{digit}{blank}{left}"
    hunks = comparison(transcript, alternate).hunks
    assert all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)


@examples(60)
@given(runs, small_stops, runs)
def test_a_small_stop_only_the_alternate_reads_is_a_mark_the_transcript_lost(
    left: str, mark: str, right: str
) -> None:
    transcript, alternate = f"{left}{right}", f"{left}{mark}{right}"
    flags = comparison(transcript, alternate).flags()
    assert [(f.start, f.end) for f in flags] == [(len(left), len(left))]
    assert critical_of(transcript, alternate) == []
    hunks = classify_differences(transcript, alternate, OPTIONS)
    assert [h.alt_text for h in hunks if h.category is DiffCategory.SUBSTANTIVE] == [mark]


@examples(40)
@given(runs, small_stops, st.sampled_from(["", " "]), runs)
def test_a_small_stop_the_alternate_reads_where_the_transcripts_line_ends_is_flagged(
    left: str, mark: str, blank: str, right: str
) -> None:
    """A line's last mark is the one engines lose most (為累犯⏎被告 against 為累犯 /)."""
    transcript, alternate = f"{left}\n{right}", f"{left}{blank}{mark}\n{right}"
    flags = comparison(transcript, alternate).flags()
    assert [(f.start, f.end) for f in flags] == [(len(left), len(left))]
    assert critical_of(transcript, alternate) == []


@examples(40)
@given(runs, small_stops, blanks, runs)
def test_a_small_stop_in_the_transcripts_own_blank_stays_punctuation(
    left: str, mark: str, blank: str, right: str
) -> None:
    """The transcript's blank says its engine saw no ink there either: the alternate's
    dot may be a speck."""
    hunks = comparison(f"{left}{blank}{right}", f"{left}{mark}{right}").hunks
    assert all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)


@examples(40)
@given(runs, st.sampled_from(["[", "]", '"', "“", "'", "`", "~"]), runs)
def test_a_stray_mark_only_the_alternate_reads_stays_its_noise(
    left: str, mark: str, right: str
) -> None:
    """A bracket, quote or tilde is no comma read small: the alternate's speck."""
    hunks = comparison(f"{left}{right}", f"{left}{mark}{right}").hunks
    assert all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)
