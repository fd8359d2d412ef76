"""Critical words in a block the alternate reads and the transcript lacks.

``misreadings.unread_lines`` keeps the terms of a whole line one reading lacks
from being compared, because an engine often fails to read a line. That excuse
is the alternate's only: text the alternate *has* and the transcript lacks is
the transcript's omission, and when it holds critical words (不起訴處分, a date,
an amount) it is a critical one, wherever the alternate put the block in its
reading order. A word the transcript writes elsewhere on the page as often as
the alternate does is not missing (the alternate read the block elsewhere, or
twice); only the excess is.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence

from backend.i18n import _
from backend.review.flag_evidence import Sides, detail
from backend.review.misreadings import unread_lines
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
    for h, term in omitted_terms(*texts, hunks, t_terms, a_terms):
        found.setdefault(h, []).append(term)
    for terms in found.values():  # 不 of 不起訴處分 is the outcome's
        terms[:] = [t for t in terms if not any(o is not t and _holds(o, t) for o in terms)]
    return [
        Flag(
            h.start,
            h.end,
            FlagKind.CRITICAL,
            _("; ").join(
                [
                    *(
                        detail(Sides(t, None, False, "", t.text, "", simplified), Counter())
                        for t in terms[:_NAMED]
                    ),
                    *(["…"] if len(terms) > _NAMED else []),
                ]
            ),
            h.alt_start,
            h.alt_end,
            h.alt_text,
            terms[0].kind,
        )
        for h, terms in found.items()
    ]


def omitted_terms(
    transcript: str, alternate: str, hunks: Sequence[Hunk], t_terms: Terms, a_terms: Terms
) -> Iterator[tuple[Hunk, CriticalTerm]]:
    """(hunk, the alternate's term) for each critical term in whole lines the alternate
    reads and the transcript lacks, beyond as many as the transcript writes anywhere.
    ``*_terms``: each side's terms (values, masks, modal and legal words)."""
    blocks = [
        h
        for h in hunks
        if h.category is DiffCategory.SUBSTANTIVE
        and not h.text.strip()
        and h.alt_text.strip()
        and unread_lines(h, transcript, alternate)
    ]
    if not blocks:
        return
    spare = Counter(t.key for t in a_terms)
    spare.subtract(t.key for t in t_terms)
    ordered = sorted(a_terms, key=lambda t: t.start)  # two layers: values and words
    for h in blocks:
        for i in range(bisect_left(ordered, h.alt_start, key=lambda t: t.start), len(ordered)):
            term = ordered[i]
            if term.start >= h.alt_end:
                break
            if term.kind is CriticalKind.NUMBER and past_row(alternate, term.start):
                continue  # a stray 一 after a table row's closing pipe: no block, no cell
            if term.end <= h.alt_end and spare[term.key] > 0:
                spare[term.key] -= 1
                yield h, term


def _holds(outer: CriticalTerm, inner: CriticalTerm) -> bool:
    return (
        outer.start <= inner.start
        and inner.end <= outer.end
        and outer.end - outer.start > inner.end - inner.start
    )
