"""Numbers as Taiwanese legal texts write them, parsed to comparable values.

One amount can be written 12000, 12,000, １２，０００, 1萬2千, 一萬二千 or
壹萬貳仟: all parse to ``12000`` so that a reviewer is only warned when the
*value* differs, not its spelling. Years are often written digit by digit
(一一二年 = 112, 二〇二三年 = 2023, 一○五年 = 105); a run without unit
characters reads that way. 廿 and 卅 are 20 and 30.

Every numeral is a number wherever it stands (二支, 三包, 附表一, a table
cell): no closed list of counters decides it. Only a numeral inside a word
the legal rule table lists as a false friend (一般, 統一, 參與) is not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise

from backend.review.charclass import CHINESE_NUMERALS, CIRCLES, PLAIN_DIGITS, TYPED_ZEROS
from backend.review.lexicon import Excluded

Number = int | Fraction

_DIGITS = {
    **{str(d): d for d in range(10)},
    **{chr(0xFF10 + d): d for d in range(10)},  # full-width ０-９
    **dict.fromkeys(["〇", "零", *TYPED_ZEROS], 0),
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
# A point between two digits, either width, is a decimal point: zh_TW groups
# thousands with a comma only (1,000), never a point, so 3．5 is three and a half.
DECIMAL_POINTS = frozenset(".．")
# Thousand separators only in groups of exactly three, so that "1,2" (a list)
# is two numbers while "12,000" is one.
# Atomic ((?>...)): a run of digits is one token, never re-split. Inside the
# repeated NUMERAL below, a splittable run backtracked exponentially when a
# pattern around it failed (28 digits on a page hung the review aids).
# A year or a month is whole: digits before 年/月 after a point are no fraction but a
# date after an item's number (1.113年5月3日 / 2.112年度訴字第5號: Tesseract's 1、 read 1.).
ARABIC = (
    rf"(?>(?:[{_AR}]{{1,3}}(?:[,，][{_AR}]{{3}})+(?![{_AR}])|[{_AR}]+)(?:[.．][{_AR}]+(?![年月]))?)"
)
CHINESE_CHARS = CHINESE_NUMERALS
# ○ and ◯ (``charclass.TYPED_ZEROS``) are a zero only inside a numeral (一○五,
# 三二一○): typed for 〇 in many judgments. A numeral never starts with one, so
# 王○○ stays a name mask.
_TYPED = "".join(sorted(TYPED_ZEROS))
# A numeral starts only where a run of numeral characters starts (the lookbehind):
# otherwise a pattern that fails after one (…年度, …%) is retried at every character
# of a long run, each retry rescanning the rest of it — quadratic on 一一一….
# The lookahead first: the class a numeral's first character is in, so that the
# engine leaves a place that starts none in one test (it tries a pattern at every
# place of a page, and the lookbehind and the alternatives cost several each); no
# match changes, as every numeral starts with one of them. The review's date, case,
# amount and percent patterns all start with a numeral or pass through one.
NUMERAL_FIRST = f"{_AR}{CHINESE_CHARS}"  # (a class's contents: a numeral's first character)
NUMERAL = (
    rf"(?=[{NUMERAL_FIRST}])(?<![{_AR}{CHINESE_CHARS}{_TYPED}])(?:{ARABIC}|[{CHINESE_CHARS}])"
    rf"(?:{ARABIC}|[{CHINESE_CHARS}{_TYPED}])*+"
)
_TOKEN = re.compile(rf"{ARABIC}|[{CHINESE_CHARS}{_TYPED}]")
NUMERAL_RE = re.compile(NUMERAL)
_TENS = str.maketrans({"廿": "二十", "卅": "三十", "卌": "四十"})
_ZEROS = CIRCLES | {"零"}
_SPACES = re.compile(r"\s+")


def _arabic_value(token: str) -> Number:
    digits = "".join(str(_DIGITS[c]) if c in _DIGITS else c for c in token)
    digits = digits.replace(",", "").replace("，", "").replace("．", ".")
    if "." not in digits:
        return int(digits)
    value = Fraction(digits)
    return int(value) if value.denominator == 1 else value


# No number in a legal text runs this long; a longer run of digits (a scan's noise,
# a hash) is left to the plain diff, and Python refuses int() past 4,300 digits.
MAX_NUMERAL_CHARS = 200


# Kept for the numerals last asked (a value is immutable): both readings of a page hold
# mostly the same numbers, and the date, amount, article and number extractors each
# parse the runs they match, so a review parsed each numeral several times over.
@lru_cache(maxsize=4096)
def parse_number(text: str) -> Number | None:
    """The value of a numeral in any of the forms above, or None if it is not one."""
    text = _SPACES.sub("", text).translate(_TENS)
    if not text or text[0] in TYPED_ZEROS or len(text) > MAX_NUMERAL_CHARS:
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
            whole = token.replace("．", ".").split(".")[0].replace(",", "").replace("，", "")
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


_ANY_UNIT = frozenset(_SMALL_UNITS) | frozenset(_BIG_UNITS)
# 十 may follow a bigger unit directly (一百十四 is 114, as 一百一十四 is).
_TEN_AFTER = frozenset("百佰千仟萬万億")


def well_formed(text: str) -> bool:
    """Whether every numeral in ``text`` is written as a number can be: no unit right
    after another unit (萬千: a digit between was misread; but 一百十四), one digit before
    each unit (not 十六六), no Chinese digits mixed into Arabic ones (3二7).
    Evidence for which reading misread a value."""
    for numeral in NUMERAL_RE.findall(_SPACES.sub("", text).translate(_TENS)):
        tokens = _TOKEN.findall(numeral)
        arabic = any(len(t) > 1 or t.isdigit() for t in tokens)
        plain = any(t in _DIGITS and not t.isdigit() for t in tokens)
        if arabic and plain and not any(t in _ANY_UNIT for t in tokens):
            return False
        units = any(t in _ANY_UNIT for t in tokens)
        for before, token in pairwise(tokens):
            ten = token in "十拾" and before in _TEN_AFTER
            if token in _SMALL_UNITS and before in _ANY_UNIT and not ten:
                return False
            if units and _chinese_digit(before) and _chinese_digit(token) and before not in _ZEROS:
                return False  # 十六六, 一百二三: one digit stands before each unit
    return True


def _chinese_digit(token: str) -> bool:
    return token in _DIGITS and not token.isdigit()


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


# A counter after a run or 第/之 before it makes it a number even inside a
# false friend (千萬元, not 千萬 "by all means"), if the counter is not part of
# the false friend itself (十分 "very"). Not a list of what counts as a number:
# every other run is one already.
_COUNTERS = set("元圓年月日時分秒歲條項款目號人名次件個份張頁筆倍股坪週周天審成折%％")


def find_numbers(
    text: str,
    excluded: Excluded,
    wanted: Callable[[int, int], bool] | None = None,
) -> Iterator[tuple[int, int, Number]]:
    """(start, end, value) of each number written in ``text``, in order.

    ``excluded``: where the rule table's false friends stand in ``text``
    (``LegalRules.excluded``). ``wanted(start, end)``:
    False for a run the caller has no use for (not parsed, not yielded).
    """
    for m in NUMERAL_RE.finditer(text):
        if wanted is not None and not wanted(*m.span()):
            continue
        run, value = m.group(), parse_number(m.group())
        if value is None:
            continue
        has_arabic = any(map(str.isdigit, run))  # str.isdigit: ASCII and full-width
        if not has_arabic and set(run) <= _ZEROS and not _said(text, *m.span(), m.end()):
            continue  # 王〇〇: circles alone are a mask, not zeros (but 零元 is a sum)
        if _surname_mask(run) and not _said(text, *m.span(), m.end()):
            continue  # 陸○○, 萬○○: a surname and its mask (formal numerals write 零, not ○)
        friend_end = excluded.cover(*m.span())
        if friend_end is None or has_arabic or _said(text, *m.span(), friend_end):
            yield m.start(), m.end(), value


def numeral_span(text: str) -> tuple[int, int]:
    """Where the numerals of a value's text stand, first to last (三十七 of
    第三十七條, 百分之五 whole); the whole text if it has none."""
    runs = [m.span() for m in NUMERAL_RE.finditer(text)]
    return (runs[0][0], runs[-1][1]) if runs else (0, len(text))


def _surname_mask(run: str) -> bool:
    """A formal numeral or a unit (陸, 伍, 萬) followed only by circles: written
    numbers use a circle as a zero only among plain digits (一○五), never after 陸 or 萬."""
    return len(run) >= 2 and run[0] not in PLAIN_DIGITS and set(run[1:]) <= CIRCLES


def _said(text: str, start: int, end: int, friend_end: int) -> bool:
    """A run inside a false friend is a number all the same when a counter follows
    past the false friend (千萬元) or 第/之 stands before it (第一審, 之一)."""
    at = _counter_at(text, end)
    return (at is not None and at >= friend_end) or _ordinal_at(text, start) is not None


def _counter_at(text: str, end: int) -> int | None:
    """Where the counter stands that follows a numeral ending at ``end`` (三件, 三 件)."""
    rest = text[end : end + 2]
    at = end + len(rest) - len(rest.lstrip())
    return at if text[at : at + 1] in _COUNTERS else None


def _ordinal_at(text: str, start: int) -> int | None:
    """Where 第/之 stands right before a numeral starting at ``start`` (第三, 之一)."""
    return start - 1 if text[max(0, start - 1) : start] in ("第", "之") else None


def frame_marks(text: str, start: int, end: int) -> list[int]:
    """Where the characters stand that frame the numeral ``text[start:end]`` as a
    counted number (the 件 of 三件, the 第 of 第三): the phrase's own frame, no numeral."""
    return [at for at in (_ordinal_at(text, start), _counter_at(text, end)) if at is not None]


