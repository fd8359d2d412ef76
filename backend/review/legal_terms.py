"""Legal-critical terms (articles, modal words, amounts, dates, case numbers, masks).

A misread 得/應, a dropped 不 or one wrong digit changes what a judgment says.
Each term has a comparable *value*: numbers as ints (壹萬貳仟 == 12,000 ==
一萬二千), dates as (y, m, d), modal words as a polarity ("may", "must not",
...). ``critical_flags`` compares the values on both sides of each diff hunk.

Modal words err towards recall (得/應 flip the law): one is modal unless it
sits in a known non-modal compound (取得, 對應, 不動產, 捨不得, ... below).
A name mask read as look-alike punctuation (王○○ / 王。。) is not critical;
a mask against a real name or another party's mask is.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import takewhile

from backend.review.numerals import NUMERAL as _N
from backend.review.numerals import Number, describe_number, find_numbers, parse_number
from backend.review.offset_map import OffsetMap
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

Value = Number | str | tuple[Number | str | None, ...]


@dataclass(frozen=True)
class CriticalTerm:
    start: int  # code points into the text it was found in
    end: int
    kind: CriticalKind
    text: str
    value: Value  # comparable form: equal values mean the same legal content


Terms = list[CriticalTerm]
_CASE_RE = re.compile(
    rf"(?P<y>{_N})\s*年度\s*(?P<w>[\u3400-\u9fff]{{1,6}}?)\s*字\s*第\s*(?P<n>{_N})\s*號"
)
_DATE_RE = re.compile(
    rf"(?P<era>(?:中\s*華\s*)?民\s*國\s*)?(?P<y>{_N})\s*年(?!度)"
    rf"(?:\s*(?P<m>{_N})\s*月(?:\s*(?P<d>{_N})\s*日)?)?"
)
_ARTICLE_RE = re.compile(rf"第\s*(?P<n>{_N})\s*(?P<u>[條項款目])(?:\s*之\s*(?P<s>{_N}))?")
_CURRENCY = r"新[臺台]幣|NT\$|ＮＴ＄"
_AMOUNT_RE = re.compile(rf"(?:(?P<cur>{_CURRENCY})\s*)?(?P<n>{_N})(?:\s*(?P<yuan>[元圓]))?")
_MASK_CHARS = "○〇◯Ｏ"
_MASK_RE = re.compile(rf"[\u3400-\u9fff]?[{_MASK_CHARS}]+")


def _number_terms(text: str) -> Iterator[CriticalTerm]:
    for start, end, value in find_numbers(text):
        yield CriticalTerm(start, end, CriticalKind.NUMBER, text[start:end], value)


def _case_terms(text: str) -> Iterator[CriticalTerm]:
    for m in _CASE_RE.finditer(text):
        year, number = parse_number(m["y"]), parse_number(m["n"])
        if year is not None and number is not None:
            word = m["w"].replace("台", "臺")
            yield CriticalTerm(*m.span(), CriticalKind.CASE_NUMBER, m[0], (year, word, number))


def _date_terms(text: str) -> Iterator[CriticalTerm]:
    for m in _DATE_RE.finditer(text):
        if m["era"] or m["d"]:  # without either, "3年6月" is a prison term, not a date
            ymd = tuple(None if g is None else parse_number(g) for g in m.group("y", "m", "d"))
            yield CriticalTerm(*m.span(), CriticalKind.DATE, m[0], ymd)


def _article_terms(text: str) -> Iterator[CriticalTerm]:
    for m in _ARTICLE_RE.finditer(text):
        sub = None if m["s"] is None else parse_number(m["s"])
        value = (parse_number(m["n"]), m["u"], sub)
        yield CriticalTerm(*m.span(), CriticalKind.ARTICLE, m[0], value)


def _amount_terms(text: str) -> Iterator[CriticalTerm]:
    for m in _AMOUNT_RE.finditer(text):
        number = parse_number(m["n"])
        if (m["cur"] or m["yuan"]) and number is not None:
            yield CriticalTerm(*m.span(), CriticalKind.AMOUNT, m[0], number)


def _mask_terms(text: str) -> Iterator[CriticalTerm]:
    """王○○, 甲○○, 王○明: a surname (or placeholder) and masked given name."""
    for m in _MASK_RE.finditer(text):
        start, end = m.span()
        run = end - start - (0 if text[start] in _MASK_CHARS else 1)
        if run == 1 and end < len(text) and "\u3400" <= text[end] <= "\u9fff":
            end += 1  # 王○明: one masked character inside the name
        value = re.sub(f"[{_MASK_CHARS}]", "○", text[start:end])
        yield CriticalTerm(start, end, CriticalKind.MASK, text[start:end], value)


# Modal and negation words by canonical polarity; matched longest first.
_POLARITY = {
    "must": "不得不 必須 應 須",
    "must not": "不得 毋得 應不 不應 勿",
    "may not": "得不",
    "no need": "毋須 無須 無需 不須 不必 毋庸 無庸",
    "may": "得以 得",
    "not": "不 未 非 無 毋",
}
_MODAL = dict(
    sorted(((w, p) for p, ws in _POLARITY.items() for w in ws.split()), key=lambda wp: -len(wp[0]))
)
# Not modal: the parenthesised part, with the rest as context. 得 after a verb is
# a complement (取得), 應 after 對/相/反 is "correspond/react". Left out as legal
# text uses them modally: 記/少(不得) 登記不得對抗, 至少不得; (得)主/分 得主張,
# 得分別; (應)對/允/徵/用 應對原告, 應允許, 應徵收, 應用於.
_NOT_MODAL_WORDS = """
    (不得已) (須知) (須臾) (未來) (未免) (非常) 是(非) (非洲) 無(非) 莫(非) (無論) (無非) (無疑)
    (不動產) (不過) (不久) (不斷) (不論) (不管) (不僅) (不但) (不料) (不妨) (不免) (不已) (不禁)
    (得不到) (應有部分) 不當(得)利
