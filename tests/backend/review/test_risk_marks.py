"""A difference of marks only weighs a fifth of a word's in a page's risk (``risk.marks_only``).

Issue 22: marks one reading alone has between two Han characters are flagged (a speck
read as 、, a comma the transcript lost), but a mark changes no word or number by
itself, so such flags must not lift a clean page above a broken one. Texts generated.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.risk import DOUBTFUL, W_SHORT_DIFF, local_agreement, page_risk
from backend.review.values import FlagKind
from tests.backend.review.tables import SETTINGS, TABLES
from tests.properties import examples

HAN = "租賃期間自雙方約定房屋出借使用收益事實理由如左所述判決書記官查明核閱"
runs = st.text(alphabet=HAN, min_size=6, max_size=20)


def flag_weight(transcript: str, alternate: str) -> float:
    """What the review's one difference flag adds to the page's risk, per unit of
    trust and local agreement (the weight the risk gives that kind of item)."""
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    [flag] = [f for f in review.flags if f.kind is FlagKind.DIFF]
    assert not [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    with_flag = page_risk(review, transcript, TABLES).score
    without = page_risk(replace(review, flags=()), transcript, TABLES).score
    trust = review.agreement if review.agreement is not None else 1.0
    local = local_agreement(review, flag.start, flag.end, len(transcript))
    return (with_flag - without) / (trust * local)


@examples(30)
@given(runs, st.sampled_from(["、", "。", "，", "；"]), runs)
def test_a_mark_only_one_reading_has_weighs_a_fifth_of_a_word(
    left: str, mark: str, right: str
) -> None:
    assert flag_weight(f"{left}{mark}{right}", f"{left}{right}") == pytest.approx(
        W_SHORT_DIFF * DOUBTFUL
    )
    assert flag_weight(f"{left}{right}", f"{left}·{right}") == pytest.approx(
        W_SHORT_DIFF * DOUBTFUL
    )


@examples(30)
@given(runs, st.sampled_from(HAN), st.sampled_from(HAN), runs)
def test_a_word_changed_keeps_its_whole_weight(
    left: str, ours: str, theirs: str, right: str
) -> None:
    if ours == theirs:
        return
    assert flag_weight(f"{left}{ours}{right}", f"{left}{theirs}{right}") == pytest.approx(
        W_SHORT_DIFF
    )
