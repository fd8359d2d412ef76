"""Addresses and dates of birth in a page's text.

An address is read from the units Taiwan's addresses are written in, largest first:
a county or city (a closed list: the country's 22 and their former names), a
district or township, a village or borough, a neighbourhood (鄰), a road or street
with its section, lane and alley, and the number (號) with its floor and sub-number.
The number is what makes it a person's address rather than a place named in prose
(事故發生於臺北市中山路口), so a finding needs one: a 號 after a road, a lane, an alley,
a village or a neighbourhood.

A date is a date of birth when the text says so beside it: 生 or 出生 right after it
(民國70年1月2日生), or 出生年月日 / 生日 / 出生日期 right before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

from backend.publish.model import Finding, PersonalKind

_COUNTIES = [
    *("臺北市", "新北市", "桃園市", "臺中市", "臺南市", "高雄市", "基隆市", "新竹市"),
    *("嘉義市", "新竹縣", "苗栗縣", "彰化縣", "南投縣", "雲林縣", "嘉義縣", "屏東縣"),
    *("宜蘭縣", "花蓮縣", "臺東縣", "澎湖縣", "金門縣", "連江縣"),
    *("臺北縣", "桃園縣", "臺中縣", "臺南縣", "高雄縣"),  # former names, in older files
]
_COUNTY = "|".join({*_COUNTIES, *(c.replace("臺", "台") for c in _COUNTIES)})
_MASK = "○〇Ｏ"
_NUM = "[0-9０-９一二三四五六七八九十百零〇○]+"
# A unit's own name: Han characters (no digit, space, punctuation or Latin). The first
# unit read holds no word of the prose that brings an address in (住於…, 設…, 在…): it is
# read no further back than one of those. After a county or a district any name goes
# on (士林區自強路: 自 is a function word elsewhere).
_NOT_NAME = "\\s\\d０-９、，,。；;：:（）()「」『』\\x00-\\x7f"
_ANY = f"[^{_NOT_NAME}]"
_FIRST = f"[^{_NOT_NAME}住居設於在址向為即係]"


# A number, with a sub-number (122之1) and the spaces a typist leaves (一段 122 號).
_SUB = f"[ \u3000]?{_NUM}(?:之{_NUM})?[ \u3000]?"
_REST = f"(?:{_SUB}段)?(?:{_SUB}巷)?(?:{_SUB}弄)?(?:之{_NUM})?{_SUB}號(?:{_SUB}樓)?(?:之{_NUM})?"


def _unit(name: str, most: int, kinds: str) -> str:
    return f"(?:{name}{{1,{most}}}?{kinds})"


_COUNTY_X = f"(?:{_COUNTY}|[{_MASK}]{{1,3}}[縣市])"  # a county, or one the source masked
_DISTRICT, _VILLAGE, _ROAD = (4, "[區鄉鎮市]"), (4, "[村里]"), (6, "(?:路|街|大道)")
_LANE = f"(?:{_NUM}鄰)?"
_ADDRESS = re.compile(
    "|".join(
        (
            f"{_COUNTY_X}{_unit(_ANY, *_DISTRICT)}?{_unit(_ANY, *_VILLAGE)}?{_LANE}"
            f"{_unit(_ANY, *_ROAD)}?{_REST}",
            f"{_unit(_FIRST, *_DISTRICT)}{_unit(_ANY, *_VILLAGE)}?{_LANE}"
            f"{_unit(_ANY, *_ROAD)}?{_REST}",
            f"{_unit(_FIRST, *_VILLAGE)}{_LANE}{_unit(_ANY, *_ROAD)}?{_REST}",
            f"{_unit(_FIRST, *_ROAD)}{_REST}",
        )
    )
)
# What must stand before the number for it to be an address's: one of these units.
_NEEDS = re.compile(f"(?:路|街|大道|段|巷|弄|村|里|鄰)(?:之{_NUM})?(?={_SUB}號)")


# An address ends at its number: it is read only in the characters before each number
# a unit stands before (中山路12號), never by trying the pattern at every character of
# every page (3,000 pages: most of detection's time).
_BACK, _AHEAD = 48, 16


def addresses(page: int, text: str) -> Iterator[Finding]:
    done = 0
    for anchor in _NEEDS.finditer(text):
        if anchor.start() < done:
            continue  # inside the address just read
        start = max(done, anchor.start() - _BACK)
        for m in _ADDRESS.finditer(text, start, anchor.end() + _AHEAD):
            if m.end() <= anchor.start() or not _NEEDS.search(m[0]):
                continue  # 第五六號, 字第12號: a number with no street before it
            done = m.end()
            found = m[0]
            key = "".join(found.split())
            yield Finding(PersonalKind.ADDRESS, page, m.start(), m.end(), found, key)
            break


_DATE = (
    r"(?:(?:中華)?民國|西元)?\s*[0-9０-９一二三四五六七八九十百零〇○]{1,4}\s*年"
    r"\s*[0-9０-９一二三四五六七八九十○]{1,3}\s*月\s*[0-9０-９一二三四五六七八九十○]{1,3}\s*日"
    r"|\d{2,4}[/.-]\d{1,2}[/.-]\d{1,2}"
)
_BORN_AFTER = re.compile(f"(?P<date>{_DATE})\\s*[（(]?\\s*(?:出生|生)(?![產效意活命])")
_BORN_BEFORE = re.compile(
    f"(?:出生年月日|出生日期|生日|生於|出生於)\\s*(?:[：:]|為|是|係)?\\s*(?P<date>{_DATE})"
)


# Where a birth date may be: right before 生, or right after the words that name one
# (each pattern is tried there only: 3,000 pages, not at every character).
_BORN_WORD = re.compile("生")
_NAMING_WORD = re.compile("出生年月日|出生日期|生日|生於|出生於")
_BORN_BACK = 40


def birth_dates(page: int, text: str) -> Iterator[Finding]:
    """Dates the text calls a birth date (生效, 生產 after a date are not births)."""
    seen: set[int] = set()
    after = (
        _BORN_AFTER.finditer(text, max(0, w.start() - _BORN_BACK), w.end() + 1)
        for w in _BORN_WORD.finditer(text)
    )
    before = (_BORN_BEFORE.match(text, w.start()) for w in _NAMING_WORD.finditer(text))
    for m in chain(chain.from_iterable(after), before):
        if m is None or m.start("date") in seen:
            continue
        start, end = m.start("date"), m.end("date")
        seen.add(start)
        found = text[start:end]
        key = "".join(found.split())
        yield Finding(PersonalKind.BIRTH_DATE, page, start, end, found, key, "出生")
