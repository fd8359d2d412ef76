"""Finding legal-critical terms in one text, each with the value it is compared by.

Kept apart from ``legal_terms`` (which compares two readings) because this is
what a term *is*: numbers as values (壹萬貳仟 == 12,000 == 一萬二千; 百分之五 ==
5%), dates as (y, m, d), articles, case numbers, name masks, and the rule
table's words. A word's value is its meaning (得: "may", 不得: "must not"), shown
to the reviewer; it is compared by the word itself (``CriticalTerm.key``), so
不得 and 不應 differ though both mean "must not".

Two layers: ``extract_terms`` (values, masks and modal words, non-overlapping)
and ``extract_word_terms`` (outcomes and party roles). They may overlap (無罪
is the negation 無 and the outcome 無罪), so they are found and compared apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from backend.review.charclass import DOTS, HAN, MASK_CHARS, is_han
from backend.review.legal_rules import LegalRules
from backend.review.lexicon import Excluded
from backend.review.numerals import NUMERAL as _N
from backend.review.numerals import NUMERAL_FIRST, Number, find_numbers, parse_number
from backend.review.values import CriticalKind
from backend.review.values import LegalKind as LegalKind  # its home before values.py

Value = Number | str | tuple[Number | str | None, ...]


TermKind = CriticalKind | LegalKind
WORDED_KINDS: frozenset[TermKind] = frozenset({CriticalKind.MODAL, *LegalKind})


@dataclass(frozen=True, init=False)
class CriticalTerm:
    start: int  # code points into the text it was found in
    end: int
    kind: TermKind
    text: str
    value: Value  # a value, or for a word its meaning ("must not")
    word: str = ""  # for a word: the table's word it compares as (應予 -> 應)

    def __init__(
        self, start: int, end: int, kind: TermKind, text: str, value: Value, word: str = ""
    ) -> None:
        # The generated one's, written out: a frozen dataclass's own sets each field
        # through ``object.__setattr__``, and a review makes hundreds of terms on each
        # reading (~5% of its time went there). Same fields, same order and default.
        fields = self.__dict__
        fields["start"], fields["end"], fields["kind"] = start, end, kind
        fields["text"], fields["value"], fields["word"] = text, value, word

    @property
    def key(self) -> object:
        """What must be equal on both sides: the word itself, else the value."""
        return self.word or self.value


Terms = list[CriticalTerm]
# (text, rules, where false friends stand, which code points an earlier kind took)
Extractor = Callable[[str, LegalRules, Excluded, bytearray], Iterator[CriticalTerm]]

_CASE_RE = re.compile(
    rf"(?P<y>{_N})\s*年度\s*(?P<w>[\u3400-\u9fff]{{1,6}}?)\s*字\s*第\s*(?P<n>{_N})\s*號"
)
_ERA = r"(?:中\s*華\s*)?民\s*國|西\s*元|公\s*元"
# Each pattern that may start with an optional prefix (an era, a currency) is led by a
# lookahead at the class of its first characters: the engine tries a pattern at every
# place of a page, and this leaves a place in one test instead of trying each
# alternative of the prefix and then the numeral (``numerals.NUMERAL``'s own note).
_DATE_RE = re.compile(
    rf"(?=[中民西公{NUMERAL_FIRST}])(?P<era>(?:{_ERA})\s*)?(?P<y>{_N})\s*年(?!度)"
    rf"(?:\s*(?P<m>{_N})\s*月(?:\s*(?P<d>{_N})\s*日)?)?"
)
_ARTICLE_RE = re.compile(rf"第\s*(?P<n>{_N})\s*(?P<u>[條項款目])(?:\s*之\s*(?P<s>{_N}))?")
_CURRENCY = r"新[臺台]幣|NT\$|ＮＴ＄"
_AMOUNT_RE = re.compile(
    rf"(?=[新NＮ{NUMERAL_FIRST}])(?:(?P<cur>{_CURRENCY})\s*)?(?P<n>{_N})(?:\s*(?P<yuan>[元圓]))?"
)
# 百分之五, 千分之三, 十分之一, 5%, ５％: one value, whichever way it is written.
# The frame 新臺幣…元 holds one number, however the line wraps or an engine spaces its
# digits: Arabic digit runs apart by spaces or one line break (a comma may end a run:
# 17,⏎200) are its pieces, read as one number (17,200, not 17 and 200). A Chinese
# numeral's pieces carry their units (七萬⏎四千) and stay apart, as before.
_DIGIT_RUN = r"[0-9０-９]+(?:[,，][0-9０-９]+)*"
_GAP = r"[^\S\n]*"  # spaces, no line break
_WRAP = rf"(?:{_GAP}[,，]?{_GAP}\n{_GAP}|[^\S\n]+[,，]?{_GAP}|[,，][^\S\n]+)"
_FRAMED_RE = re.compile(
    rf"(?P<cur>{_CURRENCY})\s*(?P<n>{_DIGIT_RUN}(?:{_WRAP}{_DIGIT_RUN})+)\s*(?P<yuan>[元圓])"
)
_PERCENT_RE = re.compile(
    rf"(?P<base>[十百千萬])\s*分\s*之\s*(?P<n>{_N})|(?P<m>{_N})\s*(?P<sign>[%％‰])"
)
_PER = {"十": 10, "百": 100, "千": 1000, "萬": 10_000, "%": 100, "％": 100, "‰": 1000}


def _case_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    for m in _CASE_RE.finditer(text):
        year, number = parse_number(m["y"]), parse_number(m["n"])
        if year is not None and number is not None:
            word = m["w"].replace("台", "臺")
            yield CriticalTerm(*m.span(), CriticalKind.CASE_NUMBER, m[0], (year, word, number))


def _date_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    for m in _DATE_RE.finditer(text):
        if m["era"] or m["d"]:  # without either, "3年6月" is a prison term, not a date
            ymd = tuple(None if g is None else parse_number(g) for g in m.group("y", "m", "d"))
            yield CriticalTerm(*m.span(), CriticalKind.DATE, m[0], ymd)


def _article_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    for m in _ARTICLE_RE.finditer(text):
        sub = None if m["s"] is None else parse_number(m["s"])
        value = (parse_number(m["n"]), m["u"], sub)
        yield CriticalTerm(*m.span(), CriticalKind.ARTICLE, m[0], value)


def _percent_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    if not any(mark in text for mark in ("分之", "%", "％", "‰")):
        return  # most pages: no need to try every numeral for a sign after it
    for m in _PERCENT_RE.finditer(text):
        number = parse_number(m["n"] or m["m"])
        if number is not None:
            share = Fraction(number) / _PER[m["base"] or m["sign"]]
            yield CriticalTerm(*m.span(), CriticalKind.NUMBER, m[0], ("%", share))


def _amount_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    framed = _framed(text)
    for start, end, number in framed:
        yield CriticalTerm(start, end, CriticalKind.AMOUNT, text[start:end], number)
    k = 0  # the framed amounts are few and in order: skip the matches inside them
    for m in _AMOUNT_RE.finditer(text):
        if not (m["cur"] or m["yuan"]):
            continue  # a bare number: the number extractor's
        while k < len(framed) and framed[k][1] <= m.start():
            k += 1
        if k < len(framed) and framed[k][0] < m.end():
            continue
        parsed = parse_number(m["n"])
        if parsed is not None:
            yield CriticalTerm(*m.span(), CriticalKind.AMOUNT, m[0], parsed)


def _framed(text: str) -> list[tuple[int, int, Number]]:
    """Amounts whose number a line break or spaces cut in pieces (``_FRAMED_RE``)."""
    if "幣" not in text and "$" not in text and "＄" not in text:
        return []
    out = []
    for m in _FRAMED_RE.finditer(text):
        # Its digits in order: a thousands comma may be lost or doubled at the cut.
        number = parse_number("".join(c for c in m["n"] if c.isdigit()))
        if number is not None:
            out.append((m.start(), m.end(), number))
    return out


def _number_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    def free(start: int, end: int) -> bool:  # not inside a date, amount, article ...
        return taken.find(1, start, end) < 0

    for start, end, value in find_numbers(text, excluded, free):
        yield CriticalTerm(start, end, CriticalKind.NUMBER, text[start:end], value)


def _mask_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    """王○○, 甲○○, 王○明: a surname (or placeholder) and masked given name.

    A seal an engine read among the circles (陳印○, 陳㊞○) is one of them: the
    value is the mask's, so 陳印○ and 陳○○ are one name."""
    if _ANY_MASK.search(text) is None:
        return  # no circle: no mask (the pattern ends in one), and no Han tried for a head
    seals = _seals(rules.mask_misreads)
    for m in _mask_pattern(seals).finditer(text):
        start, end = m.span()
        head = "" if m["head"] is None or m["head"] in seals else m["head"]
        run = end - start - len(head)
        if run == 1 and end < len(text) and is_han(text[end]) and text[end] not in seals:
            value = f"{head}○{text[end]}"  # 王○明: one masked character inside the name
            end += 1
        else:
            value = head + "○" * run
        yield CriticalTerm(start, end, CriticalKind.MASK, text[start:end], value)


