"""Numbers as Taiwanese legal texts write them, parsed to comparable values.

One amount can be written 12000, 12,000, １２，０００, 1萬2千, 一萬二千 or
壹萬貳仟: all parse to ``12000`` so that a reviewer is only warned when the
*value* differs, not its spelling. Years are often written digit by digit
(一一二年 = 112, 二〇二三年 = 2023); a run without unit characters reads that way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

Number = int | Fraction

_DIGITS = {
    **{str(d): d for d in range(10)},
    **{chr(0xFF10 + d): d for d in range(10)},  # full-width ０-９
    **dict.fromkeys("〇零", 0),
    "一": 1,
    "壹": 1,
    "二": 2,
    "貳": 2,
    "貮": 2,
    "兩": 2,
    "三": 3,
    "參": 3,
    "叁": 3,
    "四": 4,
    "肆": 4,
    "五": 5,
    "伍": 5,
    "六": 6,
    "陸": 6,
    "七": 7,
    "柒": 7,
    "八": 8,
    "捌": 8,
    "九": 9,
    "玖": 9,
}
_SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_BIG_UNITS = {"萬": 10_000, "万": 10_000, "億": 100_000_000}

_AR = "0-9０-９"
# Thousand separators only in groups of exactly three, so that "1,2" (a list)
# is two numbers while "12,000" is one.
ARABIC = rf"(?:[{_AR}]{{1,3}}(?:[,，][{_AR}]{{3}})+(?![{_AR}])|[{_AR}]+)(?:\.[{_AR}]+)?"
# ○ (U+25CB) is a name mask, never a digit: only 〇 (U+3007) is a zero here.
CHINESE_CHARS = "〇零一二三四五六七八九兩壹貳貮參叁肆伍陸柒捌玖十拾百佰千仟萬万億"
NUMERAL = rf"(?:{ARABIC}|[{CHINESE_CHARS}])+"
_TOKEN = re.compile(rf"{ARABIC}|[{CHINESE_CHARS}]")
NUMERAL_RE = re.compile(NUMERAL)


def _arabic_value(token: str) -> Number:
    digits = "".join(str(_DIGITS[c]) if c in _DIGITS else c for c in token)
    digits = digits.replace(",", "").replace("，", "")
    if "." not in digits:
        return int(digits)
    value = Fraction(digits)
    return int(value) if value.denominator == 1 else value


def parse_number(text: str) -> Number | None:
    """The value of a numeral in any of the forms above, or None if it is not one."""
    text = re.sub(r"\s+", "", text)
    if not text:
        return None
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        return None
    if not any(t in _SMALL_UNITS or t in _BIG_UNITS for t in tokens):
        return _positional(tokens)
    return _with_units(tokens)


def _positional(tokens: list[str]) -> Number:
    """一一二 -> 112, 2023 -> 2023: digits read one after another."""
    value: Number = 0
    for token in tokens:
        if len(token) == 1 and token in _DIGITS:
            value = value * 10 + _DIGITS[token]
        else:  # an Arabic run: shift by its length
            whole = token.split(".")[0].replace(",", "").replace("，", "")
            value = value * 10 ** len(whole) + _arabic_value(token)
    return value


def _with_units(tokens: list[str]) -> Number:
    """一萬二千 / 1萬2千 / 壹佰零伍: the usual section-by-section reading."""
    total: Number = 0
    section: Number = 0  # below 萬
    pending: Number = 0  # the last digit(s), waiting for a unit
    for token in tokens:
        if token in _SMALL_UNITS:
            section += (pending or 1) * _SMALL_UNITS[token]
            pending = 0
        elif token in _BIG_UNITS:
            unit = _BIG_UNITS[token]
            if unit > 10_000:  # 億 scales everything before it, 一億二千萬
                total = (total + section + pending or 1) * unit
            else:
                total += (section + pending or 1) * unit
            section = pending = 0
        elif len(token) == 1 and token in _DIGITS:
            pending = pending * 10 + _DIGITS[token]
        else:
            pending = _arabic_value(token)
    value = total + section + pending
    return int(value) if isinstance(value, Fraction) and value.denominator == 1 else value


def format_number(value: Number) -> str:
    """12000 -> "12,000"; fractions as a short decimal."""
    if isinstance(value, Fraction):
        return f"{float(value):,.4g}" if value.denominator != 1 else f"{int(value):,}"
    return f"{value:,}"


def describe_number(written: str, value: Number) -> str:
    """For a reviewer: "12,000", or "壹萬貳仟 (12,000)" when written otherwise."""
    match = NUMERAL_RE.search(written)
    numeral = match.group() if match else written
    shown = format_number(value)
    return shown if numeral.replace(",", "") == shown.replace(",", "") else f"{numeral} ({shown})"


# A bare run of Chinese numerals is a number only when something says so: a
# counter after it, 第 or 之 before it, or two or more numerals that are not a word
# (一 in 一般 or 統一, 參 in 參與, 兩 in 兩造 are not numbers).
_COUNTERS = set("元圓年月日時分秒歲條項款目號人名次件個份張頁筆倍股坪週周天審成折%％")
_NOT_NUMBERS = {"萬一", "千萬", "一一", "千千萬萬", "三三兩兩"}


def find_numbers(text: str) -> Iterator[tuple[int, int, Number]]:
    """(start, end, value) of each number written in ``text``, in order."""
    for m in NUMERAL_RE.finditer(text):
        run, value = m.group(), parse_number(m.group())
        after = text[m.end() : m.end() + 2].lstrip()[:1]
        has_arabic = any(c.isdigit() for c in run)  # str.isdigit: ASCII and full-width
        plausible = len(run) >= 2 and run not in _NOT_NUMBERS and bool(set(run) - set("〇零"))
        ordinal = text[max(0, m.start() - 1) : m.start()] in ("第", "之")  # 第三, 百分之五
        if value is not None and (has_arabic or after in _COUNTERS or ordinal or plausible):
            yield m.start(), m.end(), value
