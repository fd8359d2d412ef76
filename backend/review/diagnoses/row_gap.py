"""Where the scan's rows hold lines the transcript lacks, from their lengths alone.

The transcript's lines (their letters) are aligned in order with the scan's rows
(characters estimated from the detector's boxes). A line is one row, or two of
them (the detector cut a line, or the transcript joined a wrapped one), or two
lines are one row (the transcript split a row); a row with no line is stray ink
(a stamp, a page number); and at most once, a run of rows with no line at all:
what the transcript lacks. The estimate's scale is calibrated on the page, from
the rows its lines match one to one (the median of letters per estimated
character), never from a constant.
"""

from __future__ import annotations

from statistics import median
from typing import TYPE_CHECKING

# A line matches its row when their lengths agree to a glyph (a box's padding)
# and within this share on average over the page.
ROW_MISSES = 0.15
GRAIN = 1.0  # a box's estimate is good to about a glyph
# A line that is two rows (the page wrapped it, the detector cut it), on a page whose
# lines are its rows. Where the page is narrower than its long lines, wrapping is its
# way and no coincidence: the cost is calibrated on the page, as the scale is, less
# by the share of its lines that a first alignment found wrapped (at half, 0.05: a
# line fits its two rows rather than a row a quarter shorter than it).
WRAPPED = 0.1
# Two lines on one row: the detector's boxes side by side are one row already, so
# only a transcript that split a row's text does this; as rare as a stray line.
SPLIT = 0.5
STRAY = 1.0  # a row or a line left unmatched costs what a wholly wrong match does
GAP = 1.0  # the one run of rows the transcript lacks: as much as one stray row
PROFILE_LINES = 3  # lines before the gap: the alignment must stand on something
# A block before the transcript's last lines must fit them better than the page's tail
# lost does (the same lines then on the rows after the kept ones): both explain the
# lines that agree, so only the difference tells where the gap is. Before the last
# line only: by half a wrong line's misfit (a page's last line, a date, may be as long
# as the transcript's by chance). Before more lines: by a tenth. Measured on 1,540
# generated pages cut short (the scan's boxes, or its longest lines wrapped): the three
# whose lines after the gap also fitted the page's last rows fitted them better by
# 0.02-0.05 (explore's seed 150, by 0.001); blocks dropped before the last 2-3 lines
# fit better by 0.16 at the 5th percentile (20 of 800 by less than 0.1: named cut short
# at the transcript's end then, 2-3 lines below the gap), before the last 5 by 0.21.
ONE_LINE, LINES = 0.5, 0.1

_BEFORE, _IN, _AFTER = 0, 1, 2
if TYPE_CHECKING:
    import numpy as np

_INF = float("inf")
# An alignment: its misfit (not counting the gap's own cost); the gap as (lines before
# it, its first row, the row after it), None when there is none; the 1:1 pairs (letters,
# row); the lines it took as two rows.
Alignment = tuple[float, tuple[int, int, int] | None, list[tuple[int, float]], int]


def row_gap(ours: list[int], rows: list[float]) -> tuple[int, list[float], float] | None:
    """(the count of transcript lines before the gap, the gap's rows, the scale of
    letters per estimated character) when the transcript's lines follow the rows
    but for at most one run of rows (none: no rows); None when they do not follow
    the rows. ``first == len(ours)``: the rows missing are after its end."""
    n, m = len(ours), len(rows)
    if n < PROFILE_LINES or not m:
        return None
    # First guesses: a page's full lines are as wide as the page, in the transcript
    # and on the scan alike, whatever is missing or wrapped (the widest, and the upper
    # quartile of each: a few lines cut short may leave the transcript few full ones).
    if max(rows) <= 0:
        return None
    guesses = {max(ours) / max(rows)}
    if _quartile(rows) > 0:
        guesses.add(_quartile([float(c) for c in ours]) / _quartile(rows))
    found = None
    for guess in sorted(guesses):
        got = _calibrated(ours, rows, guess)
        if got is not None and (found is None or got[0][0] < found[0][0]):
            found = got
    if found is None:
        return None
    (cost, gap, _pairs, _wraps), scale, wrapped = found
    if cost > ROW_MISSES * n:
        return None
    if gap is None:
        return n, [], scale
    first, start, end = gap
    if first < PROFILE_LINES:
        return None
    if first < n:
        # The lines after the gap may fit the page's last rows by chance (a short
        # line is as long as another short one): a block only if they fit there
        # clearly better than after the lines before them, the page's tail lost.
        tail = _align(ours, rows, scale, wrapped, tail_only=True)
        margin = ONE_LINE if first == n - 1 else LINES
        if tail is not None and tail[1] is not None and tail[0] <= cost + margin:
            first, start, end = tail[1]
    return first, rows[start:end], scale