def counted(text: str, start: int, end: int) -> bool:
    """The numeral ``text[start:end]`` stands in a number phrase by its frame: a
    counter follows it (三件, 十日), 第/之 stands before it (第三), or it is the
    whole of a table cell (| 二十 |). Not every number: a numeral alone says less."""
    if _said(text, start, end, end):
        return True
    lo = max(text.rfind("\n", 0, start), text.rfind("|", 0, start))
    ends = [i for i in (text.find("\n", end), text.find("|", end)) if i >= 0]
    hi = min(ends, default=len(text))
    in_cell = (lo >= 0 and text[lo] == "|") or (hi < len(text) and text[hi] == "|")
    if not in_cell or text[lo + 1 : start].strip() or text[end:hi].strip():
        return False
    return not past_row(text, start)


def past_row(text: str, start: int) -> bool:
    """``text[start]`` follows the ``|`` that closes a Markdown row opened with one
    (| a | b |一): outside the table (an engine's reading of a rule or a speck), no
    cell. A row written without its outer pipes (a | 二十) has its last cell there."""
    line_lo = text.rfind("\n", 0, start) + 1
    line_hi = len(text) if (e := text.find("\n", start)) < 0 else e
    pipe = text.rfind("|", line_lo, start)
    if pipe < 0 or text.find("|", start, line_hi) >= 0:
        return False  # no pipe before it, or one after it: not past the row's end
    return text[line_lo:pipe].lstrip().startswith("|")


def alone_on_line(text: str, start: int, end: int) -> bool:
    """Nothing but spaces (and Markdown marks) shares the line with ``text[start:end]``:
    a numeral there counts or orders nothing (a heading 主文 read 二六 is no number)."""
    lo = text.rfind("\n", 0, start) + 1
    hi = len(text) if (e := text.find("\n", end)) < 0 else e
    return not text[lo:start].strip(_LINE_MARKS) and not text[end:hi].strip(_LINE_MARKS)


_LINE_MARKS = " \t\u3000#*>"  # a heading's or a quote's Markdown marks
