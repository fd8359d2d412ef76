"""Review R2: inputs the session's table checks met badly (table_grid, table_scan)."""

from __future__ import annotations

from backend.models import TableGrid
from backend.review.diagnoses import table_grid
from backend.review.diagnoses.table_rows import tables

SPANNING = (
    '主文\n<table><tr><td rowspan="5">扣案機車</td><td>十五輛</td></tr>'
    "<tr><td>二支</td></tr></table>\n以上正本證明與原本無異。"
)


def test_rules_found_twice_at_one_height_do_not_crash_a_spanning_table() -> None:
    # Most gaps between the rules zero tall (a rule the scan gave twice, its y rounded
    # the same): the usual row height is 0, and counting rows by height divided by it.
    (table,) = tables(SPANNING)
    grid = TableGrid((0.0, 0.1, 1.0, 0.3), (0.11, 0.11, 0.11, 0.2), (0.05, 0.5, 0.9))
    assert table_grid.scan_rows(grid, by_height=True) == table_grid.scan_rows(grid)
    assert table_grid.table_problem(grid, table) is not None  # 3 rows counted, 2 written
