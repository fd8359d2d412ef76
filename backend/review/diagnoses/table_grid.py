"""A transcript's table against the ruled table on the scan: no alternate needed.

A ruled table's rows and columns are its ruling lines (``TableGrid``, found inside a
table region of the layout model: ``backend.engines.offline.ruling``): n + 1
horizontal rules bound n rows, m + 1 vertical ones m columns. So the scan alone says
how many rows the transcript's table must have (its header row included: the header
is a row of the grid, on a page that continues a table as on the first) and how many
columns each row must fill (a spanning cell counts every column it fills, a rowspan
cell from above too: ``Row.width``). A row lost or two rows merged leave the table a
row short; a cell lost leaves its row a column short.

Which transcript table is which scan table: by order on the page. The layout's table
regions are top to bottom, the transcript's tables in reading order; the first is
the first, and so on, and only when the page has as many table regions as the
transcript has tables (a table the model split in two or missed would pair every
later table wrongly: then nothing is said). An unruled table region (no grid) says
nothing: its rows come from the alternate's boxes (``table_scan``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from statistics import median

from backend.i18n import _
from backend.models import Box, LayoutRegions, TableGrid
from backend.review.diagnoses.table_rows import Problem, Row

# Two horizontal rules closer than this share of the table's usual row height bound
# no row between them: a double rule (printed tables often draw one under the header
# or above a 合計 row), not a row no text fits in.
DOUBLE_RULE = 0.35


def grids(layout: LayoutRegions | None, count: int) -> list[TableGrid | None]:
    """The ruled grid on the scan of each of the transcript's ``count`` tables, in their
    order (None: none known, or the table is not ruled)."""
    if layout is None or len(layout.tables) != count:
        return [None] * count
    return [grid if grid.ruled else None for grid in layout.tables]


def table_problem(grid: TableGrid, table: list[Row]) -> str | None:
    """What is wrong with the whole of ``table`` on the scan: another number of rows.
    Rows a cell spans (rowspan) have no rule across the whole table between them (the
    cell breaks it, and the rule left may be too short to be found): there the scan's
    rows are counted by their height too, a gap between rules as many rows as the
    table's usual rows it is tall."""
    rows = scan_rows(grid)
    if len(table) == rows or (_spans_rows(table) and len(table) == scan_rows(grid, by_height=True)):
        return None
    return _("the page's table has {scan} rows, the transcript's {rows}").format(
        scan=rows, rows=len(table)
    )


def _spans_rows(table: list[Row]) -> bool:
    return any(cell.row_span > 1 for row in table for cell in row.cells)


def scan_rows(grid: TableGrid, *, by_height: bool = False) -> int:
    """The rows the grid's horizontal rules bound, a double rule counted once; or
    (``by_height``) each gap as many rows as it is tall."""
    gaps = [b - a for a, b in pairwise(grid.row_edges)]
    usual = median(gaps)
    if by_height and usual > 0:  # most rules found twice at one height: no usual row
        return sum(round(gap / usual) for gap in gaps if gap >= DOUBLE_RULE * usual)
    return len(row_bands(grid))


def row_bands(grid: TableGrid) -> list[tuple[float, float]]:
    """The rows the grid's horizontal rules bound, top to bottom, as (top, bottom) on
    the page; the thin gap of a double rule is no row."""
    pairs = list(pairwise(grid.row_edges))
    if not pairs:
        return []
    usual = median(b - a for a, b in pairs)
    return [(a, b) for a, b in pairs if b - a >= DOUBLE_RULE * usual]


@dataclass(frozen=True)
class Uncounted:
    """What a finding over the whole table can mark, counting rows from the top: which
    row is lost, merged or added the rules cannot say, but the rows past the other
    side's count are where the two tables stop matching."""

    extra: range  # the transcript's rows past the scan's count (it has more)
    short: Box | None  # the scan's rows past the transcript's count (it has fewer)


def uncounted(grid: TableGrid, rows: int) -> Uncounted:
    """The rows of a table of ``rows`` rows and of ``grid`` that the other lacks."""
    bands = row_bands(grid)
    if rows >= len(bands):
        return Uncounted(range(len(bands), rows), None)
    x0, _top, x1, _bottom = grid.region
    left = grid.column_edges[0] if grid.column_edges else x0
    right = grid.column_edges[-1] if grid.column_edges else x1
    return Uncounted(range(0), (left, bands[rows][0], right, bands[-1][1]))


def row_problems(grid: TableGrid, table: list[Row]) -> list[Problem]:
    """The rows of ``table`` that fill another number of columns than the scan's grid has."""
    columns = len(grid.column_edges) - 1
    return [
        Problem(
            row,
            _("a table row has {cells} cells where the page's table has {columns} columns").format(
                cells=row.width, columns=columns
            ),
        )
        for row in table
        if row.width != columns
    ]
