"""Numbers whose written form no number on a zh_TW page has: a digit lost, or a
numeral of another script.

Both readings may agree on these, or the alternate may have nothing there (a stamp
over the same digits; a Simplified-trained engine as the transcript beside an
alternate that could not read the place), so no comparison sees them. The form
alone says the number is not what the page prints:

* an amount (新臺幣…, …元) whose thousands separator stands before a group of two
  or of four or more digits (新臺幣56,00元): zh_TW groups thousands by three only,
  so a digit of that group was lost or doubled (one digit after a separator is a
  list, 1,2, not a number);
* a numeral only Simplified Chinese writes (贰, 陆, 亿) next to another numeral: a
  Traditional document never has it, and the number it stands in is not parsed as
  the page's (伍佰贰拾萬 gives no value, so no value comparison sees it);
* an ordinal's 第 with no numeral after it (第\n本條例, 第l條): the number of an article,
  a case or a paragraph was lost or read as something else. Chinese writes 第 before a
  numeral only, but in a handful of words (次第, 及第, 門第, 第宅 …), left alone.

Each is a CRITICAL item over the number's odd part, to check against the scan.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from weakref import WeakKeyDictionary

from backend.i18n import _
from backend.review.charclass import ARABIC_DIGITS, CHINESE_NUMERALS, CIRCLES
from backend.review.numerals import parse_number
from backend.review.tables import ReviewTables
from backend.review.values import CriticalKind, Flag, FlagKind

_D = "0-9０-９"
_SEP = "[,，]"
# A number grouped by separators; a line may break inside a group (79,00\n0元). Bounded
# and possessive: a run is never re-split, and a long spaced run (7 7 7 … ，) tried from
# each of its digits costs the bound, not its length (it was quadratic: 16,000 digits
# took 14 s).
_RUN = rf"[{_D}](?:\s{{0,8}}[{_D}]){{0,39}}+"
_GROUPED = re.compile(rf"(?<![{_D}]){_RUN}(?:\s*{_SEP}\s*{_RUN})+")
_SPLIT = re.compile(_SEP)
_CURRENCY_BEFORE = re.compile(r"(?:新\s*[臺台]\s*幣|NT\$)\s*$")
_YUAN_AFTER = re.compile(r"\s*[元圓]")


def number_form_flags(transcript: str, tables: ReviewTables) -> list[Flag]:
    """A CRITICAL flag over each odd part of a number in ``transcript``."""
    return [
        *_bad_groups(transcript),
        *_simplified_numerals(transcript, tables),
        *_numberless_ordinals(transcript),
    ]


def _bad_groups(text: str) -> Iterator[Flag]:
    if "," not in text and "，" not in text:
        return
    for m in _GROUPED.finditer(text):
        if not _thousands_commas(m[0]):
            continue  # 編號1，2000元: the clause comma after a list's number
        first, *rest = (len("".join(g.split())) for g in _SPLIT.split(m[0]))
        if first > 3 or 1 in rest or all(n == 3 for n in rest):
            continue  # no grouping (12345,6), a list (1,2), or a well-grouped number
        framed = _YUAN_AFTER.match(text, m.end()) or _CURRENCY_BEFORE.search(
            text, max(0, m.start() - 8), m.start()
        )
        if not framed:
            continue
        bad = next(n for n in rest if n != 3)
        said = _(
            "amount: {number} has a group of {count} digits after a thousands separator, "
            "where a group has three (a digit lost or doubled?); check it against the scan"
        ).format(number="".join(m[0].split()), count=bad)
        yield Flag(m.start(), m.end(), FlagKind.CRITICAL, said, category=CriticalKind.AMOUNT)


def _thousands_commas(number: str) -> bool:
    """Whether each comma of ``number`` can group thousands: a full-width one is the
    clause's comma of Chinese text unless full-width digits stand on both sides of it
    (１，２００); a half-width one is a separator between any digits."""
    squeezed = "".join(number.split())
    return all(
        c != "，" or (squeezed[i - 1] in _WIDE and squeezed[i + 1] in _WIDE)
        for i, c in enumerate(squeezed)
    )


_WIDE = frozenset("０１２３４５６７８９")


def _simplified_numerals(text: str, tables: ReviewTables) -> Iterator[Flag]:
    odd, anywhere = _odd_numerals(tables)
    if anywhere is None or anywhere.search(text) is None:  # (a class, in C: most pages)
        return
    numerals = set(CHINESE_NUMERALS) | set(odd) | set("0123456789")
    for i, c in enumerate(text):
        if c not in odd:
            continue
        near = (text[i - 1] if i else "", text[i + 1] if i + 1 < len(text) else "")
        if not any(n in numerals for n in near):
            continue  # a numeral alone (贰 as a word) changes no number
        said = _(
            "number: the transcript writes the Simplified numeral {char} ({standard}); "
            "check the number against the scan"
        ).format(char=c, standard=odd[c])
        yield Flag(i, i + 1, FlagKind.CRITICAL, said, category=CriticalKind.NUMBER)


_Odd = tuple[dict[str, str], re.Pattern[str] | None]
# The Simplified numerals of each tables object (by identity, weakly held): built
# from its thousands of folds, they were most of this module's cost when built per page.
_ODD: WeakKeyDictionary[ReviewTables, _Odd] = WeakKeyDictionary()


def _odd_numerals(tables: ReviewTables) -> _Odd:
    """The numerals only Simplified Chinese writes, each with its Traditional form, and
    a class finding any of them (None: there are none)."""
    found = _ODD.get(tables)
    if found is None:
        folds = tables.fold_table(False, True, alternate=True)
        odd = {
            c: folds[ord(c)]
            for c in tables.simplified_only()
            # 万 is parsed as 萬 already: only a numeral no number is parsed with.
            if ord(c) in folds and folds[ord(c)] in CHINESE_NUMERALS and parse_number(c) is None
        }
        anywhere = re.compile(f"[{re.escape(''.join(sorted(odd)))}]") if odd else None
        found = _ODD[tables] = (odd, anywhere)
    return found


# What may follow 第 (past spaces and line ends): a numeral of any form; a circle is a
# zero or a masked digit (第○條).
_ORDINAL_NUMERALS = (
    frozenset(CHINESE_NUMERALS) | ARABIC_DIGITS | CIRCLES | frozenset("ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ")
)
_ORDINAL = re.compile(r"第\s*(\S)")
# The words in which 第 is no ordinal: 次第 (in order), 及第/落第 (passed/failed the
# examination), 門第 (family standing), 府第/宅第/甲第 (a mansion), 等第 (a grade), 第宅.
_WORD_BEFORE = frozenset("次及落門府宅甲等科")
_WORD_AFTER = frozenset("宅")


def numberless_ordinals(text: str) -> Iterator[tuple[int, str]]:
    """Where ``text`` writes an ordinal's 第 with no numeral after it, and what follows
    it instead (past spaces and line ends)."""
    for m in _ORDINAL.finditer(text):
        after = m.group(1)
        if after in _ORDINAL_NUMERALS or after in _WORD_AFTER:
            continue
        if m.start() and text[m.start() - 1] in _WORD_BEFORE:
            continue
        yield m.start(), after


def _numberless_ordinals(text: str) -> Iterator[Flag]:
    for start, after in numberless_ordinals(text):
        said = _(
            "number: 第 is followed by 「{after}」, not by a numeral (the number of an "
            "article, a case or an item lost or misread?); check it against the scan"
        ).format(after=after)
        yield Flag(start, start + 1, FlagKind.CRITICAL, said, category=CriticalKind.NUMBER)