def _calibrated(
    ours: list[int], rows: list[float], guess: float
) -> tuple[Alignment, float, float] | None:
    """The alignment at ``guess``, realigned at the scale of the rows its lines
    matched one to one (the median of letters per estimated character) and at the
    cost of a wrap on this page (``WRAPPED`` less the share of lines it wrapped);
    with that scale and cost."""
    found = _align(ours, rows, guess, WRAPPED)
    if found is None or not found[2]:
        return None if found is None else (found, guess, WRAPPED)
    # A row of no width (a detector's box with no height) says nothing of the scale.
    ratios = [c / t for c, t in found[2] if t > 0]
    if not ratios:
        return found, guess, WRAPPED
    scale = median(ratios)
    wrapped = WRAPPED * (1.0 - found[3] / len(ours))
    again = _align(ours, rows, scale, wrapped)
    return None if again is None else (again, scale, wrapped)


def _quartile(values: list[float]) -> float:
    return sorted(values)[len(values) * 3 // 4]


# The table's moves into a state (lines taken, rows taken, its phase), each as (lines
# back, rows back, the phase it comes from, what it is), in the order the cheapest
# alignment prefers them on a tie (the earlier state first: the order a table filled
# cell by cell relaxes them, so the alignment is the one it found).
_MOVES: dict[int, tuple[tuple[int, int, int, str], ...]] = {
    _BEFORE: (
        (2, 1, _BEFORE, "2:1"),
        (1, 2, _BEFORE, "1:2"),
        (1, 1, _BEFORE, "1:1"),
        (1, 0, _BEFORE, "stray line"),
        (0, 1, _BEFORE, "stray row"),
    ),
    _IN: ((0, 1, _BEFORE, "gap opens"), (0, 1, _IN, "gap")),
    _AFTER: (
        *(
            (back_i, back_j, g, how)
            for back_i, back_j, how in (
                (2, 1, "2:1"),
                (1, 2, "1:2"),
                (1, 1, "1:1"),
                (1, 0, "stray line"),
            )
            for g in (_IN, _AFTER)  # a line after the gap closes it
        ),
        (0, 1, _AFTER, "stray row"),
    ),
}
_MOST = max(len(options) for options in _MOVES.values())
_PAD = 3  # the farthest move back (2 lines and a row): states before the table are unreachable


def _align(
    ours: list[int], rows: list[float], scale: float, wrapped: float, tail_only: bool = False
) -> Alignment | None:
    """The cheapest alignment, a wrap costing ``wrapped``."""
    n, m = len(ours), len(rows)
    costs, moves = _table(ours, rows, scale, wrapped, tail_only)
    ends = [(float(costs[n + m + _PAD, g, n + _PAD]), g) for g in (_BEFORE, _IN, _AFTER)]
    ends = [end for end in ends if end[0] < _INF]
    if not ends:
        return None
    total, g = min(ends)
    i, j = n, m
    gap_rows: list[int] = []
    gap_line = 0
    pairs: list[tuple[int, float]] = []
    strays: list[int] = []
    wraps = 0
    while (i, j, g) != (0, 0, _BEFORE):
        back_i, back_j, g, how = _MOVES[g][moves[i + j + _PAD, g, i]]
        i, j = i - back_i, j - back_j
        if how in ("gap opens", "gap"):
            gap_rows.append(j)
            gap_line = i
        elif how == "1:1":
            pairs.append((ours[i], rows[j]))
        elif how == "stray line":
            strays.append(i)
        elif how == "1:2":
            wraps += 1
    # Lines the transcript has on no row may be the gap's text, placed elsewhere
    # (a table read as Markdown, a line the detector missed): they shrink the gap.
    if not gap_rows or len(strays) >= len(gap_rows):
        return total, None, pairs, wraps
    start, end = min(gap_rows), max(gap_rows) + 1
    return total - GAP, (gap_line, start, end - len(strays)), pairs, wraps


def _table(
    ours: list[int], rows: list[float], scale: float, wrapped: float, tail_only: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Each state's least misfit and the move it came by (an index into ``_MOVES``),
    filled a diagonal (lines + rows taken) at a time: every move takes a line or a row,
    so a diagonal's states come from the three before it alone, each by the same
    offsets, and numpy fills a diagonal in a few steps (a page's table in a few hundred,
    not a step per state and move). Indexed [lines + rows + _PAD, phase, lines + _PAD];
    inf: unreachable. A diagonal's states past the last row are filled too: they lead
    only further past it, never back into the table."""
    import numpy as np  # a RapidOCR dependency; imported when a page needs it

    n, m = len(ours), len(rows)
    width = n + 1 + _PAD
    costs = np.full((n + m + 1 + _PAD, 3, width), _INF)
    moves = np.zeros((n + m + 1 + _PAD, 3, n + 1), dtype=np.int8)
    costs[_PAD, _BEFORE, _PAD] = 0.0
    # Where each move's source sits among the three diagonals before a state's; the
    # phases with fewer moves are padded with a state before the table (inf).
    sources = np.zeros((3, _MOST, n + 1), dtype=np.intp)
    lines = np.arange(n + 1)
    for g, options in _MOVES.items():
        for k, (back_i, back_j, src, _how) in enumerate(options):
            sources[g, k] = ((_PAD - back_i - back_j) * 3 + src) * width + _PAD - back_i + lines
    adds = _adds(ours, rows, scale, wrapped, tail_only)
    for d in range(1, n + m + 1):
        at = d + _PAD
        steps = costs[at - _PAD : at].reshape(-1)[sources] + adds[d]
        moves[at] = steps.argmin(axis=1)  # the first of equals: the order of _MOVES
        costs[at, :, _PAD:] = np.minimum.reduce(steps, axis=1)
    return costs, moves


def _adds(
    ours: list[int], rows: list[float], scale: float, wrapped: float, tail_only: bool
) -> np.ndarray:
    """What each move adds on arriving at a state, indexed [lines + rows, phase, move,
    lines] (the float arithmetic of a cell-by-cell table, step for step, so the sums
    are the same to the last bit and so are their ties)."""
    import numpy as np  # a RapidOCR dependency; imported when a page needs it

    n, m = len(ours), len(rows)
    ours_a = np.array(ours, dtype=np.float64)
    est = scale * np.array(rows, dtype=np.float64)
    both = np.array([ours[i] + ours[i + 1] for i in range(n - 1)], dtype=np.float64)
    shape = (n + m + 1, n + 1)
    # Each move's additions by the (line, row) the move starts from.
    dense = {
        "1:1": (_misses(ours_a, est), 1, 1),
        "2:1": (SPLIT + _misses(both, est), 2, 1),
        "1:2": (wrapped + _misses(ours_a, est[:-1] + est[1:]), 1, 2),
    }
    by_how: dict[str, np.ndarray] = {}
    for how, (values, back_i, back_j) in dense.items():
        table = np.full(shape, _INF)
        lines, cols = np.indices(values.shape)
        table[lines + cols + back_i + back_j, lines + back_i] = values
        by_how[how] = table
    by_how["stray line"] = by_how["stray row"] = np.full(shape, STRAY)
    # The gap opens after a line (and, for the tail only, after the last); once open it
    # goes on for nothing.
    opens = np.full(shape, _INF)
    for i in range(1, n + 1):
        if i == n or not tail_only:
            opens[:, i] = GAP
    by_how["gap opens"] = opens
    by_how["gap"] = np.zeros(shape)
    out = np.zeros((n + m + 1, 3, _MOST, n + 1))
    for g, options in _MOVES.items():
        for k, (_back_i, _back_j, _src, how) in enumerate(options):
            out[:, g, k] = by_how[how]
    return out


def _misses(ours: np.ndarray, est: np.ndarray) -> np.ndarray:
    """How unlike each line is each row's estimate: 0 alike, 1 nothing alike (a box's
    estimate is good to a glyph)."""
    import numpy as np  # a RapidOCR dependency; imported when a page needs it

    c, t = ours[:, None], est[None, :]
    misses: np.ndarray = np.minimum(
        1.0, np.maximum(0.0, np.abs(c - t) - GRAIN) / np.maximum(np.maximum(c, t), 1.0)
    )
    return misses
