"""Which cells of the table shown a page's table findings concern, and what they say.

The review names a table's rows out of place in one ``TABLE_CELLS`` diagnosis, each
row's finding a ``FindingPlace``: a cell's text (an empty cell: where it is), or the
whole row when the finding is the row's (a cell lost, two rows merged). Places are
offsets into the text the review was made of, so they are laid on the table only
when it was read from that same text; a place that is no cell or row of it (another
table's, or a reading the review's checks made differently) marks nothing.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from backend.review.values import DiagnosisKind, PageReview
from backend.tables import Table, TableRow

Place = tuple[int, int]  # (row, column) in the grid


@dataclass(frozen=True)
class CellFlags:
    """The grid's flagged places and their details (several: one a line)."""

    cells: dict[Place, str] = field(default_factory=dict)  # a cell's, or a row's every place
    rows: dict[int, str] = field(default_factory=dict)  # rows flagged as a whole

    def stops(self) -> list[Place]:
        """Where the next/previous flag goes, in reading order: each flagged cell, and
        a row flagged as a whole at its first place."""
        row_starts = {(row, 0) for row in self.rows}
        return sorted({p for p in self.cells if p[0] not in self.rows} | row_starts)


NO_FLAGS = CellFlags()


def cell_flags(table: Table | None, review: PageReview | None) -> CellFlags:
    """The flags ``review``'s table findings put on ``table`` (both of the same text)."""
    if table is None or review is None:
        return NO_FLAGS
    places = [
        p
        for d in review.diagnoses
        if d.kind is DiagnosisKind.TABLE_CELLS
        for p in d.places
        if table.start <= p.start <= p.end <= table.end
    ]
    if not places:
        return NO_FLAGS
    rows = table.rows
    starts = [r.start for r in rows]
    cells: dict[Place, list[str]] = {}
    whole: dict[int, list[str]] = {}
    for place in places:
        k = bisect_right(starts, place.start) - 1
        if k < 0 or place.end > rows[k].end:
            continue  # between rows, or over more than one: no row of this reading
        row = rows[k]
        if (place.start, place.end) == (row.start, row.end):
            whole.setdefault(k, []).append(place.detail)
            continue
        cell = _cell_holding(row, place.start, place.end)
        if cell is not None:
            cells.setdefault(cell, []).append(place.detail)
    out = {p: _lines(d) for p, d in cells.items()}
    for k, details in whole.items():
        for column in range(table.columns):
            out[(k, column)] = _lines(details + cells.get((k, column), []))
    return CellFlags(out, {k: _lines(d) for k, d in whole.items()})


def _cell_holding(row: TableRow, start: int, end: int) -> Place | None:
    for cell in row.cells:
        if cell.start <= start and end <= cell.end:
            return cell.row, cell.column
    return None


def _lines(details: list[str]) -> str:
    return "\n".join(dict.fromkeys(details))