"""
_NOT_MODAL_SPEC = (
    [f"{c}(得)" for c in "取獲所習值懂覺使免難曉顯只變贏博落心覓奪騙購懶省虧樂應"]
    + [f"(得){c}" for c in "到知失逞標意罪手益體宜喪"]
    + [f"{c}(不得)" for c in "捨怪恨巴顧"]
    + [f"{c}(應)" for c in "對相反回答供適因呼感效照順響報接內"]
    + [f"(應){c}" for c in "變酬邀試聘"]
    + _NOT_MODAL_WORDS.split()
)

# Indexed by first character: the scan only stops where a modal word can start.
_NOT_MODAL: dict[str, list[list[str]]] = {}
for _spec in _NOT_MODAL_SPEC:
    _before, _word, _after = re.split(r"[()]", _spec)
    _NOT_MODAL.setdefault(_word[0], []).append([_before, _word, _after])
_MODAL_START = re.compile(f"[{''.join({w[0] for w in _MODAL})}]")


def _not_modal_at(text: str, pos: int) -> int:
    """Length of a non-modal word starting at ``pos`` (0 if none)."""
    for before, word, after in _NOT_MODAL.get(text[pos], ()):
        if (
            pos >= len(before)  # startswith() would wrap a negative index around
            and text.startswith(word, pos)
            and text.startswith(before, pos - len(before))
            and text.startswith(after, pos + len(word))
        ):
            return len(word)
    return 0


def _modal_terms(text: str) -> Iterator[CriticalTerm]:
    pos = 0
    while found := _MODAL_START.search(text, pos):
        pos = found.start()
        skip = _not_modal_at(text, pos)
        word = "" if skip else next((w for w in _MODAL if text.startswith(w, pos)), "")
        if word:
            yield CriticalTerm(pos, pos + len(word), CriticalKind.MODAL, word, _MODAL[word])
        pos += max(1, skip, len(word))


_EXTRACTORS: tuple[Callable[[str], Iterator[CriticalTerm]], ...] = (
    _case_terms,
    _date_terms,
    _article_terms,
    _amount_terms,
    _number_terms,
    _mask_terms,
    _modal_terms,
)


def extract_terms(text: str) -> list[CriticalTerm]:
    """All critical terms in ``text``, sorted, non-overlapping.

    Earlier extractors win an overlap (a case number's 第1234號 is not also a
    number), and within one, the earlier and longer match.
    """
    taken = bytearray(len(text))
    chosen: list[CriticalTerm] = []
    for extract in _EXTRACTORS:
        for term in sorted(extract(text), key=lambda t: (t.start, t.start - t.end)):
            if term.end > term.start and not any(taken[term.start : term.end]):
                taken[term.start : term.end] = b"\x01" * (term.end - term.start)
                chosen.append(term)
    return sorted(chosen, key=lambda t: t.start)


# --- comparing two readings ---------------------------------------------------

# Outside substantive hunks only values count: a punctuation or glyph hunk can
# still touch a number (一〇〇 / 一○○), and a value is never noise.
_VALUE_KINDS = frozenset(
    {CriticalKind.AMOUNT, CriticalKind.NUMBER, CriticalKind.DATE}
    | {CriticalKind.CASE_NUMBER, CriticalKind.ARTICLE}
)
_NUMERIC = {CriticalKind.AMOUNT, CriticalKind.NUMBER}
_FAMILY = {k: "numeric" if k in _NUMERIC else k.value for k in CriticalKind}
_LABELS = {k: k.value.replace("_", " ") for k in CriticalKind} | {
    CriticalKind.MODAL: "modal word",
    CriticalKind.MASK: "name mask",
}
# A mask read as punctuation or a zero (王○○ -> 王。。) is a look-alike misreading
# with no legal meaning: the diff flag shows it, a critical flag would be noise.
_MASK_LOOKALIKES = set(_MASK_CHARS + "。｡°oO0０")
_SMALL_HUNK = 6  # a hunk this short is folded into the term's flag, for a whole replacement


@dataclass
class _Hit:
    """A term whose value the other side does not share, and the transcript span to flag."""

    term: CriticalTerm
    other: CriticalTerm | None
    start: int
    end: int
    in_transcript: bool  # the term is the transcript's (else the alternate's)


def critical_flags(
    transcript: str,
    alternate: str,
    hunks: Sequence[Hunk],
    matches: Sequence[tuple[int, int, int]] | None = None,
) -> list[Flag]:
    """CRITICAL flags where a hunk changes a critical term's value.

    A term counts when it touches (overlaps or abuts) a hunk, so inserting 不
    before 得 is caught; substantive hunks are checked for every kind of term,
    punctuation and glyph hunks for values (numbers, dates, case numbers,
    articles). Equal values in other spellings (12000 / 一萬二千) are not
    flagged; a term with no counterpart on the other side is. ``matches``
    (``Comparison.matches``) are the agreeing runs the flags' offsets in the
    alternate are mapped through; without them, the identical text between hunks.
    """
    t_terms, a_terms = extract_terms(transcript), extract_terms(alternate)
    forward = OffsetMap.build(transcript, alternate, hunks, matches)
    backward = forward.reversed()
    hits: dict[tuple[bool, int, int], _Hit] = {}
    for h in hunks:
        if h.category is DiffCategory.LAYOUT:
            continue
        kinds = None if h.category is DiffCategory.SUBSTANTIVE else _VALUE_KINDS
        for hit in _hunk_hits(h, forward, backward, t_terms, a_terms, kinds):
            key = (hit.in_transcript, hit.term.start, hit.term.end)
            if (seen := hits.get(key)) is None:
                hits[key] = hit
            else:  # one flag a term, over every hunk it touches
                seen.start, seen.end = min(seen.start, hit.start), max(seen.end, hit.end)
    flags: dict[tuple[int, int], Flag] = {}
    for hit in hits.values():
        flag = _flag(hit, transcript, alternate, forward)
        flags.setdefault((flag.start, flag.end), flag)
    return sorted(flags.values(), key=lambda f: (f.start, f.end))


def _hunk_hits(
    h: Hunk,
    forward: OffsetMap,
    backward: OffsetMap,
    t_terms: Terms,
    a_terms: Terms,
    kinds: frozenset[CriticalKind] | None,
) -> Iterator[_Hit]:
    for term, other, _, _ in _unmatched(h.start, h.end, h.alt_text, forward, t_terms, a_terms):
        if kinds is None or term.kind in kinds:
            yield _Hit(term, other, *_widen(h, term.start, term.end), True)
    # From the alternate's side only missing terms: mismatches were found above.
    mirror = _unmatched(h.alt_start, h.alt_end, h.text, backward, a_terms, t_terms)
    for term, other, lo, hi in mirror:
        if other is None and (kinds is None or term.kind in kinds):
            yield _Hit(term, other, *_widen(h, lo, hi), False)


def _flag(hit: _Hit, transcript: str, alternate: str, forward: OffsetMap) -> Flag:
    """The flag for a hit; it offers a replacement only where the alternate's
    counterpart span is known exactly, so accepting it cannot write a wrong span."""
    start, end = sorted(min(max(x, 0), len(transcript)) for x in (hit.start, hit.end))
    lo, hi = forward.exact(start, end=False), forward.exact(end, end=True)
    if hit.in_transcript:
        ours, theirs = "transcript", "alternate"
        near = forward.approx(start, end=False), forward.approx(end, end=True)
        seen = alternate[min(near) : max(near)]
    else:
        ours, theirs, seen = "alternate", "transcript", transcript[start:end]
    said = f"{ours} {_describe(hit.term)}, {theirs} {_describe(hit.other, seen)}"
    detail = f"{_LABELS[hit.term.kind]}: {said}"
    if lo is None or hi is None or lo > hi:
        return Flag(start, end, FlagKind.CRITICAL, detail, category=hit.term.kind.value)
    replacement = alternate[lo:hi]
    return Flag(start, end, FlagKind.CRITICAL, detail, lo, hi, replacement, hit.term.kind.value)


def _near(terms: Terms, start: int, end: int) -> list[CriticalTerm]:
    """Terms overlapping or abutting [start, end] (terms are sorted and disjoint)."""
    i = bisect_left(terms, start, key=lambda t: t.end)
    return list(takewhile(lambda t: t.start <= end, terms[i:]))


def _unmatched(
    start: int, end: int, other_text: str, mapping: OffsetMap, terms: Terms, others: Terms
) -> Iterator[tuple[CriticalTerm, CriticalTerm | None, int, int]]:
    """Terms near [start, end] on one side whose value the other side does not share.

    ``other_text`` is what the other side reads there. Yields the term, its
    same-family counterpart (None: missing) and where the term's span maps to
    on the other side (clamped, approximate where the alignment does not say).
    """
    for term in _near(terms, start, end):
        lo, hi = mapping.approx(term.start, end=False), mapping.approx(term.end, end=True)
        lo, hi = min(lo, hi), max(lo, hi)
        family = _FAMILY[term.kind]
        partners = [
            o
            for o in _near(others, lo, hi)
            if _FAMILY[o.kind] == family and (lo == hi or (o.start < hi and o.end > lo))
        ]
        if any(o.value == term.value for o in partners):
            continue
        if not partners and term.kind is CriticalKind.MASK and set(other_text) <= _MASK_LOOKALIKES:
            continue
        yield term, (partners[0] if partners else None), lo, hi


def _widen(h: Hunk, start: int, end: int) -> tuple[int, int]:
    """The transcript span widened over a short hunk, so accepting it is whole."""
    if max(h.end - h.start, h.alt_end - h.alt_start) <= _SMALL_HUNK:
        start, end = min(start, h.start), max(end, h.end)
    return start, end


def _describe(term: CriticalTerm | None, seen: str = "") -> str:
    """A term for the reviewer; for a missing one, what is there instead."""
    if term is None:
        return f"reads 「{seen}」" if seen.strip() else "omits it"
    if term.kind is CriticalKind.MODAL:
        return f"{term.text} ({term.value})"
    if term.kind in _NUMERIC and isinstance(term.value, int | Fraction):
        return describe_number(term.text, term.value)
    return term.text
