"""An agreement is written one way everywhere (issue 28: 97% in the page list, 98.0%
in the Compare dock and the report, for one page)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.percent import agreement_percent
from tests.properties import examples


def test_one_decimal_rounded_half_up() -> None:
    assert agreement_percent(0.97963) == "98.0%"
    assert agreement_percent(0.9795) == "98.0%"
    assert agreement_percent(0.5) == "50.0%"
    assert agreement_percent(0.0) == "0.0%"
    assert agreement_percent(1.0) == "100.0%"
    assert agreement_percent(None) == "—"


def test_an_imperfect_reading_never_shows_as_a_hundred() -> None:
    assert agreement_percent(0.9996) == "99.9%"


@examples(200)
@given(st.floats(min_value=0.0, max_value=1.0))
def test_the_text_is_within_a_twentieth_of_a_percent(value: float) -> None:
    shown = float(agreement_percent(value).rstrip("%"))
    assert abs(shown - value * 100) <= 0.1 + 1e-9
    assert (shown == 100.0) == (value == 1.0)
