"""Legal-critical disagreements: where a hunk changes what the text says in law.

A misread 得/應, a dropped 不, a swapped 原告/被告 or one wrong digit changes
what a judgment says. The terms and the words that make them come from the
rule table (``resources/legal``, read by ``legal_rules``) and the extractors
(``term_extract``); this module compares the two readings' terms around each
diff hunk and raises CRITICAL flags, worded by ``flag_evidence``.

A transcript must reproduce the law's exact wording: words are compared as
words (不得 and 不應 both mean "must not" and still differ), values as values
(壹萬貳仟 == 12,000). A name mask read as punctuation or a seal (王○○ / 王。。 /
王㊞○) is the engine's misreading, not a name: no critical flag. Where the
alignment says a noise hunk (width, glyph, ○ read as 。) stands for the same
characters one for one, the alternate is read with the transcript's
characters there, so 三二一○號 read as 三二一。號 is no changed case number.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter

from backend.review.charclass import MASK_CHARS
from backend.review.critical_hits import Hit, HitKey, layered
from backend.review.flag_evidence import Sides, agreed_years, detail, unverified
from backend.review.legal_rules import LegalRules
from backend.review.misreadings import (
    garbled_spans,
    inside,
    label,
    misread_mask,
    misread_value,
    squeezed,
    unread_lines,
    wrong_script,
)
from backend.review.name_check import name_flags
from backend.review.number_cells import number_cells
from backend.review.number_forms import number_form_flags
from backend.review.numeral_loss import numeral_flags
from backend.review.numerals import alone_on_line, numeral_span
from backend.review.offset_map import OffsetMap
from backend.review.omitted_blocks import omitted_flags
from backend.review.span import Span
from backend.review.span_index import Reach
from backend.review.tables import ReviewTables
from backend.review.term_extract import (
    CriticalTerm,
    LegalKind,
    TermKind,
    Terms,
    extract_terms,
    extract_word_terms,
)
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk
from backend.review.year_digits import year_flags
from backend.tables.continued import Header

__all__ = ["CriticalTerm", "critical_flags", "extract_terms", "extract_word_terms"]

# Outside substantive hunks only values count: a punctuation or glyph hunk can
# still touch a number (一〇〇 / 一○○), and a value is never noise.
_VALUE_KINDS: frozenset[TermKind] = frozenset(
    {CriticalKind.AMOUNT, CriticalKind.NUMBER, CriticalKind.DATE}
    | {CriticalKind.CASE_NUMBER, CriticalKind.ARTICLE}
)
_NUMERIC = {CriticalKind.AMOUNT, CriticalKind.NUMBER}
_FAMILY: dict[TermKind, str] = {
    k: "numeric" if k in _NUMERIC else k.value for k in (*CriticalKind, *LegalKind)
}
_SMALL_HUNK = 6  # a hunk this short is folded into the term's flag, for a whole replacement
_NOISE = frozenset({DiffCategory.PUNCTUATION, DiffCategory.GLYPH})


@dataclass(frozen=True)
class _Side:
    """One reading: its text, and its terms found in its folded view."""

    text: str
    terms: Terms  # values, masks, modal words
    words: Terms  # outcomes and parties


def critical_flags(
    transcript: str,
    alternate: str,
    hunks: Sequence[Hunk],
    matches: Sequence[tuple[int, int, int]] | None = None,
    *,
    tables: ReviewTables,
    continues: Header = (),
) -> list[Flag]:
    """CRITICAL flags where a hunk changes a critical term. ``continues``: the header of
    the table the page before ends with (``backend.tables.continued``).

    A term counts when it touches (overlaps or abuts) a hunk, so inserting 不
    before 得 is caught; substantive hunks are checked for every kind of term,
    punctuation and glyph hunks for values (numbers, dates, case numbers,
    articles). Equal values in other spellings (12000 / 一萬二千) are not
    flagged; a term with no counterpart on the other side is. ``matches``
    (``Comparison.matches``) are the agreeing runs the flags' offsets in the
    alternate are mapped through; without them, the identical text between hunks.
    ``tables``: the legal rules and folds the session read.
    """
    rules = tables.rules
    t_side = _side(transcript, _view(transcript, False, tables), rules)
    repaired = _repaired(alternate, transcript, hunks)
    a_side = _side(alternate, _view(repaired, True, tables), rules)
    simplified = tables.simplified_only()
    forward = OffsetMap.build(transcript, alternate, hunks, matches)
    maps = (forward, forward.reversed())
    misreads = rules.mask_misreads | MASK_CHARS
    checked = [
        (h, _kinds(h))
        for h in hunks
        if h.category is not DiffCategory.LAYOUT and not unread_lines(h, transcript, alternate)
    ]
    texts = (transcript, alternate)
    core = _hits(checked, maps, t_side.terms, a_side.terms, texts, misreads)
    words = _hits(checked, maps, t_side.words, a_side.words, texts, misreads)
    years = agreed_years(t_side.terms, a_side.terms)
    flags: dict[tuple[int, int], Flag] = {}
    garbled = garbled_spans(hunks, alternate, simplified)
    for hit in layered(core, words):
        if not hit.in_transcript and hit.other is None and inside(hit.a_span, garbled):
            continue  # a term only in garbage the engine made up (Simplified-only characters)
        flag = _flag(hit, (transcript, alternate), forward, years, simplified)
        flags.setdefault((flag.start, flag.end), flag)
    for flag in _unverified(transcript, alternate, hunks, t_side):
        flags.setdefault((flag.start, flag.end), flag)
    t_all, a_all = [*t_side.terms, *t_side.words], [*a_side.terms, *a_side.words]
    lost = numeral_flags(
        texts, hunks, t_side.terms, a_side.terms, number_cells(transcript, continues)
    )
    odd_numbers = number_form_flags(transcript, tables)  # both readings may agree on them
    for flag in [*lost, *omitted_flags(texts, hunks, t_all, a_all, simplified), *odd_numbers]:
        if not any(f.span.shares_characters(flag.span) for f in flags.values()):
            flags.setdefault((flag.start, flag.end), flag)
    # Both readings may drop a zero's ring alike: a year its era never has.
    for flag in year_flags(transcript, t_side.terms, list(flags.values())):
        flags.setdefault((flag.start, flag.end), flag)
    taken = list(flags.values())
    for flag in name_flags(transcript, hunks, t_side.words, taken, misreads, t_side.terms):
        flags.setdefault((flag.start, flag.end), flag)
    return sorted(flags.values(), key=lambda f: (f.start, f.end))


# The law's words (得, 不, 駁回), name masks, article numbers and the other
# numerals (counts, terms, percentages, 附表 numbers): short, and what the product
# promises never slips by; a number's item covers its numerals only (三十七 of
# 第三十七條). Amounts, dates and case numbers are in the omission's flag only:
# long, on nearly every line (on the corpus they took the critical noise to
# 0.7-0.85%, over its 0.5% budget); party words likewise.
_UNVERIFIED: frozenset[TermKind] = frozenset(
    {CriticalKind.MODAL, CriticalKind.MASK, CriticalKind.ARTICLE, CriticalKind.NUMBER}
    | {LegalKind.OUTCOME}
)


def _unverified(transcript: str, alternate: str, hunks: Sequence[Hunk], side: _Side) -> list[Flag]:
    """The transcript's critical words and values in text the alternate could not read
    (a blurred line, a seal over it): no second reading vouches for them, so each is
    a critical item for the reviewer, to check against the scan (not a change)."""
    out: list[Flag] = []
    for h in hunks:
        if h.category is not DiffCategory.SUBSTANTIVE or not h.text.strip():
            continue
        if not unread_lines(h, transcript, alternate):
            continue
        words = _near(side.words, h.start, h.end)
        # Words are outcomes and parties, the other terms never are: a word of its own
        # is ``n < len(words)``, and the words holding a term are found by bisection
        # (a loop of a clause gives thousands of each: one scan a term was quadratic).
        reach = Reach((w.start, w.end) for w in words)
        for n, term in enumerate([*words, *_near(side.terms, h.start, h.end)]):
            if term.kind not in _UNVERIFIED or (
                n >= len(words) and reach.furthest_end(term.start) >= term.end
            ):
                continue  # 無 of 無罪 is the outcome's flag
            if not (h.start <= term.start and term.end <= h.end) or label(term, transcript):
                continue
            lo, hi = numeral_span(term.text) if term.kind in _VALUE_KINDS else (0, len(term.text))
            start, end, said = term.start + lo, term.start + hi, unverified(term)
            out.append(Flag(start, end, FlagKind.CRITICAL, said, category=term.kind))
    return out


def _view(text: str, alternate: bool, tables: ReviewTables) -> str:
    """``text`` with variant glyphs (and in the alternate, Simplified forms) folded,
    one code point for one: 应 in an engine's reading is still the modal word 應."""
    # ``fold_lookup`` translates a page in a few numpy gathers: the same text, sooner.
    return tables.fold_lookup(False, True, alternate).translate(text)


