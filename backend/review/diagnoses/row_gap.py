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

# A line matches its row when their lengths agree to a glyph (a box's padding)
# and within this share on average over the page.
ROW_MISSES = 0.15
GRAIN = 1.0  # a box's estimate is good to about a glyph
WRAPPED = 0.1  # a line that is two rows (the page wrapped it, the detector cut it)
# Two lines on one row: the detector's boxes side by side are one row already, so
# only a transcript that split a row's text does this; as rare as a stray line.
SPLIT = 0.5
STRAY = 1.0  # a row or a line left unmatched costs what a wholly wrong match does
GAP = 1.0  # the one run of rows the transcript lacks: as much as one stray row
PROFILE_LINES = 3  # lines before the gap: the alignment must stand on something
ONE_LINE = 0.5  # a block before the last line only: better by half a wrong line's misfit

_BEFORE, _IN, _AFTER = 0, 1, 2
_INF = float("inf")


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
    (cost, gap, _pairs), scale = found
    if cost > ROW_MISSES * n:
        return None
    if gap is None:
        return n, [], scale
    first, start, end = gap
    if first < PROFILE_LINES:
        return None
    if first == n - 1:
        # One line after the gap is weak evidence: a page's last line (a date) may be
        # as long as the transcript's by chance. A block only if it fits much better
        # than the page's tail lost.
        tail = _align(ours, rows, scale, tail_only=True)
        if tail is not None and tail[1] is not None and tail[0] <= cost + ONE_LINE:
            first, start, end = tail[1]
    return first, rows[start:end], scale


def _calibrated(
    ours: list[int], rows: list[float], guess: float
) -> tuple[tuple[float, tuple[int, int, int] | None, list[tuple[int, float]]], float] | None:
    """The alignment at ``guess``, realigned at the scale of the rows its lines
    matched one to one (the median of letters per estimated character)."""
    found = _align(ours, rows, guess)
    if found is None or not found[2]:
        return None if found is None else (found, guess)
    scale = median(c / t for c, t in found[2])
    again = _align(ours, rows, scale)
    return None if again is None else (again, scale)


def _quartile(values: list[float]) -> float:
    return sorted(values)[len(values) * 3 // 4]


def _miss(c: float, t: float) -> float:
    """0: alike, 1: nothing alike."""
    return min(1.0, max(0.0, abs(c - t) - GRAIN) / max(c, t, 1.0))


_State = tuple[int, int, int]


def _align(
    ours: list[int], rows: list[float], scale: float, tail_only: bool = False
) -> tuple[float, tuple[int, int, int] | None, list[tuple[int, float]]] | None:
    """The cheapest alignment: (its misfit, not counting the gap's own cost; the gap
    as (lines before it, its first row, the row after it); the 1:1 pairs)."""
    n, m = len(ours), len(rows)
    est = [scale * r for r in rows]
    cost: dict[_State, float] = {(0, 0, _BEFORE): 0.0}
    back: dict[_State, tuple[_State, str]] = {}

    def relax(src: _State, dst: _State, add: float, how: str) -> None:
        c = cost[src] + add
        if c < cost.get(dst, _INF):
            cost[dst] = c
            back[dst] = (src, how)

    for i in range(n + 1):
        for j in range(m + 1):
            for g in (_BEFORE, _IN, _AFTER):
                s = (i, j, g)
                if s not in cost:
                    continue
                out = _AFTER if g == _IN else g  # a line after the gap closes it
                if j < m:
                    if g == _BEFORE and i > 0 and (i == n or not tail_only):
                        relax(s, (i, j + 1, _IN), GAP, "gap")
                    elif g == _IN:
                        relax(s, (i, j + 1, _IN), 0.0, "gap")
                    relax(s, (i, j + 1, g), STRAY, "stray row")
                if i < n:
                    relax(s, (i + 1, j, out), STRAY, "stray line")
                if i < n and j < m:
                    relax(s, (i + 1, j + 1, out), _miss(ours[i], est[j]), "1:1")
                if i + 1 < n and j < m:
                    both = ours[i] + ours[i + 1]
                    relax(s, (i + 2, j + 1, out), SPLIT + _miss(both, est[j]), "2:1")
                if i < n and j + 1 < m:
                    relax(
                        s, (i + 1, j + 2, out), WRAPPED + _miss(ours[i], est[j] + est[j + 1]), "1:2"
                    )
    ends = [(cost[(n, m, g)], g) for g in (_BEFORE, _IN, _AFTER) if (n, m, g) in cost]
    if not ends:
        return None
    total, g = min(ends)
    state: _State = (n, m, g)
    gap_rows: list[int] = []
    gap_line = 0
    pairs: list[tuple[int, float]] = []
    strays: list[int] = []
    while state != (0, 0, _BEFORE):
        prev, how = back[state]
        i, j, _g = prev
        if how == "gap":
            gap_rows.append(j)
            gap_line = i
        elif how == "1:1":
            pairs.append((ours[i], rows[j]))
        elif how == "stray line":
            strays.append(i)
        state = prev
    # Lines the transcript has on no row may be the gap's text, placed elsewhere
    # (a table read as Markdown, a line the detector missed): they shrink the gap.
    if not gap_rows or len(strays) >= len(gap_rows):
        return total, None, pairs
    start, end = min(gap_rows), max(gap_rows) + 1
    return total - GAP, (gap_line, start, end - len(strays)), pairs
