"""``risk_order``: the one "riskiest first" of ``status --by-risk``, the page list and the
review queue (the two GUI lists: ``tests/gui/review/test_one_risk_order.py``)."""

from __future__ import annotations

import math

from backend.review.risk import PageRisk, by_risk, pages_by_risk


def _risk(page: int, score: float) -> PageRisk:
    return PageRisk(page, score, 0, 0, 0, 0, None)


def test_riskiest_first_ties_in_page_order() -> None:
    scores = {0: 1.0, 1: 3.0, 2: 1.0, 3: 0.0, 4: 3.0}
    assert pages_by_risk(scores, [4, 3, 2, 1, 0]) == [1, 4, 0, 2, 3]
    assert [r.page for r in by_risk(_risk(p, s) for p, s in scores.items())] == [1, 4, 0, 2, 3]


def test_a_nan_score_first_and_a_page_with_no_score_last() -> None:
    scores = {0: 1.0, 1: math.nan, 3: 2.0, 4: math.nan}
    assert pages_by_risk(scores, range(6)) == [1, 4, 3, 0, 2, 5]
    assert [r.page for r in by_risk(_risk(p, s) for p, s in scores.items())] == [1, 4, 3, 0]
