"""A decimal point one reading has and the other lacks is a difference: without it the
number is another (每公升0.55毫克 / 055, 利率1.5% / 15%). It went unflagged as "a mark
only the transcript has" (engines drop faint marks), which is right for a comma after a
word and wrong between two digits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.compare import compare_texts
from tests.backend.review.tables import OPTIONS
from tests.properties import examples

FRAMES = ("酒精濃度每公升{}毫克", "面積{}平方公尺", "利率{}%", "重量{}公斤")


def flagged(transcript: str, alternate: str) -> bool:
    return bool(compare_texts(transcript, alternate, OPTIONS, folded=False).flags())


@examples(60)
@given(
    frame=st.sampled_from(FRAMES),
    whole=st.integers(0, 999),
    fraction=st.integers(1, 99),
    point=st.sampled_from(".．"),
    on_transcript=st.booleans(),
)
def test_a_point_between_digits_on_one_side_only_is_flagged(
    frame: str, whole: int, fraction: int, point: str, on_transcript: bool
) -> None:
    with_point = frame.format(f"{whole}{point}{fraction}")
    without = frame.format(f"{whole}{fraction}")
    pair = (with_point, without) if on_transcript else (without, with_point)
    assert flagged(*pair), pair


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("本院認為，被告之行為", "本院認為被告之行為"),  # a comma after a word: punctuation
        ("訴訟費用由被告負擔。", "訴訟費用由被告負擔"),  # a full stop at the end
        ("一、原告主張", "一原告主張"),  # an enumeration's mark
    ],
)
def test_a_mark_only_the_transcript_has_after_a_word_stays_unflagged(
    transcript: str, alternate: str
) -> None:
    assert not flagged(transcript, alternate)
