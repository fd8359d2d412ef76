"""Critical words in a block the alternate reads and the transcript lacks.

``misreadings.unread_lines`` keeps the terms of a whole line one reading lacks
from being compared, because an engine often fails to read a line. That excuse
is the alternate's only: text the alternate *has* and the transcript lacks is
the transcript's omission, and when it holds critical words (不起訴處分, a date,
an amount) it is a critical one, wherever the alternate put the block in its
reading order. A word the transcript writes elsewhere on the page as often as
the alternate does is not missing (the alternate read the block elsewhere, or
twice); only the excess is.

A stretch the transcript reads as Latin junk where the alternate reads Han text
(本件被告…公訴不受理。 read AGRAT ORR EBD > BE) is no reading of those words:
they are as missing as a dropped line (``no_reading``). The alternate's
Simplified-only characters there (兹, 虚) excuse none of them: they say the
alternate misread a character, not that the transcript read the line. The
reverse, the alternate's junk for the transcript's term, is no reading either
and changes nothing (``misreadings.wrong_script``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence

from backend.i18n import _
from backend.review.charclass import is_han
from backend.review.diagnoses.alt_lines import text_only
from backend.review.flag_evidence import Sides, detail
from backend.review.misreadings import unread_lines
from backend.review.number_forms import numberless_ordinals
from backend.review.numerals import past_row
from backend.review.term_extract import CriticalTerm, Terms
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

_NAMED = 4  # terms a flag names; a cut-short page's lost tail holds dozens


def omitted_flags(
    texts: tuple[str, str],
    hunks: Sequence[Hunk],
    t_terms: Terms,
    a_terms: Terms,
    simplified: frozenset[str],
) -> list[Flag]:
    """One CRITICAL flag a block of ``omitted_terms`` (where the transcript lacks it),
    naming each of its critical terms and offering the alternate's block."""
    found: dict[Hunk, list[CriticalTerm]] = {}
    a_terms = [*a_terms, *_ordinals(*texts)]
    for h, term in omitted_terms(*texts, hunks, t_terms, a_terms):
        found.setdefault(h, []).append(term)
    for terms in found.values():  # 不 of 不起訴處分 is the outcome's
        terms[:] = [t for t in terms if not any(o is not t and _holds(o, t) for o in terms)]
    return [_flag(h, terms, " ".join(h.text.split()), simplified) for h, terms in found.items()]


# The letters after a numberless 第 that say which one it is (第⏎本條例自).
_AFTER = 4


def _ordinals(transcript: str, alternate: str) -> Terms:
    """The alternate's ordinal 第 with no numeral after it (第⏎本條例: an article's or a
    case's number it lost, ``number_forms``) as a term: a block holding one holds a
    number phrase, whatever its numerals were. Known by the letters after it, and only
    where the transcript has none of those (else it has the phrase, read elsewhere)."""
    if "第" not in alternate:
        return []
    have = text_only(transcript)
    out = []
    for start, _after in numberless_ordinals(alternate):
        after = text_only(alternate[start + 1 : start + 1 + 3 * _AFTER])[:_AFTER]
        if len(after) == _AFTER and after not in have:
            out.append(CriticalTerm(start, start + 1, CriticalKind.NUMBER, "第", "第" + after))
    return out


def _flag(h: Hunk, terms: list[CriticalTerm], seen: str, simplified: frozenset[str]) -> Flag:
    """``seen``: the transcript's junk where it has any ("": it omits the block)."""
    said = [
        # Junk against a name mask is no name written out (no privacy leak to suspect).
        detail(Sides(t, None, False, _seen(t, seen), t.text, "", simplified), Counter())
        for t in terms
    ]
    if len(terms) > _NAMED:
        said[_NAMED:] = ["…"]
    return Flag(
        h.start,
        h.end,
        FlagKind.CRITICAL,
        _("; ").join(said),
        h.alt_start,
        h.alt_end,
        h.alt_text,
        terms[0].kind,
    )


def _seen(term: CriticalTerm, seen: str) -> str:
    return "" if term.kind is CriticalKind.MASK else seen


def omitted_terms(
    transcript: str, alternate: str, hunks: Sequence[Hunk], t_terms: Terms, a_terms: Terms
) -> Iterator[tuple[Hunk, CriticalTerm]]:
    """(hunk, the alternate's term) for each critical term in whole lines the alternate
    reads and the transcript lacks or reads as junk (``no_reading``), beyond as many
    as the transcript writes anywhere.
    ``*_terms``: each side's terms (values, masks, modal and legal words)."""
    blocks = [
        h
        for h in hunks
        if h.category is DiffCategory.SUBSTANTIVE
        and h.alt_text.strip()
        and (no_reading(h.text) or (not h.text.strip() and unread_lines(h, transcript, alternate)))
    ]
    if not blocks:
        return
    spare = Counter(t.key for t in a_terms)
    spare.subtract(t.key for t in t_terms)
    ordered = sorted(a_terms, key=lambda t: t.start)  # two layers: values and words
    for h in blocks:
        # Junk at a block's place reads none of its terms, so the transcript cannot have
        # them elsewhere by reading them there: a term it lacks stays as missing from a
        # block omitted outright (4 of 4段 in junk takes no 4 from 件四份 dropped).
        junk = bool(h.text.strip())
        for i in range(bisect_left(ordered, h.alt_start, key=lambda t: t.start), len(ordered)):
            term = ordered[i]
            if term.start >= h.alt_end:
                break
            if term.kind is CriticalKind.NUMBER and past_row(alternate, term.start):
                continue  # a stray 一 after a table row's closing pipe: no block, no cell
            if term.end <= h.alt_end and spare[term.key] > 0:
                spare[term.key] -= 0 if junk else 1
                yield h, term


# Junk may catch a stray Han character from a seal or a smudge (…ReaeRECT宣): still
# junk while its Latin letters outnumber its Han characters this many times.
_JUNK_LETTERS_PER_HAN = 4
# ... and a stray digit (a blurred 〇 or 個 read as O2): still junk while its letters
# outnumber its digits this many times. Where a number is written with Latin letters
# (No.5, 5kg, an ID's A123456789, a plate ABC-1234) the digits are as many as the
# letters or more: a reading, compared.
_JUNK_LETTERS_PER_DIGIT = 5


def no_reading(text: str) -> bool:
    """``text`` (the transcript's side of a hunk) is Latin junk: letters only, bar a
    stray Han character, a stray digit or marks (a digit among few letters reads a
    numeral: 5% / 59%, 5kg). A legal text in Chinese writes its words in Han
    characters, so this reads none."""
    letters = sum(c.isascii() and c.isalpha() for c in text)
    if not letters:
        return False
    if sum(c.isdigit() for c in text) * _JUNK_LETTERS_PER_DIGIT > letters:
        return False
    return sum(map(is_han, text)) * _JUNK_LETTERS_PER_HAN <= letters


def _holds(outer: CriticalTerm, inner: CriticalTerm) -> bool:
    return (
        outer.start <= inner.start
        and inner.end <= outer.end
        and outer.end - outer.start > inner.end - inner.start
    )
