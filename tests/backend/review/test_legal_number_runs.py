"""Long runs of digits and numerals in the text: the number patterns neither hang nor
raise, and what follows a run is still read (split from test_legal_numbers.py)."""

from __future__ import annotations

import pytest

from backend.review.values import CriticalKind
from tests.backend.review.tables import RULES


@pytest.mark.parametrize("digits", [28, 60, 5000])
def test_a_long_run_of_digits_neither_hangs_nor_raises(digits: int) -> None:
    # The repeated numeral pattern backtracked exponentially on a splittable digit
    # run (28 digits did not finish in 60 s), and int() refuses 4,300+ digits.
    from backend.review.legal_terms import extract_terms

    text = f"第{'9' * digits}條　新臺幣{'8' * digits}元"
    terms = extract_terms(text, RULES)
    # Still read as what they are: the article whole, and the amount while int() takes it.
    assert terms[0].kind is CriticalKind.ARTICLE and terms[0].text == f"第{'9' * digits}條"
    if digits < 4300:
        assert [(t.kind, t.value) for t in terms[1:]] == [(CriticalKind.AMOUNT, int("8" * digits))]


@pytest.mark.parametrize("run", ["一" * 20_000, "1" * 40_000, ("二" * 3000 + "分之") * 3])
def test_a_long_numeral_run_is_linear_not_quadratic(run: str) -> None:
    # Case-number, date and percent patterns failed after a numeral and were retried at
    # every character of the run (20,000 一 took 28 s); a numeral now starts only where
    # a run starts. pytest-timeout's limit is the guard; this asserts the result.
    from backend.review.legal_terms import extract_terms

    # No term in the run itself (第…號 is no case number without its year and court),
    # and the one after it is still found.
    terms = extract_terms(f"第{run}號　第3條", RULES)
    assert [(t.kind, t.text, t.value) for t in terms] == [
        (CriticalKind.ARTICLE, "第3條", (3, "條", None))
    ]
