"""Reading one page's facts (issue 24 point 1): case numbers, parties with their
role, amounts with their phrase, dates with their event, statute citations and
exhibits, with the legal rules and term tables that exist, never a model.

The patterns are the review's (``term_extract``: a case number is …年度…字第…號, a
date has its era or its day, an amount its currency or 元), written with the same
numeral (``numerals.NUMERAL``) and compared by value: each key holds numbers as
numbers (``keys``), so 第五六號 and 第56號 are one key. One pass per kind, each a
compiled expression run by the C engine; a 1,500-character page takes well under a
millisecond (``bench/facts.py`` measures it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache

from backend.facts.glossary import glossary_facts
from backend.facts.keys import fold, number_key
from backend.facts.model import Fact, FactKind
from backend.facts.parties import party_facts
from backend.facts.roles import EXHIBIT_PREFIXES, LAW_BREAKS, LAW_SUFFIXES, OBLIGATIONS
from backend.review.charclass import CHINESE_NUMERALS, TYPED_ZEROS, is_han
from backend.review.numerals import Number
from backend.review.numerals import parse_number as _parse_number

# A numeral as a run of its glyphs (validated by ``parse_number``, which refuses 1,2 or
# a lone ○): unlike the review's ``NUMERAL`` it starts with a plain class, which the
# regular-expression engine skips to, so a page is scanned ~5× faster.
_D = f"0-9０-９{CHINESE_NUMERALS}{''.join(sorted(TYPED_ZEROS))}"
# Possessive: a run is never re-split. Bounded: a run that fails (no 年度 after it)
# is tried again from each of its glyphs, so an unbounded one costs its length
# squared (a page of 100,000 digits took minutes); no numeral is longer than
# _LONGEST, and one that runs on (a digit after it) is none.
_LONGEST = 40
_N = rf"[{_D}](?:[,，.．]?[{_D}]){{0,{_LONGEST - 1}}}+(?![,，.．]?[{_D}])"
_CASE = re.compile(
    rf"(?P<y>{_N})\s*年度\s*(?P<w>[\u3400-\u9fff]{{1,6}}?)\s*字\s*第\s*(?P<n>{_N})\s*號"
)
_DATE = re.compile(rf"(?P<y>{_N})\s*年(?!度)\s*(?P<m>{_N})\s*月\s*(?P<d>{_N})\s*日")
_ERA = re.compile(r"(?:(?:中\s*華\s*)?民\s*國|(?P<ad>西\s*元|公\s*元))\s*$")
_AMOUNT = re.compile(
    rf"(?P<cur>新\s*[臺台]\s*幣|NT\$|ＮＴ＄)\s*(?P<n>{_N})\s*[元圓]?|(?P<bare>{_N})\s*[元圓]"
)
_STATUTE = re.compile(
    rf"第\s*(?P<n>{_N})\s*條(?:\s*之\s*(?P<s>{_N}))?"
    rf"(?:\s*第\s*(?P<p>{_N})\s*項)?(?:\s*第\s*(?P<k>{_N})\s*款)?"
)
_EXHIBIT = re.compile(
    rf"(?P<pre>{'|'.join(sorted(EXHIBIT_PREFIXES, key=len, reverse=True))})\s*"
    rf"(?P<n>{_N}|[A-Za-z](?![A-Za-z]))(?![份張件頁紙冊])"
)
# A sum without its currency written from a unit with no digit before it: 百, 千, 萬 and
# 億 need one (一萬元, 壹仟元) where a sum is written; standing alone they are a unit
# (每萬元 a rate, 千元以下 a bracket). 十 is written alone (十萬元), so it is not here.
_BARE_UNITS = frozenset("百佰千仟萬万億亿")
_LAW_BACK = 12  # a law's name is at most this long (道路交通管理處罰條例 is 10)
_PHRASE_BACK = 14  # an amount's obligation stands this close before it
_EVENT_AFTER = 4  # a date's event: the words right after it (簽訂借款, 交付貨物)
# What starts a period, not an event (自…日起算, 至…日止, 同日以前): no event is read.
_PERIOD = frozenset("起止迄以前後間內")
_ROC = 1911
_ERA_CHARS = 8  # 中　華　民　國 spaced out, before a date
# A section's heading on its own line (主　　文, 事實及理由): what an amount after it on
# the page belongs to, shown with its obligation (主文 給付 / 理由 給付).
_SECTION = re.compile(
    r"^[ \t\u3000#*]*(主[ \t\u3000]*文|事實及理由|理[ \t\u3000]*由|事[ \t\u3000]*實)"
    r"[ \t\u3000*\r]*$",  # \r: a CRLF line's end
    re.MULTILINE,
)
# Between two articles of one law in a list (第184條前段、第185條; 第1項及第2項).
_LISTED = re.compile(r"\s*(?:前段|中段|後段|本文|但書)?\s*[、及與暨]\s*")
# A claim (請求) the sentence grants says so after the sum, before the sentence ends:
# right after it (，為有理由) or after the interest granted with it (，及自…之利息，
# 為有理由), in the words a conclusion grants with (洵屬有據，應予准許). None of them
# is in a refusal (為無理由, 於法無據, 不應准許, 應予駁回); 是否有理由 (是否有據) asks.
_CLAIM, _GRANTED_AFTER = "請求", 80
_GRANTED = re.compile(r"(?<!否)(?:有理由|有據)|應予准許|自應准許")
_OBLIGATION = re.compile("|".join(sorted(OBLIGATIONS, key=len, reverse=True)))


@lru_cache(maxsize=8192)
def parse_number(numeral: str) -> Number | None:
    """``numerals.parse_number``, remembered: a file writes its numbers again and again."""
    return _parse_number(numeral)


def facts_of_page(page: int, text: str, glossary: Sequence[str] = ()) -> list[Fact]:
    """Every fact read from one page's working text, in text order.

    Pure and fast (a 3,000-page document is re-read page by page): ``page`` is
    0-based; offsets are code points into ``text`` as given, so
    ``text[f.start:f.end] == f.value``. ``glossary``: the document's terms; each
    occurrence is a fact of kind GLOSSARY, and so is a near-variant (one glyph off),
    which the checks then flag.
    """
    facts = [
        *_case_numbers(page, text),
        *_dates(page, text),
        *_amounts(page, text),
        *_statutes(page, text),
        *_exhibits(page, text),
        *party_facts(page, text),
    ]
    if glossary:
        facts += glossary_facts(page, text, glossary)
    facts.sort(key=lambda f: (f.start, f.end, f.kind))
    return facts


def _case_numbers(page: int, text: str) -> Iterator[Fact]:
    if "號" not in text:
        return
    for m in _CASE.finditer(text):
        year, number = parse_number(m["y"]), parse_number(m["n"])
        if year is None or number is None:
            continue
        key = f"{number_key(year)}年度{fold(m['w'])}字第{number_key(number)}號"
        yield Fact(FactKind.CASE_NUMBER, m[0], page, *m.span(), "", key)


def _dates(page: int, text: str) -> Iterator[Fact]:
    if "日" not in text:
        return
    for m in _DATE.finditer(text):
        year, month, day = (parse_number(m[g]) for g in ("y", "m", "d"))
        if year is None or month is None or day is None:
            continue
        era = _ERA.search(text, max(0, m.start() - _ERA_CHARS), m.start())
        start = m.start() if era is None else era.start()
        if (era is not None and era["ad"]) or year > _ROC:  # 西元2025年 is 民國114年
            year -= _ROC
        key = f"{number_key(year)}年{number_key(month)}月{number_key(day)}日"
        label = _event(text, m.end())
        yield Fact(FactKind.DATE, text[start : m.end()], page, start, m.end(), label, key)


def _amounts(page: int, text: str) -> Iterator[Fact]:
    sections: list[tuple[int, str]] | None = None  # the page's headings, when asked
    for m in _AMOUNT.finditer(text):
        if m["bare"] and m["bare"][0] in _BARE_UNITS:
            continue  # 每萬元, 千元以下: a unit, not a sum written out (一萬元, 壹仟元)
        value = parse_number(m["n"] or m["bare"])
        if value is None or value == 0:
            continue
        if sections is None:
            sections = [(h.start(), "".join(h[1].split())) for h in _SECTION.finditer(text)]
        section = next((name for at, name in reversed(sections) if at < m.start()), "")
        label = " ".join(w for w in (section, _obligation(text, m.start(), m.end())) if w)
        yield Fact(FactKind.AMOUNT, m[0], page, *m.span(), label, f"{number_key(value)}元")


def _statutes(page: int, text: str) -> Iterator[Fact]:
    if "條" not in text:
        return
    law = ""  # the last law named on the page: 同法 cites it again
    last = -1  # where the last citation ended: 民法第184條、第185條 lists that law's
    for m in _STATUTE.finditer(text):
        named = _law_before(text, m.start())
        if named == "同法":
            named = law
        if not named and last >= 0 and _LISTED.fullmatch(text, last, m.start()):
            named = law
        if not named:
            continue  # a contract's 第三條, a statute's own articles: no law, no citation
        law, last = named, m.end()
        parts = [f"第{_num(m['n'])}條"]
        parts += [f"之{_num(m['s'])}"] if m["s"] else []
        parts += [f"第{_num(m['p'])}項"] if m["p"] else []
        parts += [f"第{_num(m['k'])}款"] if m["k"] else []
        yield Fact(FactKind.STATUTE, m[0], page, *m.span(), law, law + "".join(parts))


def _exhibits(page: int, text: str) -> Iterator[Fact]:
    for m in _EXHIBIT.finditer(text):
        value = parse_number(m["n"])
        number = fold(m["n"]).upper() if value is None else number_key(value)
        yield Fact(FactKind.EXHIBIT, m[0], page, *m.span(), m["pre"], m["pre"] + number)


def _num(numeral: str) -> str:
    value = parse_number(numeral)
    return fold(numeral) if value is None else number_key(value)


def _law_before(text: str, at: int) -> str:
    """The law named right before ``at`` (民法 of 民法第一百八十四條), or ""."""
    head = text[max(0, at - _LAW_BACK) : at].rstrip()
    if head.endswith("同法"):
        return "同法"
    if not head.endswith(LAW_SUFFIXES):
        return ""
    start = len(head)
    while start > 0 and head[start - 1] not in LAW_BREAKS and is_han(head[start - 1]):
        start -= 1
    law = head[start:]
    return law if len(law) >= 2 else ""


def _obligation(text: str, at: int, end: int) -> str:
    """The obligation phrase an amount belongs to (給付, 賠償, 罰鍰 …), read in the
    characters before it on its sentence; "" when none stands there.

    A party's claim (原告請求被告給付…) is no amount the court settled: its phrase is
    請求 and the obligation (請求給付), so it is compared with other claims only, not
    with the sum granted. A claim the sentence grants (請求被告給付…，為有理由) is the
    sum granted, read with its obligation alone."""
    lo = max(0, at - _PHRASE_BACK)
    for stop in "。；\n":
        lo = max(lo, text.rfind(stop, lo, at) + 1)
    found = list(_OBLIGATION.finditer(text, lo, at))
    if not found:
        return ""
    word = found[-1][0]
    if _CLAIM in text[lo : found[-1].start()]:
        hi = min(len(text), end + _GRANTED_AFTER)
        for stop in "。；\n":
            cut = text.find(stop, end, hi)
            hi = cut if cut >= 0 else hi
        if not _GRANTED.search(text, end, hi):
            return _CLAIM + word
    return word


def _event(text: str, at: int) -> str:
    """A date's event: the Han characters right after it, at most ``_EVENT_AFTER``
    (於一一四年十月三日簽訂借款契約: 簽訂借款), for Chinese names the event after its
    day; "" when the clause ends there or a period runs from it (自…日起, 至…日止),
    which any event may be dated by."""
    end = at
    while end < at + _EVENT_AFTER and end < len(text) and is_han(text[end]):
        end += 1
    event = text[at:end]
    return "" if not event or event[0] in _PERIOD else event
