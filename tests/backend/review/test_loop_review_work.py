"""A page's review costs what its length does, also when the model looped.

A loop of a clause holding critical words (被告應給付原告…) puts thousands of
critical terms and hits on a page; rules that asked each of them of each other
took over a minute on a 30,000-character looped transcript with an alternate
(``critical_hits.layered``, ``legal_terms._unverified``). The work is counted, not
timed: the Python lines the whole review runs (``sys.settrace``) for a loop of N
copies and of 2N. Linear work doubles; the quadratic rules made it 3.3 times
(lines 100 -> 200 copies, on the old code)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

import pytest

from backend.models import AltText
from backend.review.page_aids import review_page
from tests.backend.review.diagnoses.diagnoses_helpers import legal_pages
from tests.backend.review.tables import SETTINGS

GROWTH = 2.5  # n log n stays near 2; quadratic work is 3.2-3.6 here


def _lines_run(transcript: str, alternate: str) -> int:
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return trace

    sys.settrace(trace)
    try:
        review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize(
    "where",
    [
        "inside a line",  # one substantive hunk: every term in it is a changed term
        "as whole lines",  # lines the alternate lacks: its terms are unverified items
    ],
)
def test_a_looped_clause_costs_twice_as_much_twice_as_long(where: str) -> None:
    page = legal_pages()[0]
    if where == "inside a line":
        at, clause = page.index("，") + 1, "被告應給付原告新臺幣壹萬元，"
    else:
        at, clause = page.index("\n") + 1, "被告應給付原告新臺幣壹萬元。\n"

    def looped(n: int) -> str:
        return page[:at] + clause * n + page[at:]

    review_page(0, page, AltText(page, "rapidocr"), settings=SETTINGS)  # imports, caches
    once, twice = _lines_run(looped(100), page), _lines_run(looped(200), page)
    assert twice <= GROWTH * once, f"{once} lines for 100 copies, {twice} for 200"
