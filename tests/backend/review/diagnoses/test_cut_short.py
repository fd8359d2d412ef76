"""Cut short: the transcript stops before the page does (a VLM answer that ended
early, "finish: stop"), found from the alternate's lines after its end, or from the
scan's lines alone; a whole transcript against a noisy real-engine-like reading is
never cut short."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from backend.models import ScanLines
from backend.review.diagnoses.alt_lines import text_only
from backend.review.page_aids import review_page
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import (
    JUDGMENT,
    corpus_lines,
    found,
    one_column,
    scan_of,
    text_lines,
    two_columns,
)
from tests.backend.review.tables import SETTINGS
from tests.properties import examples

CUT = DiagnosisKind.CUT_SHORT
MISSING = DiagnosisKind.MISSING_BLOCK


def page_scan(lines: list[str], seed: int) -> ScanLines:
    """The lines a detector finds on the page: a table's row is its cells' letters (the
    Markdown's pipes and padding are no ink), each other line as the reading boxes it."""
    ink = [text_only(t) if t.startswith("|") else t for t in lines]
    return scan_of(one_column(ink, random.Random(seed), 0.0))


@examples(8)
@given(seed=st.integers(0, 10_000), kept=st.floats(0.45, 0.7), noise=st.floats(0.05, 0.15))
# The transcript's last line (…核與告訴人之指訴相符，並) ends as a line near the page's end
# does (…於警詢之指述相符，並): its end was placed there, and the lines lost named a block.
@example(seed=567, kept=0.5, noise=0.1484375)
def test_a_transcript_stopping_early_is_cut_short_where_it_ends(
    seed: int, kept: float, noise: float
) -> None:
    lines = corpus_lines(seed)
    transcript = "\n".join(lines[: max(2, int(len(lines) * kept))])
    alternate = one_column(lines, random.Random(seed), noise)
    (cut,) = found(transcript, alternate, CUT)
    assert cut.start == cut.end == len(transcript)
    assert "alternate reads" in cut.detail
    assert found(transcript, alternate, MISSING) == []


@pytest.mark.parametrize("noise", [0.0, 0.125])
def test_a_small_tail_cut_off_is_cut_short_not_a_block(noise: float) -> None:
    # The page ends in a short table and its date: 9 lines, ~8% of the page's letters.
    # Lost at the end they are as much as a block lost in the middle, and being the
    # page's end they are its tail (CI's draw seed=753, kept=0.6875 named them a block).
    lines = corpus_lines(753)
    assert lines[26].startswith("| 編號 |") and len(lines) == 35
    transcript = "\n".join(lines[:24])
    alternate = one_column(lines, random.Random(753), noise)
    assert [d.start for d in found(transcript, alternate, CUT)] == [len(transcript)]
    assert found(transcript, alternate, MISSING) == []


@examples(8)
@given(seed=st.integers(0, 10_000), kept=st.floats(0.45, 0.7))
# Explore: the transcript's last three lines (35, 41, 13 letters) fit the page's last
# three rows, and as well the rows after the lines before them (the tail lost): a block
# was named before them, 3 lines up, on no evidence (row_gap.LINES).
@example(seed=150, kept=0.5)
def test_without_an_alternate_the_scan_s_lines_show_the_page_goes_on(
    seed: int, kept: float
) -> None:
    # Without a reading only the line lengths say where the text went missing; where
    # the last lines are all full ones they fit the page's last rows as well, so the
    # shortfall may be named a missing block. Either way it is named, at the end.
    lines = corpus_lines(seed)
    transcript = "\n".join(lines[: max(3, int(len(lines) * kept))])
    scan = page_scan(lines, seed)
    (lost,) = found(transcript, None, CUT, scan) + found(transcript, None, MISSING, scan)
    assert lost.start >= len(transcript) - max(len(t) + 1 for t in lines) * 2


@examples(12)
@given(
    seed=st.integers(0, 10_000),
    noise=st.floats(0.05, 0.15),
    drop=st.integers(-1, 40),
    with_scan=st.booleans(),
)
# Explore: a table ends the page; its rows were boxed as wide as their Markdown
# (| 1 | 帳冊 | 三十三本 | 任○○ |: 24 characters, 8 letters), rows no line could fit.
@example(seed=333, noise=0.125, drop=0, with_scan=True)
def test_a_whole_page_is_not_cut_short_against_a_noisy_reading(
    seed: int, noise: float, drop: int, with_scan: bool
) -> None:
    # The engine misreads 5-15% of characters and may miss a faint line.
    lines = corpus_lines(seed)
    alternate = one_column(lines, random.Random(seed), noise, drop)
    transcript = "\n".join(lines)
    scan = page_scan(lines, seed) if with_scan else None
    assert found(transcript, alternate, CUT, scan) == []
    assert found(transcript, alternate, MISSING, scan) == []
    assert found(transcript, None, CUT, scan) == []


def test_two_columns_cut_in_the_second_are_cut_short() -> None:
    lines = text_lines(JUDGMENT)
    left, right = lines[:8], lines[8:]
    alternate = two_columns(left, right, random.Random(1))  # listed row by row
    transcript = "\n".join(lines[:9])
    assert [d.start for d in found(transcript, alternate, CUT)] == [len(transcript)]
    assert found("\n".join(lines), alternate, CUT) == []


def test_the_transcript_s_own_reading_proves_nothing() -> None:
    lines = text_lines(JUDGMENT)
    alternate = one_column(lines, random.Random(2), 0.1)
    transcript = "\n".join(lines[:6])
    review = review_page(0, transcript, alternate, same_reading=True, settings=SETTINGS)
    assert review.diagnoses == ()
