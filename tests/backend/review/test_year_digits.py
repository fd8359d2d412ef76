"""A year written digit by digit with a digit too few or too many for its era is a
critical item even where both readings agree (issue 22: both engines dropped the
ring of 中華民國一〇八年 and read 一八年, so no comparison saw the date change)."""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import CriticalKind, FlagKind
from backend.session.review_tables import default_settings
from tests.backend.review.legal_terms_helpers import critical_of

# (text both readings agree on, the year's written digits the flag must cover)
DOUBTED = [
    ("被告於中華民國一八年十月二十四日，在臺中市竊取財物。", "一八", CriticalKind.DATE),
    ("於一三年九月十一日止，共計二十六個月。", "一三", CriticalKind.DATE),  # no era: Minguo
    ("參照本院一九年度訴字第三二號判決。", "一九", CriticalKind.CASE_NUMBER),
    ("被告雖辯稱其已於西元二〇九年四月三日清償。", "二〇九", CriticalKind.DATE),
    ("於中華民國一一〇八年三月五日起租。", "一一〇八", CriticalKind.DATE),  # one doubled
    ("於中華民國 一 八 年十月二十四日", "一八", CriticalKind.DATE),  # spaced out
    ("於中華民國一\n一〇八年三月五日起租。", "一一〇八", CriticalKind.DATE),  # over a line
]

# Years whose form is their era's: no item.
WELL_FORMED = [
    "被告於中華民國一〇八年十月二十四日，在臺中市竊取財物。",
    "被告於中華民國一○八年十月二十四日，在臺中市竊取財物。",  # a typed ring
    "原告起訴請求自中華民國九八年三月十八日起至清償日止之利息。",
    "被告於中華民國十八年三月五日出生。",  # 十八: not digit by digit
    "被告於民國18年3月5日出生。",
    "被告雖辯稱其已於西元二〇〇九年四月三日清償。",
    "於二〇二四年一月二日簽約。",  # no era, four digits: a Western year
    "參照本院一一二年度訴字第三二號判決。",
    "被告前因案經判處有期徒刑，於中華民國一\n一二年九月二十日執行完畢。",  # over a line
    "於中華民國九年三月五日",  # one digit
    "如附表一\n一一二年度訴字第三二號判決。",  # a list's numeral ends the line before
    "見附表編號三\n一一二年三月五日函。",
]


@pytest.mark.parametrize(("text", "year", "kind"), DOUBTED)
def test_a_year_its_era_never_has_is_a_critical_item(
    text: str, year: str, kind: CriticalKind
) -> None:
    flags = [f for f in critical_of(text, text) if f.kind is FlagKind.CRITICAL]
    [flag] = flags
    assert "".join(text[flag.start : flag.end].split()) == year  # the year's digits only
    assert flag.category is kind
    assert year in flag.detail


@pytest.mark.parametrize("text", WELL_FORMED)
def test_a_year_of_its_eras_length_is_no_item(text: str) -> None:
    assert critical_of(text, text) == []


def test_the_page_review_keeps_the_item_where_the_alternate_reads_alike() -> None:
    text = "被告於中華民國一八年十月二十四日，在臺中市竊取財物。"
    review = review_page(0, text, AltText(text, "rapidocr"), settings=default_settings())
    [flag] = review.flags
    assert flag.kind is FlagKind.CRITICAL and text[flag.start : flag.end] == "一八"


def test_a_changed_year_keeps_its_own_item_and_is_not_flagged_twice() -> None:
    # The alternate reads the year the page prints: the comparison's item says so.
    text, alternate = "於中華民國一八年十月二十四日起租。", "於中華民國一〇八年十月二十四日起租。"
    flags = [f for f in critical_of(text, alternate) if f.kind is FlagKind.CRITICAL]
    assert len(flags) == 1
    assert flags[0].start <= text.index("一八") < flags[0].end


# (the date both readings write, its doubted year, the alternate's reading of its tail)
OTHER_PART_CHANGED = [
    ("於中華民國一九年十一月十六日給付。", "一九", "於中華民國一九年十一月十六是給付。"),
    ("參照本院一三年度訴字第三二號判決。", "一三", "參照本院一三年度訴字第三三號判決。"),
    ("自中華民國一八年三月五日起租。", "一八", "自中華民國一八年三月五目起租。"),
    (
        "被告雖辯稱其已於西元二〇九年四月三日清償。",
        "二〇九",
        "被告雖辯稱其已於西元二〇九年四月八日清償。",
    ),
]


@pytest.mark.parametrize(("text", "year", "alternate"), OTHER_PART_CHANGED)
def test_a_doubted_year_keeps_its_item_when_the_readings_differ_elsewhere_in_the_date(
    text: str, year: str, alternate: str
) -> None:
    """Both readings lost the year's ring, and they disagree on the day (or the case's
    number): the comparison's item points at the day, which says nothing of the year,
    so the year is an item of its own."""
    flags = [f for f in critical_of(text, alternate) if f.kind is FlagKind.CRITICAL]
    at = text.index(year)
    years = [f for f in flags if f.start <= at < f.end]
    assert len(years) == 1 and year in years[0].detail
    assert len(flags) == 2  # the day's (the comparison's) and the year's
