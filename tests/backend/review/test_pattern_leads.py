"""The lookahead that leads the numeral, date and amount patterns changes no match.

It is there for speed only (the engine leaves a place that starts none of them in one
test), so each pattern must find exactly what it finds without it: the same spans and
the same groups, on texts made of numerals, eras, currencies, their units and others.
A first character missing from a lead would lose the matches that start with it.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from backend.review import term_extract
from backend.review.numerals import NUMERAL_RE

# Pieces the patterns are made of, and a few that are not part of any.
_PIECES = [
    *"0123456789０５９",
    *"〇一二十百千萬壹貳拾兩廿○◯",
    "中華民國",
    "中 華 民 國",
    "民國",
    "西元",
    "公元",
    "新臺幣",
    "新台幣",
    "NT$",
    "ＮＴ＄",
    *"年月日度元圓號字第條",
    *",，.．%％",
    *" \n\u3000",
    *"甲乙被告中民西公新NＮ",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=24).map("".join)


def _unled(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` without its leading ``(?=[...])``."""
    source = pattern.pattern
    assert source.startswith("(?=[")
    return re.compile(source[source.index("])") + 2 :])


Found = list[tuple[tuple[int, int], dict[str, str | None]]]


def _found(pattern: re.Pattern[str], text: str) -> Found:
    return [(m.span(), m.groupdict()) for m in pattern.finditer(text)]


@given(_TEXTS)
def test_the_leads_change_no_match(text: str) -> None:
    for pattern in (NUMERAL_RE, term_extract._DATE_RE, term_extract._AMOUNT_RE):
        assert _found(pattern, text) == _found(_unled(pattern), text)


def test_a_lead_lets_every_first_character_through() -> None:
    # What the property test draws, fixed: each text is one match of its pattern, whole.
    for pattern, text in (
        (term_extract._DATE_RE, "中華民國112年5月3日"),
        (term_extract._DATE_RE, "西元2023年5月3日"),
        (term_extract._AMOUNT_RE, "新臺幣5元"),
        (term_extract._AMOUNT_RE, "ＮＴ＄5"),
        (NUMERAL_RE, "１２，０００"),
    ):
        assert [span for span, _ in _found(pattern, text)] == [(0, len(text))]
