"""XLSX: a table continues only the table of the page just before it in the export; with
that page left out of the export (pages 1 and 3 of a table over three), the later page's
rows are a sheet of their own, not rows glued under page 1's (``xlsx_file``)."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.backend.export.xlsx_helpers import approved_xlsx

PAGES = (
    "| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 刀 | 300 |\n",
    "| 2 | 槍 | 1,000 |\n| 3 | 手機 | 500 |\n",
    "| 4 | 存摺 | 20 |\n| 5 | 印章 | 10 |\n",
)


def test_a_page_between_left_out_ends_the_sheet(sample_pdf: Path, tmp_path: Path) -> None:
    every, gap = approved_xlsx(sample_pdf, tmp_path, PAGES, (0, 1, 2), (0, 2))
    assert openpyxl.load_workbook(every).sheetnames == ["p1-t1"]
    book = openpyxl.load_workbook(gap)
    assert book.sheetnames == ["p1-t1", "p3-t1"]
    assert [r[0] for r in book["p3-t1"].iter_rows(values_only=True)] == [4, 5]
