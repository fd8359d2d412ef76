"""A numeral of a number phrase that the transcript replaced with a non-numeral.

新臺幣壹佰貳拾萬元 read as 新臺幣坦佰貳拾萬元 parses to the same value (佰貳拾萬 is
1,200,000 too: a leading 壹 may go unwritten), so comparing values cannot see it;
yet the amount on the page changed. The rule comes from the phrase's frame, not
from a list of look-alikes: where the alternate reads a number phrase (an amount
新臺幣…元, a date …年…月…日, a case number …年度…字第…號, an article 第…條, a
counted quantity …件, a table cell of numerals) and the transcript has any
non-numeral in place of one of its numerals, the transcript changed that number.

Direction matters: the same misreading made by the alternate (壹 read as 壺) is
the alternate's, a plain difference (``misreadings.misread_value``). A zero
written or read 〇/○/0/O is no other number (issue 22), so it is left alone.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from backend.review.charclass import ZERO_LOOKALIKES, ZEROS, is_numeral
from backend.review.flag_evidence import numeral_replaced
from backend.review.numerals import counted
from backend.review.term_extract import CriticalTerm, Terms
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

# Kinds whose pattern is itself the frame of a number phrase (新臺幣…元, 第…條 ...).
_FRAMED = frozenset(
    {CriticalKind.AMOUNT, CriticalKind.DATE, CriticalKind.CASE_NUMBER, CriticalKind.ARTICLE}
)


def numeral_flags(alternate: str, hunks: Sequence[Hunk], a_terms: Terms) -> list[Flag]:
    """A CRITICAL flag over each hunk of ``lost_numerals``, offering the alternate's reading."""
    return [
        Flag(
            h.start,
            h.end,
            FlagKind.CRITICAL,
            numeral_replaced(term, h.text),
            h.alt_start,
            h.alt_end,
            h.alt_text,
            term.kind,
        )
        for h, term in lost_numerals(alternate, hunks, a_terms)
    ]


def lost_numerals(
    alternate: str, hunks: Sequence[Hunk], a_terms: Terms
) -> Iterator[tuple[Hunk, CriticalTerm]]:
    """Each substantive hunk where the transcript writes a non-numeral in place of a
    numeral of one of the alternate's number phrases, with that phrase (the
    alternate's term). ``a_terms``: the alternate's terms, sorted and disjoint."""
    for h in hunks:
        if h.category is not DiffCategory.SUBSTANTIVE or h.alt_start == h.alt_end:
            continue
        ours = [c for c in h.text if not c.isspace()]
        # Letters only: separators (１，０１０) and marks are how a number is written.
        others = [c for c in ours if c.isalpha() and not is_numeral(c)]
        if not others:
            continue  # numerals for numerals (or nothing): the value comparison's
        i = bisect_left(a_terms, h.alt_start + 1, key=lambda t: t.end)
        for term in a_terms[i:]:
            if term.start >= h.alt_end:
                break
            if not _framed(term, alternate):
                continue
            lo, hi = max(term.start, h.alt_start), min(term.end, h.alt_end)
            theirs = [c for c in alternate[lo:hi] if is_numeral(c)]
            if len(theirs) <= sum(map(is_numeral, ours)):
                continue  # as many numerals in the transcript: no numeral replaced
            if set(theirs) <= ZEROS and set(others) <= ZERO_LOOKALIKES:
                continue  # a zero written or read another way (一○九 / 一O九)
            yield h, term
            break


def _framed(term: CriticalTerm, text: str) -> bool:
    """A number phrase by its frame: the kinds whose pattern is one, or a number
    that counts something (三件, 第三, a table cell of numerals)."""
    if term.kind in _FRAMED:
        return True
    return term.kind is CriticalKind.NUMBER and counted(text, term.start, term.end)
