"""Legal-critical terms: where a flag lies in the alternate, through the whole alignment,
for chosen cases and for generated ones."""

from __future__ import annotations

import fast_diff_match_patch
import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import Flag
from tests.backend.review.legal_terms_helpers import critical_of
from tests.backend.review.tables import OPTIONS, TABLES
from tests.properties import examples

# --- where a flag lies in the alternate ---------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [("金額新63", "金額3付"), ("221新被790", "21被790"), ("利息388", "利息給38")],
)
def test_flags_map_through_the_whole_alignment(transcript: str, alternate: str) -> None:
    c = compare_texts(transcript, alternate, OPTIONS)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    assert flags
    for flag in flags:
        assert_sound(flag, transcript, alternate)


def test_one_flag_per_term_over_every_hunk_it_touches() -> None:
    a, b = "金額新63", "金額3付"
    flags = critical_of(a, b)
    assert len(flags) == 1


def assert_sound(flag: Flag, transcript: str, alternate: str) -> None:
    assert 0 <= flag.start <= flag.end <= len(transcript)
    if flag.replacement is None:
        assert flag.alt_start is None and flag.alt_end is None
        return
    assert flag.alt_start is not None and flag.alt_end is not None
    assert 0 <= flag.alt_start <= flag.alt_end <= len(alternate)
    assert flag.replacement == alternate[flag.alt_start : flag.alt_end]
    # Accepting it brings that stretch closer to the alternate, never further.
    accepted = transcript[: flag.start] + flag.replacement + transcript[flag.end :]
    assert distance(accepted, alternate) <= distance(transcript, alternate)


def distance(a: str, b: str) -> int:
    """Characters the diff deletes or inserts."""
    return sum(n for op, n in fast_diff_match_patch.diff(a, b, cleanup="Semantic") if op != "=")


TERMISH = st.lists(
    st.sampled_from(
        [
            *"0123456789一二三〇○新被給利息金額付應得不年月日元第條號王",
            "新臺幣",
            "民國",
            "年度",
            "字第",
        ]
    ),
    max_size=12,
).map("".join)


@examples(300)
@given(TERMISH, TERMISH, st.booleans())
def test_every_flag_names_valid_spans_and_a_true_replacement(
    transcript: str, alternate: str, folded: bool
) -> None:
    c = compare_texts(transcript, alternate, OPTIONS, folded=folded)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    for flag in flags:
        assert_sound(flag, transcript, alternate)
    # Without the runs too (the identical text between hunks is used instead).
    for flag in critical_flags(transcript, alternate, c.hunks, tables=TABLES):
        assert_sound(flag, transcript, alternate)
    # No two flags for one stretch of a term.
    spans = [(f.start, f.end) for f in flags]
    assert len(spans) == len(set(spans))