def _repaired(alternate: str, transcript: str, hunks: Sequence[Hunk]) -> str:
    """The alternate with the transcript's characters where a noise hunk replaces
    them one for one (○ read as 。, ０ as 0): the same characters, misread."""
    chars: list[str] | None = None
    for h in hunks:
        if h.category in _NOISE and h.end - h.start == h.alt_end - h.alt_start > 0:
            chars = chars if chars is not None else list(alternate)
            chars[h.alt_start : h.alt_end] = transcript[h.start : h.end]
    return alternate if chars is None else "".join(chars)


def _side(raw: str, view: str, rules: LegalRules) -> _Side:
    excluded = rules.excluded(view)
    terms = extract_terms(view, rules, excluded)
    words = extract_word_terms(view, rules, excluded)
    if view != raw:  # found in the folded view; shown as the reading has them
        terms, words = _as_read(terms, raw), _as_read(words, raw)
    return _Side(raw, terms, words)


def _as_read(terms: Terms, raw: str) -> Terms:
    return [t if (s := raw[t.start : t.end]) == t.text else replace(t, text=s) for t in terms]


def _hits(
    checked: list[tuple[Hunk, frozenset[TermKind] | None]],
    maps: tuple[OffsetMap, OffsetMap],
    t_terms: Terms,
    a_terms: Terms,
    texts: tuple[str, str],
    misreads: frozenset[str],
) -> dict[HitKey, Hit]:
    """Every changed term of one layer, one hit a term over every hunk it touches.

    ``checked``: the hunks to look at and the kinds of term each is checked for."""
    (forward, backward), (transcript, alternate) = maps, texts
    hits: dict[HitKey, Hit] = {}
    counterparts: set[int] = set()  # alternate terms already reported against a transcript term

    def add(hit: Hit) -> None:
        key = (hit.in_transcript, hit.term.start, hit.term.end)
        if (seen := hits.get(key)) is None:
            hits[key] = hit
        else:
            seen.start, seen.end = min(seen.start, hit.start), max(seen.end, hit.end)

    for h, kinds in checked:
        forward_pass = _unmatched(
            h.start, h.end, alternate, forward, t_terms, a_terms, misreads, transcript, counterparts
        )
        for term, other, lo, hi in forward_pass:
            if kinds is None or term.kind in kinds:
                if other is not None:
                    counterparts.add(other.start)
                mapped = (lo, hi) if other is None else (other.start, other.end)
                span = _widen(h, *_narrowed(h.start, h.end, term.start, term.end))
                add(Hit(term, other, *span, True, (term.start, term.end), mapped))
    # From the alternate's side: terms the transcript lacks, and terms it reads
    # otherwise where no transcript term was found changed (原告 inserted before
    # an unchanged 被告), not the same change seen from the other side.
    flagged = Reach((hit.start, hit.end) for hit in hits.values())
    for h, kinds in checked:
        mirror = _unmatched(
            h.alt_start, h.alt_end, transcript, backward, a_terms, t_terms, misreads, ""
        )
        for term, other, lo, hi in mirror:
            if term.start in counterparts or (kinds is not None and term.kind not in kinds):
                continue
            span = _widen(h, *_narrowed(h.start, h.end, lo, hi))
            # (A hit found from the transcript's side shares a character with the span.)
            if other is None or flagged.furthest_end(span[1] - 1) <= span[0]:
                add(Hit(term, None, *span, False, (lo, hi), (term.start, term.end)))
    return hits


