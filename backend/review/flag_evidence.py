"""What a critical flag tells the proofreader: both readings, and which is more likely wrong.

Kept apart from ``legal_terms`` (which decides *that* a term changed) because
this is the wording and the ranking. A flag is never hidden for being
probably the alternate's fault; it says so instead, from evidence in the text
itself:

* a side holds Simplified-only characters (应, 须): a Traditional Chinese legal
  text has none, so that side is the misreading;
* a side reads a full stop where the other reads a circle (三二一。號 for
  三二一○號): a look-alike misreading;
* a side's date is not a calendar date (2月30日, month 13) or its year no
  plausible year (ROC 1-200, AD 1000-2200);
* the page's other dates and case numbers, where both readings agree, have one
  side's year (一一四年 three times elsewhere; the alternate's 一二四 nowhere);
* a name written out where the other side masks it is a possible privacy leak;
* two modal words of the same force (不得 / 不應) are a lesser change than a
  flip of force, but still not the law's wording.
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from backend.i18n import N_, _
from backend.review.charclass import CIRCLES, DOTS, MASK_CHARS
from backend.review.numerals import describe_number, format_number
from backend.review.term_extract import WORDED_KINDS, CriticalTerm, LegalKind, TermKind
from backend.review.values import CriticalKind

_NUMERIC = {CriticalKind.AMOUNT, CriticalKind.NUMBER}
_LABELS: dict[TermKind, str] = {k: k.value.replace("_", " ") for k in (*CriticalKind, *LegalKind)}
_LABELS |= {  # N_: translated where a detail is written
    CriticalKind.ARTICLE: N_("article"),
    CriticalKind.MODAL: N_("modal word"),
    CriticalKind.AMOUNT: N_("amount"),
    CriticalKind.NUMBER: N_("number"),
    CriticalKind.DATE: N_("date"),
    CriticalKind.CASE_NUMBER: N_("case number"),
    CriticalKind.MASK: N_("name mask"),
    LegalKind.OUTCOME: N_("outcome"),
    LegalKind.PARTY: N_("party"),
}
_SIDES = (N_("transcript"), N_("alternate"))
_YEARS = {CriticalKind.DATE, CriticalKind.CASE_NUMBER}
_LINE_BREAKS = re.compile(r"\s*[\r\n]+\s*")


def agreed_years(t_terms: Iterable[CriticalTerm], a_terms: Iterable[CriticalTerm]) -> Counter[int]:
    """Years of the dates and case numbers both readings have, as many times as both have them."""
    return _years(t_terms) & _years(a_terms)


def _years(terms: Iterable[CriticalTerm]) -> Counter[int]:
    return Counter(y for t in terms if t.kind in _YEARS and isinstance(y := _year(t), int))


def _year(term: CriticalTerm | None) -> object:
    if term is None or term.kind not in _YEARS or not isinstance(term.value, tuple):
        return None
    return term.value[0]


@dataclass(frozen=True)
class Sides:
    """One flagged change, as the transcript and the alternate read it."""

    term: CriticalTerm  # the term found changed
    other: CriticalTerm | None  # its counterpart on the other side (None: none there)
    in_transcript: bool  # ``term`` is the transcript's
    seen: str  # what the other side reads where ``term`` stands
    term_side: str  # the text of ``term``'s side over the flag, for evidence
    other_side: str
    simplified: frozenset[str]  # characters only Simplified Chinese writes (``ReviewTables``)


def detail(sides: Sides, years: Counter[int]) -> str:
    """One line for the proofreader, e.g. "modal word: transcript 不得 (must not),
    alternate 不應 (must not); same force, another word"."""
    ours, theirs = _SIDES if sides.in_transcript else _SIDES[::-1]
    said = _("{side} {term}, {other_side} {other}").format(
        side=_(ours),
        term=describe(sides.term),
        other_side=_(theirs),
        other=describe(sides.other, sides.seen),
    )
    notes = [n for n in (_force(sides), _suspect(sides, years)) if n]
    head = _("{kind}: {readings}").format(kind=_(_LABELS[sides.term.kind]), readings=said)
    # One line: a term or what is read can run over a line break (…字第\n三二一○號).
    return _LINE_BREAKS.sub(" ", _("; ").join([head, *notes]))


def unverified(term: CriticalTerm) -> str:
    """A term in text the alternate could not read: nothing vouches for it."""
    return _("{kind}: the alternate could not read this; check {term} against the scan").format(
        kind=_(_LABELS[term.kind]), term=describe(term)
    )


def numeral_replaced(term: CriticalTerm, read: str) -> str:
    """The transcript has a non-numeral where the alternate's number phrase has a
    numeral (新臺幣坦佰… / 新臺幣壹佰…): the number changed, whatever it parses to."""
    return _(
        "{kind}: the transcript reads 「{read}」 where the alternate has a numeral, {term}"
    ).format(kind=_(_LABELS[term.kind]), read="".join(read.split()), term=describe(term))


def describe(term: CriticalTerm | None, seen: str = "") -> str:
    """A term for the reviewer; for a missing one, what is there instead."""
    if term is None:
        return _("reads 「{seen}」").format(seen=seen) if seen.strip() else _("omits it")
    if term.kind in WORDED_KINDS:
        return gloss(term.text, str(term.value))
    value = term.value
    if isinstance(value, tuple) and value[:1] == ("%",) and isinstance(value[1], Fraction):
        shown = f"{format_number(value[1] * 100)}%"
        return term.text if "".join(term.text.split()) == shown else f"{term.text} ({shown})"
    if term.kind in _NUMERIC and isinstance(value, int | Fraction):
        return describe_number(term.text, value)
    return term.text


