"""Review R2: inputs the session's table checks met badly (table_grid, table_scan)."""

from __future__ import annotations

from backend.models import TableGrid
from backend.review.diagnoses import table_grid
from backend.review.diagnoses.table_rows import tables
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import found
from tests.backend.review.diagnoses.table_scan_helpers import html_table, read_cell_by_cell

CELLS = DiagnosisKind.TABLE_CELLS

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


def test_cells_ending_in_other_rows_cells_are_no_merge() -> None:
    # Each of a row's two cells begins with the page's piece at its row and ends with
    # a piece another transcript row has (七十元 is the row above's amount, 七月十日 the
    # row below's date): the rest of the cell was misread, no page row was swallowed.
    # (table_merged's ``inside`` pieces at another row's height; with them, the row
    # was named a merge of two page rows.)
    header = ["編號", "項目", "金額", "日期"]
    rows = [
        ["一", "執行費", "七十元", "八月三日"],
        ["二", "鑑定費", "八千二百七十元", "一〇七年七月十日"],
        ["三", "勘驗費", "四十元", "七月十日"],
    ]
    page = [list(r) for r in [header, *rows]]
    page[2][2], page[2][3] = "八千二百", "一〇七年"
    alternate = read_cell_by_cell(page, [0.08, 0.16, 0.3, 0.5])
    details = [d.detail for d in found(html_table([header, *rows]), alternate, CELLS)]
    assert not [d for d in details if "holds two rows of the page" in d], details