def _kinds(h: Hunk) -> frozenset[TermKind] | None:
    return None if h.category is DiffCategory.SUBSTANTIVE else _VALUE_KINDS


def _flag(
    hit: Hit,
    texts: tuple[str, str],
    forward: OffsetMap,
    years: Counter[int],
    simplified: frozenset[str],
) -> Flag:
    """The flag for a hit; it offers a replacement only where the alternate's
    counterpart span is known exactly, so accepting it cannot write a wrong span."""
    transcript, alternate = texts
    start, end = sorted(min(max(x, 0), len(transcript)) for x in (hit.start, hit.end))
    lo, hi = forward.exact(start, end=False), forward.exact(end, end=True)
    near = forward.approx(start, end=False), forward.approx(end, end=True)
    theirs, ours = alternate[min(near) : max(near)], transcript[start:end]
    if hit.in_transcript:
        sides = Sides(hit.term, hit.other, True, theirs, ours, theirs, simplified)
    else:
        sides = Sides(hit.term, hit.other, False, ours, theirs, ours, simplified)
    said = detail(sides, years)
    category = hit.term.kind
    if lo is None or hi is None or lo > hi:
        return Flag(start, end, FlagKind.CRITICAL, said, category=category)
    return Flag(start, end, FlagKind.CRITICAL, said, lo, hi, alternate[lo:hi], category)


