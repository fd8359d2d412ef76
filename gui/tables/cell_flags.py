"""Which cells of the table shown a page's table findings concern, and what they say.

The review names a table's rows out of place in one ``TABLE_CELLS`` diagnosis, each
row's finding a ``FindingPlace``: a cell's text (an empty cell: where it is), or the
whole row when the finding is the row's (a cell lost, two rows merged). Places are
offsets into the text the review was made of, so they are laid on the table only
when it was read from that same text; a place that is no cell or row of it (another
table's, or a reading the review's checks made differently) marks nothing.

A finding over the whole table names no place (the table has another number of rows
than the scan's: which row is lost or merged the scan's rules cannot say). It is
the table's (``CellFlags.table``), shown above the grid, and F8 stops at the table's
first place for it; the rows past the scan's count, when the transcript has more,
are flagged as rows too (``with_rows``, from ``whole_table``).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from backend.review.values import DiagnosisKind, PageReview
from backend.tables import Table, TableRow

Place = tuple[int, int]  # (row, column) in the grid
TABLE_STOP: Place = (0, 0)  # where F8 stops for a finding over the whole table


@dataclass(frozen=True)
class CellFlags:
    """The grid's flagged places and their details (several: one a line)."""

    cells: dict[Place, str] = field(default_factory=dict)  # a cell's, or a row's every place
    rows: dict[int, str] = field(default_factory=dict)  # rows flagged as a whole
    table: str = ""  # the findings over the whole table

    def stops(self) -> list[Place]:
        """Where the next/previous flag goes, in reading order: each flagged cell, a
        row flagged as a whole at its first place, the whole table at its first."""
        starts = {(row, 0) for row in self.rows} | ({TABLE_STOP} if self.table else set())
        return sorted({p for p in self.cells if p[0] not in self.rows} | starts)


NO_FLAGS = CellFlags()


def cell_flags(table: Table | None, review: PageReview | None) -> CellFlags:
    """The flags ``review``'s table findings put on ``table`` (both of the same text)."""
    if table is None or review is None:
        return NO_FLAGS
    findings = [d for d in review.diagnoses if d.kind is DiagnosisKind.TABLE_CELLS]
    places = [p for d in findings for p in d.places if _inside(table, p.start, p.end)]
    whole = _lines([d.detail for d in findings if not d.places and _inside(table, d.start, d.end)])
    if not places:
        return CellFlags(table=whole) if whole else NO_FLAGS
    rows = table.rows
    starts = [r.start for r in rows]
    cells: dict[Place, list[str]] = {}
    row_whole: dict[int, list[str]] = {}
    for place in places:
        k = bisect_right(starts, place.start) - 1
        if k < 0:
            continue  # before the first row (in an HTML table's <table>)
        # The row that starts last before the place: the place is that row, or inside
        # one of its cells, or none of this reading's (between rows, over several).
        row = rows[k]
        if (place.start, place.end) == (row.start, row.end):
            row_whole.setdefault(k, []).append(place.detail)
            continue
        cell = _cell_holding(row, place.start, place.end)
        if cell is not None:
            cells.setdefault(cell, []).append(place.detail)
    out = {p: _lines(d) for p, d in cells.items()}
    for k, details in row_whole.items():
        for column in range(table.columns):
            out[(k, column)] = _lines(details + cells.get((k, column), []))
    return CellFlags(out, {k: _lines(d) for k, d in row_whole.items()}, whole)


def with_rows(flags: CellFlags, rows: range, detail: str, columns: int) -> CellFlags:
    """``flags`` with ``rows`` flagged as a whole (each of its ``columns`` places)."""
    if not rows:
        return flags
    cells = dict(flags.cells)
    whole = dict(flags.rows)
    for row in rows:
        whole[row] = _lines([*whole.get(row, "").splitlines(), detail])
        for column in range(columns):
            cells[(row, column)] = _lines([*cells.get((row, column), "").splitlines(), detail])
    return CellFlags(cells, whole, flags.table)


def _inside(table: Table, start: int, end: int) -> bool:
    return table.start <= start <= end <= table.end


def _cell_holding(row: TableRow, start: int, end: int) -> Place | None:
    for cell in row.cells:
        if cell.start <= start and end <= cell.end:
            return cell.row, cell.column
    return None


def _lines(details: list[str]) -> str:
    return "\n".join(dict.fromkeys(details))
