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
from typing import TYPE_CHECKING, Any, NamedTuple

from backend.i18n import _
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.shared import excerpt, has_alternate, shared_chars

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

SHORT_PERIOD = 16  # periods found character by character
MAX_UNITS = 12  # longer periods: up to this many pieces (clauses, lines) per repeat
# Where a piece ends: a loop of a sentence or a row repeats these with it.
_PIECE_END = re.compile(r"[。！？；，、：,;!?\n]")
_SENTENCE_PUNCT = frozenset("。！？；，、：,;!?.")
# Characters that mask or fill: ○○○ for a withheld name, 0000 in an amount, □□ boxes.
_FILLERS = frozenset("〇○●◯＊*ＸXx×□■0０")
# Of the repeats, the share both readings must share for the page to hold them.
ON_PAGE_SHARE = 0.5
# Units shorter than this (in letters and digits) are not counted in the alternate:
# one character or two recur all over a page.
MIN_COUNTED = 4
NEVER = 10**9
FEWEST = 3  # copies ``min_repeats`` asks of any unit, at the least
# Copies of a sentence, clause or row that make a loop when nothing can confirm the
# page holds them (see min_repeats): legal enumerations stay well under it.
ALONE_REPEATS = 10
_TAG = re.compile(r"<[^<>]*>")
_HTML_ROW = re.compile(r"<tr\b", re.IGNORECASE)
_HTML_CELL = re.compile(r"<t[dhr]\b", re.IGNORECASE)


class _Loop(NamedTuple):
    start: int  # the first occurrence
    end: int
    period: int

    @property
    def repeats(self) -> int:
        return (self.end - self.start) // self.period


def find(evidence: PageEvidence) -> list[Diagnosis]:
    text = evidence.transcript
    alone = not has_alternate(evidence)
    loops = _choose(
        [
            c
            for c in _periodic(text)
            if c.repeats >= min_repeats(text[c.start : c.start + c.period], alone=alone)
        ]
    )
    found = []
    page = _OnPage(evidence)
    for loop in loops:
        repeated = (loop.start + loop.period, loop.end)
        if not alone and page.holds(loop, *repeated):
            continue  # the other reading reads the repeats too: the page repeats it
        unit = excerpt(_readable(text[loop.start : loop.start + loop.period]))
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


class _OnPage:
    """Whether the alternate reads a loop's repeats too, compared by content: letters
    and digits, what an engine reads, not the table syntax around them (pipes,
    spaces, HTML tags), which is more than half of a table row and which the
    alignment never shares. Built lazily: most pages have no loop to ask about."""

    def __init__(self, evidence: PageEvidence) -> None:
        self._evidence = evidence
        self._masked: str | None = None  # the transcript with its tags blanked
        # Both readings' content (letters and digits), as code points.
        self._alt: NDArray[np.uint32] | None = None
        self._own: NDArray[np.uint32] | None = None

    def holds(self, loop: _Loop, start: int, end: int) -> bool:
        """Most of the repeats [start, end) lie in runs both readings share, or the
        alternate holds most of the copies itself (the alignment cannot pair an
        HTML table with an engine's lines of cells)."""
        if self._shared_share(start, end) >= ON_PAGE_SHARE:
            return True
        text = self._evidence.transcript
        unit = _content(text[loop.start : loop.start + loop.period])
        if len(unit) < MIN_COUNTED or self._evidence.alternate is None:
            return False
        if self._alt is None or self._own is None:
            self._alt = _codes(_content(self._evidence.alternate.text))
            self._own = _codes(_content(text))
        # Counted alike in both readings (the page may hold the unit elsewhere too):
        # the alternate must read most of the transcript's copies beyond the first.
        written, read = _copies(self._own, unit), _copies(self._alt, unit)
        return read > 1 and read - 1 >= ON_PAGE_SHARE * (written - 1)

    def _shared_share(self, start: int, end: int) -> float:
        """The share of [start, end)'s content the alignment pairs with the alternate
        (of all its characters when it has no content: a loop of 。。。)."""
        if self._masked is None:
            self._masked = _TAG.sub(lambda m: " " * len(m.group()), self._evidence.transcript)
        masked, blocks = self._masked, self._evidence.equal_blocks
        total = sum(map(str.isalnum, masked[start:end]))
        if total == 0:
            return shared_chars(blocks, start, end) / max(1, end - start)
        shared = sum(
            sum(map(str.isalnum, masked[max(start, t) : min(end, t + n)]))
            for t, _a, n in blocks
            if t < end and t + n > start
        )
        return shared / total


