"""A transcript's tables as rows of cells, with where each cell is in the text.

The review's view of ``backend.tables.find_tables`` (one reading of what a table
is, shared with the Table dock and the exports): each row's cells with their text,
transcript offsets and the columns they fill, and the row's ``width``. A row's
width counts the columns it fills, an HTML cell's ``colspan`` and a ``rowspan``
cell from the rows above included, so a 合計 row over two columns or the rows of
a group under one rowspan cell are as wide as their table (the HTML table model).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from backend.tables import Table, TableCell, find_tables

# A row's cells are the table's own: ``text`` (stripped), ``start``/``end`` (its
# transcript code points; start == end: an empty cell), ``column`` (the first it
# fills, after any cells spanning from above) and ``column_span``. Not copied into
# a type of this module's: a 40x40 table would pay for 1,600 more objects.
Cell = TableCell


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    start: int  # the row's extent in the transcript
    end: int
    header: bool  # the row above a Markdown rule, or of <th> cells
    width: int  # the columns it fills: its cells' spans and cells spanning from above


class Problem(NamedTuple):
    """What a check found wrong in a table: the transcript row, a line for a person
    (translated), and the column of the cell it concerns (None: the whole row)."""

    row: Row
    detail: str
    column: int | None = None

    def span(self) -> tuple[int, int]:
        """Where in the transcript: the cell's text (an empty cell: where it would
        be), else the row's."""
        for cell in self.row.cells:
            if self.column is not None and cell.column == self.column:
                return cell.start, cell.end
        return self.row.start, self.row.end


def tables(text: str) -> list[list[Row]]:
    """The tables in ``text``, each its rows in order (a table's rows are consecutive
    lines, or the rows of one <table>)."""
    return [_rows(table) for table in find_tables(text)]


def _rows(table: Table) -> list[Row]:
    # Each row's filled columns as intervals: a spanning cell counts in every row it
    # fills (find_tables bounds a rowspan by the table's rows).
    filled: list[list[tuple[int, int]]] = [[] for _row in table.rows]
    for cell in table.cells:
        for r in range(cell.row, cell.row + cell.row_span):
            filled[r].append((cell.column, cell.column + cell.column_span))
    return [
        Row(
            row.cells,
            row.start,
            row.end,
            row.header,
            _width(spans),
        )
        for row, spans in zip(table.rows, filled, strict=True)
    ]


def _width(spans: list[tuple[int, int]]) -> int:
    """How many columns the intervals cover (overlapping spans count once)."""
    if all(b - a == 1 for a, b in spans):
        return len({a for a, _b in spans})
    total, reach = 0, -1
    for a, b in sorted(spans):
        if b > reach:
            total += b - max(a, reach)
            reach = b
    return total