def _seals(misreads: frozenset[str]) -> str:
    """Misreadings that stand among a mask's circles (not 。 or ASCII, which end or
    follow a name as punctuation)."""
    return "".join(sorted(c for c in misreads if not c.isascii() and c not in DOTS))


# (A class found in C: ``isdisjoint`` on a text makes a string of each character.)
_ANY_MASK = re.compile(f"[{re.escape(''.join(sorted(MASK_CHARS)))}]")


@lru_cache(maxsize=4)
def _mask_pattern(seals: str) -> re.Pattern[str]:
    """A surname (optional) and circles, seals among them, ending in a circle."""
    masks = "".join(sorted(MASK_CHARS))
    return re.compile(rf"(?P<head>[{HAN}])?[{masks}{re.escape(seals)}]*[{masks}]")


def _modal_terms(
    text: str, rules: LegalRules, excluded: Excluded, taken: bytearray
) -> Iterator[CriticalTerm]:
    for start, end, word in rules.modal.scan(text, excluded):
        kind = CriticalKind.MODAL
        yield CriticalTerm(start, end, kind, text[start:end], word.meaning, word.compares_as)


_EXTRACTORS: tuple[Extractor, ...] = (
    _case_terms,
    _date_terms,
    _article_terms,
    _percent_terms,
    _amount_terms,
    _number_terms,
    _mask_terms,
    _modal_terms,
)


