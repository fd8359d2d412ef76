"""A table cell's number, for a spreadsheet: the value, the format that shows it as
written, and whether the written form says more than the number shown.

The value comes from the review's own numeral parser (``review.numerals``), so
12,000, １２，０００, 1萬2千 and 壹萬貳仟 are all 12000, as the review compares them.
A cell is a number only when all of it is: an amount with its currency
(新臺幣12,000元) is one; 3支, 113年5月3日 and 1,2 are not. Digits that start with a
zero (a telephone, a case or an ID number) stay text, as do runs longer than a
spreadsheet keeps exactly: a number there would drop the zeros or the last digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from backend.review.numerals import parse_number

# What may stand around an amount and still leave the cell a number.
_BEFORE = ("新臺幣", "新台幣", "NT$", "NT＄", "＄", "$")
_AFTER = ("元整", "元")
_MINUS = "-−－"
_ZEROS = "0０"
_POINTS = ".．"
_GROUPS = ",，"
# A spreadsheet keeps 15 significant digits; a longer integer would lose its last ones.
MAX_EXACT = 10**15


@dataclass(frozen=True)
class CellNumber:
    value: int | float
    number_format: str  # the spreadsheet's format: "General", "#,##0", "0.00", …
    shown: str  # what that format shows (to compare with the text as written)


def cell_number(text: str) -> CellNumber | None:
    """The number the whole of ``text`` writes, or None if it is not just a number."""
    s = text.strip()
    s = _without(s, _BEFORE, prefix=True)
    s = _without(s, _AFTER, prefix=False)
    negative = s[:1] in _MINUS and len(s) > 1
    if negative:
        s = s[1:]
    if not s or any(c.isspace() for c in s):  # "1 2" is two numbers, not 12
        return None
    if s[0] in _ZEROS and len(s) > 1 and s[1] not in _POINTS:
        return None  # 0912…: an ID keeps its zeros
    parsed = parse_number(s)
    if parsed is None:
        return None
    value = _plain(-parsed if negative else parsed)
    if value is None:
        return None
    decimals = _decimals(s)
    grouped = any(c in _GROUPS for c in s)
    number_format = ("#,##0" if grouped else "0") + ("." + "0" * decimals if decimals else "")
    if not grouped and not decimals:
        number_format = "General"
    shown = f"{value:{',' if grouped else ''}.{decimals}f}" if grouped or decimals else str(value)
    return CellNumber(value, number_format, shown)


def _without(text: str, affixes: tuple[str, ...], *, prefix: bool) -> str:
    for affix in affixes:
        if prefix and text.startswith(affix):
            return text[len(affix) :].strip()
        if not prefix and text.endswith(affix) and len(text) > len(affix):
            return text[: -len(affix)].strip()
    return text


def _plain(value: int | Fraction) -> int | float | None:
    if isinstance(value, int):
        return value if abs(value) < MAX_EXACT else None
    if value.denominator == 1:
        return _plain(int(value))
    return float(value) if abs(value) < MAX_EXACT else None


def _decimals(text: str) -> int:
    """Digits written after an Arabic decimal point (3.50: 2)."""
    for point in _POINTS:
        if point in text:
            after = text.rsplit(point, 1)[1]
            return sum(1 for c in after if c.isdigit())
    return 0
