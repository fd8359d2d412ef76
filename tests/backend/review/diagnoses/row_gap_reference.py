"""The cell-by-cell alignment row_gap used before its table was filled a diagonal
at a time (commit 2ec0686, unchanged but for its name, a wrap's cost given and the
wraps counted): the reference the fast one must equal, result for result and tie for
tie."""

from __future__ import annotations

from backend.review.diagnoses.row_gap import GAP, GRAIN, SPLIT, STRAY, Alignment

_BEFORE, _IN, _AFTER = 0, 1, 2
_INF = float("inf")


def _miss(c: float, t: float) -> float:
    """0: alike, 1: nothing alike."""
    return min(1.0, max(0.0, abs(c - t) - GRAIN) / max(c, t, 1.0))


_State = tuple[int, int, int]


def reference_align(
    ours: list[int], rows: list[float], scale: float, wrapped: float, tail_only: bool = False
) -> Alignment | None:
    """The cheapest alignment, a wrap costing ``wrapped`` (row_gap.Alignment)."""
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
                        s, (i + 1, j + 2, out), wrapped + _miss(ours[i], est[j] + est[j + 1]), "1:2"
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
    wraps = 0
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
        elif how == "1:2":
            wraps += 1
        state = prev
    # Lines the transcript has on no row may be the gap's text, placed elsewhere
    # (a table read as Markdown, a line the detector missed): they shrink the gap.
    if not gap_rows or len(strays) >= len(gap_rows):
        return total, None, pairs, wraps
    start, end = min(gap_rows), max(gap_rows) + 1
    return total - GAP, (gap_line, start, end - len(strays)), pairs, wraps