def _force(sides: Sides) -> str:
    other = sides.other
    if other is None or sides.term.kind not in WORDED_KINDS or other.kind is not sides.term.kind:
        return ""
    return _("same force, another word") if other.value == sides.term.value else ""


def _suspect(sides: Sides, years: Counter[int]) -> str:
    """Which side is more likely wrong, and why; "" when the text does not say."""
    ours, theirs = (_(s) for s in (_SIDES if sides.in_transcript else _SIDES[::-1]))
    simplified = sides.simplified
    mine_s = "".join(c for c in sides.term_side if c in simplified)
    theirs_s = "".join(c for c in sides.other_side if c in simplified)
    if mine_s and not theirs_s:
        return _("the {side} is more likely wrong: it has the Simplified {chars}").format(
            side=ours, chars=mine_s
        )
    if theirs_s and not mine_s:
        return _("the {side} is more likely wrong: it has the Simplified {chars}").format(
            side=theirs, chars=theirs_s
        )
    for side, text, other_text in (
        (ours, sides.term_side, sides.other_side),
        (theirs, sides.other_side, sides.term_side),
    ):
        if _dot_for_circle(text, other_text):
            return _(
                "the {side} is more likely wrong: it has a full stop where the other reads ○"
            ).format(side=side)
        if _circle_lost(text, other_text):
            return _(
                "the {side} is more likely wrong: it lacks a ○ zero the other reads "
                "(engines often read ○ as nothing)"
            ).format(side=side)
    t_bad, o_bad = _implausible(sides.term), _implausible(sides.other)
    if t_bad and not o_bad:
        return _("the {side} is more likely wrong: {why}").format(side=ours, why=t_bad)
    if o_bad and not t_bad:
        return _("the {side} is more likely wrong: {why}").format(side=theirs, why=o_bad)
    mine, other = _year(sides.term), _year(sides.other)
    if isinstance(mine, int) and isinstance(other, int) and mine != other:
        if years[mine] and not years[other]:
            return _("the page's other dates agree with the {side}'s year {year}").format(
                side=ours, year=mine
            )
        if years[other] and not years[mine]:
            return _("the page's other dates agree with the {side}'s year {year}").format(
                side=theirs, year=other
            )
    masked = sides.term.kind is CriticalKind.MASK and not sides.in_transcript
    if masked and sides.seen.strip() and not set(sides.seen) & MASK_CHARS:
        # The transcript writes out what the alternate masks.
        return _("the transcript writes out a name the alternate reads masked: a privacy leak?")
    return ""


def _dot_for_circle(text: str, other: str) -> bool:
    """Where ``text`` and ``other`` differ, ``text`` has full stops (or degree signs)
    and ``other`` circles (三二一。號 / 三二一○號): a look-alike, not another number."""
    ours, theirs = _differing(text, other)
    return bool(ours) and bool(theirs) and set(ours) <= DOTS and set(theirs) <= CIRCLES


def _circle_lost(text: str, other: str) -> bool:
    """Where ``text`` and ``other`` differ, ``text`` lacks only circles ``other`` has
    (一九年 / 一○九年): a zero an engine did not see, not another digit."""
    ours, theirs = _differing(text, other)
    return not ours.strip() and bool(theirs) and set(theirs) <= CIRCLES


def _differing(a: str, b: str) -> tuple[str, str]:
    """``a`` and ``b`` without their common beginning and end."""
    head = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    a, b = a[head:], b[head:]
    pairs = zip(reversed(a), reversed(b), strict=False)
    tail = next((i for i, (x, y) in enumerate(pairs) if x != y), min(len(a), len(b)))
    return a[: len(a) - tail], b[: len(b) - tail]


def _implausible(term: CriticalTerm | None) -> str:
    """Why a date or case number cannot be right ("" if it can)."""
    if term is None or term.kind not in _YEARS or not isinstance(term.value, tuple):
        return ""
    year = term.value[0]
    if not isinstance(year, int):
        return _("its year {year} is not a whole number").format(year=term.text)
    ad = "西" in term.text or "公" in term.text or year >= 1000
    if not (1000 <= year <= 2200 if ad else 1 <= year <= 200):
        return _("{year} is no plausible year").format(year=year)
    if term.kind is CriticalKind.CASE_NUMBER:
        return ""
    month, day = (*term.value[1:], None, None)[:2]
    if month is None:
        return ""
    if not isinstance(month, int) or not 1 <= month <= 12:
        return _("its month {month} is not a month").format(month=month)
    if day is None:
        return ""
    last = calendar.monthrange(year if ad else year + 1911, month)[1]
    if not isinstance(day, int) or not 1 <= day <= last:
        return _("its {month}月{day}日 is not a calendar date").format(month=month, day=day)
    return ""


def gloss(word: str, meaning: str) -> str:
    """``word`` with its meaning from the rule table, in the UI language: 應 (must).
    The catalogue may render a meaning as the word itself (原告 is its own gloss in
    Chinese): then the word stands alone."""
    shown = _(meaning)
    return (
        word
        if not meaning or shown == word
        else _("{word} ({meaning})").format(word=word, meaning=shown)
    )