def extract_terms(
    text: str, rules: LegalRules, excluded: Excluded | None = None
) -> list[CriticalTerm]:
    """All critical terms in ``text`` but outcomes and parties, sorted, non-overlapping.

    Earlier extractors win an overlap (a case number's 第1234號 is not also a
    number), and within one, the earlier and longer match. ``excluded``:
    ``rules.excluded(text)``, when the caller has it already.
    """
    excluded = rules.excluded(text) if excluded is None else excluded
    taken = bytearray(len(text))
    chosen: list[CriticalTerm] = []
    for extract in _EXTRACTORS:
        for term in sorted(
            extract(text, rules, excluded, taken), key=lambda t: (t.start, t.start - t.end)
        ):
            # (``find`` in C: no byte of the span taken yet)
            if term.end > term.start and taken.find(1, term.start, term.end) < 0:
                taken[term.start : term.end] = b"\x01" * (term.end - term.start)
                chosen.append(term)
    return sorted(chosen, key=lambda t: t.start)


def extract_word_terms(
    text: str, rules: LegalRules, excluded: Excluded | None = None
) -> list[CriticalTerm]:
    """Outcome and party-role words in ``text`` (駁回, 有期徒刑, 原告, 被上訴人), sorted."""
    excluded = rules.excluded(text) if excluded is None else excluded
    return [
        CriticalTerm(s, e, _legal_kind(w.family), text[s:e], w.meaning, w.compares_as)
        for s, e, w in rules.worded.scan(text, excluded)
    ]


# (An Enum's call by value runs several steps in Python, for each of a page's words.)
_LEGAL_KINDS = {k.value: k for k in LegalKind}


def _legal_kind(family: str) -> LegalKind:
    kind = _LEGAL_KINDS.get(family)
    return LegalKind(family) if kind is None else kind  # (not one: the Enum's own error)
