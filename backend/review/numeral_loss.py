"""A numeral of a number phrase that the transcript replaced with a non-numeral.

新臺幣壹佰貳拾萬元 read as 新臺幣坦佰貳拾萬元 parses to the same value (佰貳拾萬 is
1,200,000 too: a leading 壹 may go unwritten), so comparing values cannot see it;
yet the amount on the page changed. The rule comes from the phrase's frame, not
from a list of look-alikes: where the alternate reads a number phrase (an amount
新臺幣…元, a date …年…月…日, a case number …年度…字第…號, an article 第…條, a
counted quantity …件, a table cell of numerals) and the transcript has any
non-numeral in place of one of its numerals, the transcript changed that number.

Direction matters: the same misreading made by the alternate (壹 read as 壺) is
the alternate's, a plain difference (``misreadings.misread_value``). So is the
alternate reading the phrase's own frame as a numeral: where the transcript has
第193條第1項 and the alternate 第193條柒1項, the transcript's 第 frames its own
number 1, and 柒1 is no number the transcript lost; likewise an alternate numeral
that makes its phrase one no number is written as (捌112年 for 於112年: a Chinese
digit before Arabic ones) while the transcript's reading is well formed. A zero
written or read 〇/○/0/O is no other number (issue 22), so it is left alone.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from backend.review.charclass import ZERO_LOOKALIKES, ZEROS, is_numeral
from backend.review.flag_evidence import numeral_replaced
from backend.review.number_cells import NumberCell, lost_in_cells
from backend.review.numerals import counted, frame_marks, well_formed
from backend.review.term_extract import CriticalTerm, Terms
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

# Kinds whose pattern is itself the frame of a number phrase (新臺幣…元, 第…條 ...).
_FRAMED = frozenset(
    {CriticalKind.AMOUNT, CriticalKind.DATE, CriticalKind.CASE_NUMBER, CriticalKind.ARTICLE}
)


def numeral_flags(
    texts: tuple[str, str],
    hunks: Sequence[Hunk],
    t_terms: Terms,
    a_terms: Terms,
    cells: Sequence[NumberCell] = (),
) -> list[Flag]:
    """A CRITICAL flag over each hunk of ``lost_numerals``, and of ``lost_in_cells``
    (``cells``: the transcript's table cells that are numbers by their column),
    offering the alternate's reading. ``texts``: (transcript, alternate); ``*_terms``:
    each side's terms, sorted, disjoint."""
    lost = dict(lost_numerals(*texts, hunks, t_terms, a_terms))
    for h, term in lost_in_cells(texts[0], hunks, cells):
        lost.setdefault(h, term)
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
        for h, term in sorted(lost.items(), key=lambda item: (item[0].start, item[0].end))
    ]


def lost_numerals(
    transcript: str, alternate: str, hunks: Sequence[Hunk], t_terms: Terms, a_terms: Terms
) -> Iterator[tuple[Hunk, CriticalTerm]]:
    """Each substantive hunk where the transcript writes a non-numeral in place of a
    numeral of one of the alternate's number phrases, with that phrase (the
    alternate's term). ``*_terms``: each side's terms, sorted and disjoint."""
    for h in hunks:
        if h.category is not DiffCategory.SUBSTANTIVE or h.alt_start == h.alt_end:
            continue
        ours = [c for c in h.text if not c.isspace()]
        # Letters only: separators (１，０１０) and marks are how a number is written.
        others = [c for c in ours if c.isalpha() and not is_numeral(c)]
        if not others:
            continue  # numerals for numerals (or nothing): the value comparison's
        if _frames_only(h, transcript, t_terms):
            continue  # the alternate read the transcript's 第/條/元 as a numeral
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
            if _malformed_by(term, h, alternate):
                continue
            yield h, term
            break


def _frames_only(h: Hunk, transcript: str, t_terms: Terms) -> bool:
    """Every letter the transcript has in ``h`` frames one of its own number phrases
    (the 第 and 條 of 第193條, the 元 of 25,000元, the 年 of 112年2月): the transcript
    has the number and its frame, the alternate read a frame character as a numeral."""
    letters = [
        i
        for i in range(h.start, h.end)
        if transcript[i].isalpha() and not is_numeral(transcript[i])
    ]
    # A frame mark stands inside its phrase or right next to its numeral (三 件, 第三).
    first = bisect_left(t_terms, h.start - 2, key=lambda t: t.end)
    frame: set[int] = set()
    for term in t_terms[first:]:
        if term.start > h.end:
            break
        frame.update(_frame(term, transcript))
    return frame.issuperset(letters)


def _frame(term: CriticalTerm, text: str) -> Iterator[int]:
    """Where the characters of ``term``'s frame stand in ``text``: every non-numeral of a
    framed kind's phrase (新臺幣…元, 民國…年…月…日, 第…條), the counter or 第 of a number."""
    if term.kind in _FRAMED:
        yield from (
            i
            for i in range(term.start, term.end)
            if not is_numeral(text[i]) and not text[i].isspace()
        )
    elif term.kind is CriticalKind.NUMBER:
        yield from frame_marks(text, term.start, term.end)


def _malformed_by(term: CriticalTerm, h: Hunk, alternate: str) -> bool:
    """The alternate's numerals in ``h`` make its phrase one no number is written as
    (捌112: a Chinese digit before Arabic ones; 25,000八) where the transcript's reading
    of the same phrase is well formed: the alternate misread, as ``misread_value`` says
    of a value whose reading is malformed."""
    ours = alternate[term.start : h.alt_start] + h.text + alternate[h.alt_end : term.end]
    return well_formed(ours) and not well_formed(term.text)


def _framed(term: CriticalTerm, text: str) -> bool:
    """A number phrase by its frame: the kinds whose pattern is one, or a number
    that counts something (三件, 第三, a table cell of numerals)."""
    if term.kind in _FRAMED:
        return True
    return term.kind is CriticalKind.NUMBER and counted(text, term.start, term.end)
