"""A body cell on another column's line on the page and off its own (``table_scan``'s
column checks, with ``table_columns``'): a column whose own cells are read in runs
with their neighbours has no middle for ``shifted`` to measure, but the column a cell
slid under may have a line its cells make.

A column's line by an edge is where its cells' edges there line up: as measured
(a cell read alone, or at a run's start or end), or, where those do not line up or
are too few, as the cells' letters put their unmeasured edges (a column of cells
each read at the end of a run, its right edges ragged, set flush left).
"""

from __future__ import annotations

from statistics import median

from backend.review.diagnoses.table_columns import OFF, TIGHT, Placed, edge_line, under_detail
from backend.review.diagnoses.table_rows import Problem, Row

# A cell is on a line its column's letters put there (``_estimated_lines``) within this
# many line heights, more than on a measured one (``TIGHT``): a letter's width is a
# line's height only roughly, and the estimate's error grows with the cells' letters
# (corpus seed 212 page 10: a date slid left begins 0.65 of a letter from the line
# the date column's letters give, the dates' own estimates 0.3 apart).
ESTIMATED_TIGHT = 0.75


def at_other_column(placed: list[Placed], table: list[Row], height: float) -> list[Problem]:
    """Body cells on another column's line (its other cells' left edges, middles or
    right edges lined up there), and not on their own column's there: a column whose
    own cells are read in runs with their neighbours has no middle of its own for
    ``shifted`` to measure, but the column a cell slid under has."""
    body = [p for p in placed if not table[p.row].header]
    by_column: dict[int, list[Placed]] = {}
    for p in body:
        by_column.setdefault(p.column, []).append(p)
    # A heading on a column's line is on it too (it says where the column stands when
    # the column's body cells are read in runs), with one body cell at least.
    heads: dict[int, list[Placed]] = {}
    for p in placed:
        if table[p.row].header:
            heads.setdefault(p.column, []).append(p)
    lines = {
        (c, k): line
        for c, cells in by_column.items()
        for k in range(3)
        if isinstance(
            line := edge_line([o.edge(k) for o in cells + heads.get(c, [])], height, least=2), float
        )
    }
    estimated = _estimated_lines(by_column, heads, lines, height)
    lines |= estimated
    out: dict[int, Problem] = {}
    for p in body:
        edges = (p.left, p.middle, p.right)
        if _on_own_line(p, by_column[p.column], height):
            continue
        for (column, k), line in lines.items():
            edge = edges[k]
            # One edge measured: the cell, as its letters put its other edge, must stand
            # away from its own column. A long date set flush left in a wide column can
            # end where the next column's short cells end.
            if (
                column != p.column
                and edge is not None
                and abs(edge - line)
                <= (ESTIMATED_TIGHT if (column, k) in estimated else TIGHT) * height
                and (p.whole or _elsewhere(_estimated(p, height), by_column, column, height))
            ):
                out.setdefault(
                    p.row, Problem(table[p.row], under_detail(p.column, column), p.column)
                )
    return list(out.values())


def _estimated_lines(
    by_column: dict[int, list[Placed]],
    heads: dict[int, list[Placed]],
    measured: dict[tuple[int, int], float],
    height: float,
) -> dict[tuple[int, int], float]:
    """The left and right lines of columns some of whose cells are measured by one edge,
    where the measured edges make none: the unmeasured edges as the cells' letters put
    them (a column set flush left whose cells each end a run: their right edges are
    ragged, the left edges their letters give line up; corpus seed 1122 page 53, 現金
    slid left from 備註 begins where the column's 由被告負擔 and 發還 begin)."""
    out = {}
    for c, cells in by_column.items():
        if all(o.whole for o in cells):
            continue  # nothing estimated: the measured lines are all there is
        estimated = [_estimated(o, height) for o in cells + heads.get(c, [])]
        for k in (0, 2):
            line = edge_line([o.edge(k) for o in estimated], height, least=2)
            if (c, k) not in measured and isinstance(line, float):
                out[c, k] = line
    return out


def _elsewhere(p: Placed, by_column: dict[int, list[Placed]], column: int, height: float) -> bool:
    """Whether the cell (its unmeasured edge estimated) is off its own column's line by
    every edge, and its middle nearer ``column``'s cells' than its own column's others'."""
    own = [o for o in by_column[p.column] if o.row != p.row]
    if _on_own_line(p, own, height):
        return False
    mid = _middle_of(p)
    others = [_middle_of(_estimated(o, height)) for o in own]
    there = median(_middle_of(_estimated(o, height)) for o in by_column[column])
    return not others or abs(mid - there) < abs(mid - median(others))


def _middle_of(p: Placed) -> float:
    assert p.left is not None and p.right is not None
    return (p.left + p.right) / 2


def _estimated(p: Placed, height: float) -> Placed:
    """The cell with its unmeasured edge where its letters' width puts it (a Han letter
    about a line's height wide)."""
    width = p.units * height
    left = p.left if p.left is not None else p.right - width if p.right is not None else None
    right = p.right if p.right is not None else p.left + width if p.left is not None else None
    return Placed(p.row, p.column, left, right, p.units)


def _on_own_line(p: Placed, column: list[Placed], height: float) -> bool:
    """Whether the cell stands on its column's line by some edge its other cells make."""
    others = [o for o in column if o.row != p.row]
    for k, edge in enumerate((p.left, p.middle, p.right)):
        line = edge_line([o.edge(k) for o in others], height)
        if edge is not None and isinstance(line, float) and abs(edge - line) <= OFF * height:
            return True
    return False
