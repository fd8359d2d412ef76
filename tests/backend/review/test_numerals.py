"""Numbers in every form a Taiwanese legal text writes them parse to one value."""

from __future__ import annotations

from fractions import Fraction

import pytest

from backend.review.numerals import describe_number, find_numbers, format_number, parse_number
from tests.backend.review.tables import RULES


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("12000", 12000),
        ("12,000", 12000),
        ("１２，０００", 12000),
        ("１２０００", 12000),
        ("1,234,567", 1234567),
        ("1萬2千", 12000),
        ("12萬3456", 123456),
        ("一萬二千", 12000),
        ("壹萬貳仟", 12000),
        ("壹拾貳萬參仟", 123000),
        ("十", 10),
        ("十五", 15),
        ("二十", 20),
        ("一百零五", 105),
        ("三千零二十", 3020),
        ("三百六十七", 367),
        ("一億二千萬", 120_000_000),
        ("兩萬", 20000),
        ("萬", 10000),
        ("一一二", 112),  # a year read digit by digit
        ("二〇二三", 2023),
        ("一〇五", 105),
        ("1.5萬", 15000),
        ("2.5", Fraction(5, 2)),
        ("4萬1千", 41000),
    ],
)
def test_parse_number(written: str, value: int | Fraction) -> None:
    assert parse_number(written) == value


@pytest.mark.parametrize("text", ["", "abc", "12元", "第3", "○○"])
def test_parse_number_rejects_non_numerals(text: str) -> None:
    assert parse_number(text) is None


def test_equal_values_in_different_forms() -> None:
    forms = ["壹萬貳仟", "12000", "12,000", "一萬二千", "1萬2千", "１２，０００"]
    assert {parse_number(f) for f in forms} == {12000}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("共3人", ["3"]),
        ("判處有期徒刑三年", ["三"]),
        ("第一審", ["一"]),  # ordinal
        ("百分之五", ["百", "五"]),
        ("二十五", ["二十五"]),
        ("一般", []),  # 一 in a word, no counter
        ("統一編號", []),
        ("兩造", []),
        ("參與", []),  # a formal numeral that is a verb here
        ("萬一", []),
        ("千萬不可", []),
        ("一一列舉", []),
        ("王〇〇", []),  # a mask, not zeros
        ("1,2,3", ["1", "2", "3"]),  # a list, not thousand separators
        ("12,000與5", ["12,000", "5"]),
    ],
)
def test_find_numbers(text: str, found: list[str]) -> None:
    assert [text[s:e] for s, e, _ in find_numbers(text, RULES.excluded(text))] == found


@pytest.mark.parametrize(
    ("written", "value", "shown"),
    [
        ("12,000", 12000, "12,000"),
        ("12000元", 12000, "12,000"),
        ("新臺幣壹萬貳仟元", 12000, "壹萬貳仟 (12,000)"),
        ("１２，０００", 12000, "１２，０００ (12,000)"),
    ],
)
def test_describe_number(written: str, value: int, shown: str) -> None:
    assert describe_number(written, value) == shown


def test_format_number() -> None:
    assert format_number(1234567) == "1,234,567"
    assert format_number(Fraction(5, 2)) == "2.5"
    assert format_number(Fraction(4, 1)) == "4"
