"""Whole-page failure: repetition, a decoding loop.

A model stuck in a loop writes the same stretch again and again, back to back: a
sentence 40-150 times, a clause, a table row, one character (。。。。。。,
一一一一一一). So a loop is a *periodic* stretch: text[i] == text[i + P] for
every i in it, P being the length of the repeated unit, and it repeats far more
often than text does. Text repeats too, but not back to back: headers such as 理由
recur apart, lists (原證一 … 原證十) and table rows differ in a cell.

Periodic stretches are found two ways, both near-linear: periods up to
``SHORT_PERIOD`` characters by comparing the page with itself shifted (numpy), and
longer ones (sentences, rows) by comparing pieces cut at punctuation and line breaks
with the piece 1 … ``MAX_UNITS`` pieces later. A stretch is a loop when it repeats at
least ``min_repeats`` times, a number set by what the unit is (see there).

With an independent alternate reading, a repetition the alternate reads too is on
the page (a form's identical rows): most of the repeats then lie in runs both
readings share, and nothing is named. The span named runs from the second
occurrence to the end of the loop: what would be deleted to repair it."""

from __future__ import annotations

import itertools
import math
import re
from typing import NamedTuple

from backend.i18n import _
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.shared import excerpt, has_alternate, shared_chars

SHORT_PERIOD = 16  # periods found character by character
MAX_UNITS = 12  # longer periods: up to this many pieces (clauses, lines) per repeat
# Where a piece ends: a loop of a sentence or a row repeats these with it.
_PIECE_END = re.compile(r"[。！？；，、：,;!?\n]")
_SENTENCE_PUNCT = frozenset("。！？；，、：,;!?.")
# Characters that mask or fill: ○○○ for a withheld name, 0000 in an amount, □□ boxes.
_FILLERS = frozenset("〇○●◯＊*ＸXx×□■0０")
# Of the repeats, the share both readings must share for the page to hold them.
ON_PAGE_SHARE = 0.5
NEVER = 10**9


class _Loop(NamedTuple):
    start: int  # the first occurrence
    end: int
    period: int

    @property
    def repeats(self) -> int:
        return (self.end - self.start) // self.period


def find(evidence: PageEvidence) -> list[Diagnosis]:
    text = evidence.transcript
    loops = _choose(
        [c for c in _periodic(text) if c.repeats >= min_repeats(text[c.start : c.start + c.period])]
    )
    found = []
    for loop in loops:
        repeated = (loop.start + loop.period, loop.end)
        if has_alternate(evidence):
            shared = shared_chars(evidence.equal_blocks, *repeated)
            if shared >= ON_PAGE_SHARE * (repeated[1] - repeated[0]):
                continue  # the other reading reads the repeats too: the page repeats it
        unit = excerpt(text[loop.start : loop.start + loop.period])
        detail = _("“{text}” repeats {n} times in a row: the model may be stuck in a loop")
        found.append(
            Diagnosis(
                DiagnosisKind.REPETITION,
                repeated[0],
                repeated[1],
                detail.format(text=unit, n=loop.repeats),
            )
        )
    return found


def min_repeats(unit: str) -> int:
    """How many back-to-back copies of ``unit`` make a loop rather than text.

    Far more than any text holds: a Han character 6 times (一一一年 is three); a
    sentence or clause of 10+ characters 3 times; shorter units enough copies for
    24 characters. Table rows 6 times, and only rows with some words (a blank
    form's empty rows repeat on the page). Masks and fillers (○○○, 0000, □□) 24
    times; rules and leaders (-----, ……, spaces) only beyond 300 characters."""
    period = len(unit)
    letters = sum(c.isalnum() and c not in _FILLERS for c in unit)
    if not unit.strip():
        return NEVER  # whitespace alone: layout
    if period == 1:
        if letters:
            return 6 if _is_han(unit) else 24
        if unit in _SENTENCE_PUNCT:
            return 6
        return 24 if unit in _FILLERS else 300
    if letters == 0:
        if all(c in _SENTENCE_PUNCT or c.isspace() for c in unit):
            return max(3, math.ceil(6 / period))
        return max(3, math.ceil(300 / period))
    if "|" in unit or "\t" in unit:
        return 6 if letters >= 4 else max(6, math.ceil(300 / period))
    return 3 if period >= 10 else max(3, math.ceil(24 / period))


def _is_han(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or c >= "\U00020000"


def _periodic(text: str) -> list[_Loop]:
    """Every maximal stretch that repeats a unit at least twice back to back."""
    found = _short_periods(text) + _piece_periods(text)
    return [_widen(text, c) for c in found]


def _short_periods(text: str) -> list[_Loop]:
    if len(text) < 2:
        return []
    import numpy as np  # imported here: most imports of the review never reach it

    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    found = []
    for period in range(1, min(SHORT_PERIOD, len(text) - 1) + 1):
        same = np.concatenate(([False], codes[period:] == codes[:-period], [False]))
        edges = np.diff(same.astype(np.int8))
        starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
        for s, e in zip(
            starts[ends - starts >= period], ends[ends - starts >= period], strict=True
        ):
            found.append(_Loop(int(s), int(e) + period, period))
    return found


def _piece_periods(text: str) -> list[_Loop]:
    bounds = [0] + [m.end() for m in _PIECE_END.finditer(text)]
    if bounds[-1] != len(text):
        bounds.append(len(text))
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds)]
    found = []
    for step in range(1, MAX_UNITS + 1):
        i = 0
        while i + step < len(pieces):
            j = i
            while j + step < len(pieces) and pieces[j] == pieces[j + step]:
                j += 1
            if j - i >= step:  # at least two copies of the whole unit
                start = bounds[i]
                found.append(_Loop(start, bounds[j + step], bounds[i + step] - start))
            i = max(j, i + 1)
    return [c for c in found if c.period > SHORT_PERIOD]


def _widen(text: str, loop: _Loop) -> _Loop:
    """The stretch grown while it stays periodic: a loop that began mid-piece, or
    stopped mid-copy (the answer cut off at its token limit)."""
    start, end, p = loop
    while start > 0 and text[start - 1] == text[start - 1 + p]:
        start -= 1
    while end < len(text) and text[end] == text[end - p]:
        end += 1
    # Widened back, a loop of lines would seem to start at the line break before it:
    # turn the unit to end where a line (or else a sentence) ends, as a person reads it.
    unit = text[start : start + p]
    for ends in ("\n", "。！？；"):
        last = max(unit.rfind(c) for c in ends)
        if last >= 0:
            return _Loop(start + (last + 1) % p, end, p)
    return _Loop(start, end, p)


def _choose(loops: list[_Loop]) -> list[_Loop]:
    """One loop per stretch: the shortest unit first (a stretch with period P is
    periodic with 2P, 3P too); a loop half inside one already kept is the same one."""
    kept: list[_Loop] = []
    for loop in sorted(loops, key=lambda c: (c.period, c.start)):
        inside = sum(max(0, min(loop.end, k.end) - max(loop.start, k.start)) for k in kept)
        if inside * 2 < loop.end - loop.start:
            kept.append(loop)
    return sorted(kept)
