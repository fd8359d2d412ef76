"""What the review says of the whole table, beyond its cells: the rows a finding over
the whole table marks, and the header a continued table takes from the page before.

The review names a table with another number of rows than the ruled table on the
scan over the whole table (``table_grid.table_problem``): which row is lost, merged
or added the rules cannot say. Counting rows from the top, the two tables stop
matching at the shorter one's end, so the Table dock marks what is past it: the
transcript's rows beyond the scan's count (flagged in the grid), or the scan's rows
beyond the transcript's (marked on the scan). The grid is the review's: the page's
ruled tables paired with the transcript's by order, only when there are as many.

A table split over two pages has no header row on the second (``continued_table``):
the grid shows the first half's header over its columns, as the review reads them.
"""

from __future__ import annotations

from backend.models import LayoutRegions
from backend.review.diagnoses.table_grid import Uncounted, grids, uncounted
from backend.review.values import PageReview
from backend.tables import Table, find_tables
from backend.tables.continued import Header, continued_table

NOTHING = Uncounted(range(0), None)


def whole_table_marks(table: Table, text: str, layout: LayoutRegions | None) -> Uncounted:
    """The rows ``table`` (read from ``text``) and its ruled table on the scan do not
    share; nothing when the scan's table is not known for it."""
    found = find_tables(text)
    k = next((i for i, t in enumerate(found) if t.start == table.start), None)
    if k is None:
        return NOTHING
    grid = grids(layout, len(found))[k]
    return NOTHING if grid is None else uncounted(grid, len(table.rows))


def continued_header(table: Table | None, text: str | None, review: PageReview | None) -> Header:
    """The header ``table`` (read from ``text``, which ``review`` is of) takes from the
    table the page before ends with, as the review read it: () when it continues none."""
    if table is None or text is None or review is None or not review.continues:
        return ()
    continued = continued_table(text, review.continues)
    return review.continues if continued is not None and continued.start == table.start else ()