def _codes(text: str) -> NDArray[np.uint32]:
    import numpy as np  # imported here: most imports of the review never reach it

    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _copies(codes: NDArray[np.uint32], unit: str) -> int:
    """Copies of ``unit`` in ``codes``, apart, each with at most a fifth of its
    characters misread (an engine misreads 5-15%). Substitutions only, vectorised:
    one pass over the text per character of the unit."""
    import numpy as np

    m = len(unit)
    if len(codes) < m:
        return 0
    wrong = np.zeros(len(codes) - m + 1, dtype=np.int32)
    for j, c in enumerate(unit):
        wrong += codes[j : len(codes) - m + 1 + j] != ord(c)
    copies, free = 0, 0
    for at in np.flatnonzero(wrong <= m // 5).tolist():
        if at >= free:  # copies apart: a copy is not counted twice
            copies, free = copies + 1, at + m
    return copies


def _content(text: str) -> str:
    """``text``'s letters and digits, tags left out."""
    return "".join(filter(str.isalnum, _TAG.sub(" ", text)))


def _readable(unit: str) -> str:
    """The unit as a person reads it: a periodic unit may begin inside a tag (a loop
    of HTML rows can seem to start at ``></tr><tr>``), so it is turned to begin at a
    tag before the tags are dropped; pipes and tags become spaces."""
    if "<" in unit and ">" in unit:
        at = unit.index("<")
        unit = unit[at:] + unit[:at]
    return _TAG.sub(" ", unit).replace("|", " ")


def min_repeats(unit: str, alone: bool = False) -> int:
    """How many back-to-back copies of ``unit`` make a loop rather than text.

    Far more than any text holds: a Han character 6 times (一一一年 is three); a
    sentence or clause of 10+ characters 3 times; shorter units enough copies for
    24 characters. Table rows 6 times, and only rows with some words (a blank
    form's empty rows repeat on the page) or whole delimiter rows (|---|: a table
    has one). Masks and fillers (○○○, 0000, □□) 24 times; rules and leaders
    (-----, ……, spaces) only beyond 300 characters.

    ``alone``: no independent alternate can say whether the page holds the copies.
    Legal text repeats a clause or row a few times back to back on its own: a
    judgment's counts (又犯詐欺取財罪，處有期徒刑陸月。 three times), a form's
    □同意 □不同意, a table's 同上 rows. A model's loop runs 40-150 copies. So alone,
    a sentence, clause or row needs ``ALONE_REPEATS`` copies: beyond an enumeration,
    far below any loop."""
    period = len(unit)
    if not unit.strip():
        return NEVER  # whitespace alone: layout
    floor = ALONE_REPEATS if alone else 0
    if "|" in unit and "-" in unit and not unit.strip("|-: \n"):
        # A Markdown table's delimiter row: within the row, as long as the table is wide;
        # whole rows, one after another, a loop (a table has one, under its header).
        # (A row of "-" cells, nothing in them, is no delimiter row: the rule below.)
        if "\n" not in unit:
            return NEVER
        if "---" in unit:
            return max(floor, 6)
    tagged = "<" in unit  # most units have no tag: the regexes are skipped (hot path)
    row = "|" in unit or "\t" in unit or (tagged and _HTML_CELL.search(unit + unit) is not None)
    readable = _readable(unit) if tagged else unit
    letters = sum(c.isalnum() and c not in _FILLERS for c in readable)
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
    if row:
        return max(floor, 6 if letters >= 4 else max(6, math.ceil(300 / period)))
    return max(floor, 3 if period >= 10 else max(3, math.ceil(24 / period)))


def _is_han(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or c >= "\U00020000"


def _periodic(text: str) -> list[_Loop]:
    """The maximal stretches that repeat a unit back to back: every one of a long
    unit, and those of a short unit that repeat it ``FEWEST`` times at least.

    A page holds a score of short ones that are no loop (the 00 of an amount, ……):
    widening each was most of the detector's cost. A short unit's stretch is
    maximal already (widening only turns its unit, which shortens it) and no unit
    is a loop under FEWEST copies (``min_repeats``), so those are left out first."""
    short = _short_periods(text, FEWEST)
    return [_widen(text, c) for c in short + _piece_periods(text)]


def _short_periods(text: str, fewest: int = 2) -> list[_Loop]:
    """Every maximal stretch of a unit of up to ``SHORT_PERIOD`` characters repeated
    back to back ``fewest`` times at least (those of fewer copies left out in the
    arrays: a page has hundreds of two, the 00 of its amounts)."""
    if len(text) < 2:
        return []
    import numpy as np  # imported here: most imports of the review never reach it

    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    shifts = min(SHORT_PERIOD, len(text) - 1)
    # k copies of a unit of P: a run of text[i] == text[i + P] (k - 1) * P long.
    runs = _runs(codes, shifts, 0xFFFFFFFF, max(1, fewest - 1))  # (no code point)
    return [_Loop(start, end + period, period) for period, start, end in runs]


def _piece_periods(text: str) -> list[_Loop]:
    bounds = [0] + [m.end() for m in _PIECE_END.finditer(text)]
    if bounds[-1] != len(text):
        bounds.append(len(text))
    import numpy as np  # imported here: most imports of the review never reach it

    ids: dict[str, int] = {}
    pieces = np.array(
        [ids.setdefault(text[a:b], len(ids)) for a, b in itertools.pairwise(bounds)],
        dtype=np.int64,
    )
    # A run of ``step`` or more pieces each the piece ``step`` on is at least two
    # copies of the whole unit.
    found = [
        _Loop(bounds[i], bounds[j + step], bounds[i + step] - bounds[i])
        for step, i, j in _runs(pieces, min(MAX_UNITS, len(pieces) - 1), -1)
    ]
    return [c for c in found if c.period > SHORT_PERIOD]


def _runs(
    values: NDArray[Any], shifts: int, pad: int, least: int = 1
) -> list[tuple[int, int, int]]:
    """(shift, start, end) of every maximal run [start, end) of ``values[i] ==
    values[i + shift]`` at least ``least`` times ``shift`` long (``least`` + 1 copies
    of a unit ``shift`` values long, back to back), shift = 1 … ``shifts``, by shift
    and then by start.

    Every shift at once, in a few array operations, not a handful a shift (this was
    most of the detector's time on an ordinary page): row k of a view of the values
    padded at the end with ``pad`` (equal to none of them) is the values k + 1 on, so
    one comparison marks every shift. The rows are laid end to end with a 0 before
    each row's first place and after its last, so each run has one rising and one
    falling edge, in order."""
    import numpy as np
    from numpy.lib.stride_tricks import as_strided

    n = len(values)
    if shifts < 1 or n < 2:
        return []
    padded = np.empty(n + shifts, dtype=values.dtype)
    padded[:n], padded[n:] = values, pad
    size = padded.itemsize
    later = as_strided(padded[1:], shape=(shifts, n), strides=(size, size), writeable=False)
    same = np.zeros((shifts, n + 1), dtype=np.int8)
    np.equal(later, values, out=same[:, 1:], casting="unsafe")
    edges = np.diff(same.ravel())
    rising, falling = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    shift, start, end = rising // (n + 1) + 1, rising % (n + 1), falling % (n + 1)
    long = end - start >= shift * least
    return list(zip(shift[long].tolist(), start[long].tolist(), end[long].tolist(), strict=True))


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
    row = _HTML_ROW.search(unit + unit)  # a loop of HTML rows: turned to begin at <tr>
    if row is not None and row.start() < p:
        return _Loop(start + row.start(), end, p)
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