_END = attrgetter("end")


def _near(terms: Terms, start: int, end: int) -> list[CriticalTerm]:
    """Terms overlapping or abutting [start, end] (terms are sorted and disjoint)."""
    # A C key and no copy of the list's tail: asked for every term of both sides, the
    # lambdas and the tail's copy were a tenth of the critical items' cost.
    i = j = bisect_left(terms, start, key=_END)
    while j < len(terms) and terms[j].start <= end:
        j += 1
    return terms[i:j]


def _unmatched(
    start: int,
    end: int,
    other_text: str,
    mapping: OffsetMap,
    terms: Terms,
    others: Terms,
    misreads: frozenset[str],
    transcript: str,
    excused: set[int] | None = None,
) -> Iterator[tuple[CriticalTerm, CriticalTerm | None, int, int]]:
    """Terms near [start, end] on one side that the other side does not say too.

    ``other_text`` is the other side's whole text. Yields the term, its
    same-family counterpart (None: missing) and where the term's span maps to
    on the other side (clamped, approximate where the alignment does not say).
    ``transcript``: the transcript's text when ``terms`` are its terms, else "".
    ``excused``: gets the start of each other-side term found to be a misreading of
    a value (so that it is not reported from its own side either).
    """
    transcript_side = bool(transcript)
    for term in _near(terms, start, end):
        lo, hi = mapping.approx(term.start, end=False), mapping.approx(term.end, end=True)
        lo, hi = min(lo, hi), max(lo, hi)
        family = _FAMILY[term.kind]
        held = Span(lo, hi)
        partners = [
            o
            for o in _near(others, lo, hi)
            if _FAMILY[o.kind] == family and Span(o.start, o.end).overlaps(held)
        ]
        if any(o.key == term.key for o in partners):
            continue
        mine = [term.text, *(o.text for o in partners)]
        t_texts, a_texts = (mine[:1], mine[1:]) if transcript_side else (mine[1:], mine[:1])
        t_seen, a_seen = (term.text, other_text[lo:hi])
        if not transcript_side:
            t_seen, a_seen = a_seen, t_seen
        else:  # the alternate's numerals where the hunk changes them (not a neighbour's)
            c_lo, c_hi = mapping.approx(start, end=False), mapping.approx(end, end=True)
            a_texts = [o.text for o in partners if o.start <= c_hi and o.end >= c_lo]
        if transcript_side and wrong_script(other_text[lo:hi]):
            continue  # Latin junk for a Han term: the alternate read no word there
        # A numeral alone on its line counts nothing: the alternate's word there is no
        # misreading (asked of values only: most terms are no value).
        if term.kind in _VALUE_KINDS and misread_value(
            t_texts,
            a_texts,
            t_seen,
            a_seen,
            transcript_side and alone_on_line(transcript, term.start, term.end),
            misreads,
        ):
            if excused is not None:
                excused.update(
                    o.start for o in _near(others, lo, hi) if Span(o.start, o.end).overlaps(held)
                )
            continue
        if not partners and squeezed(other_text[lo:hi]) == squeezed(term.text):
            continue  # the same word there, only no term in its context (無線 / 無緣)
        if term.kind is CriticalKind.MASK:
            after = transcript[term.end : term.end + 2] if transcript_side else ""
            if misread_mask(term.text, other_text[lo:hi], misreads, after, other_text[hi:]):
                continue
        yield term, (partners[0] if partners else None), lo, hi


def _narrowed(h_start: int, h_end: int, start: int, end: int) -> tuple[int, int]:
    """A long term's span cut to the part of it the hunk changes (十一月 of a whole
    date): the flag points at the difference, its text names the whole term. A
    word, or a hunk only touching the term (不 inserted before 得), keeps the
    term's span."""
    if end - start > _SMALL_HUNK and h_start < h_end and h_start < end and start < h_end:
        return max(start, h_start), min(end, h_end)
    return start, end


def _widen(h: Hunk, start: int, end: int) -> tuple[int, int]:
    """The transcript span widened over a short hunk, so accepting it is whole."""
    if max(h.end - h.start, h.alt_end - h.alt_start) <= _SMALL_HUNK:
        start, end = min(start, h.start), max(end, h.end)
    return start, end
