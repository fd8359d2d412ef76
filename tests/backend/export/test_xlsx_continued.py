"""XLSX: a table split over pages is one sheet (issue 23): the page ends in the table, the
next starts with its rows and no header (``backend.tables.continued``, as the review reads
it). Its rows follow the first half's under the one header, the first row from each later
page says where it comes from, and a headerless table that continues nothing (another
number of columns) keeps a sheet of its own. Through a real store, reopened with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.backend.export.xlsx_helpers import approved_xlsx

PAGES = (
    "附表\n| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 刀 | 300 |\n",
    "| 2 | 槍 | 1,000 |\n| 3 | 手機 | 500 |\n",  # continues page 1's table, ends the page
    "```html\n<table><tr><td>4</td><td>存摺</td><td>20</td></tr></table>\n```",  # and on
    "| 甲 | 乙 |\n| 丙 | 丁 |\n以上。",  # two columns: its own table
)


def test_a_table_split_over_pages_is_one_sheet(sample_pdf: Path, tmp_path: Path) -> None:
    # page 2 alone (the second export) continues nothing: page 1 is not in it
    out, alone = approved_xlsx(sample_pdf, tmp_path, PAGES, (0, 1, 2, 3), (1,))
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["p1-t1", "p4-t1"]
    sheet = book["p1-t1"]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert rows == [
        ["編號", "物品", "金額"],
        [1, "刀", 300],
        [2, "槍", 1000],
        [3, "手機", 500],
        [4, "存摺", 20],
    ]
    assert sheet["A3"].comment is not None and "From page 2" in sheet["A3"].comment.text
    assert sheet["A5"].comment is not None and "From page 3" in sheet["A5"].comment.text
    assert sheet["A4"].comment is None
    assert sheet.freeze_panes == "A2"  # the one header stays in view over every page's rows
    assert [list(r) for r in book["p4-t1"].iter_rows(values_only=True)] == [
        ["甲", "乙"],
        ["丙", "丁"],
    ]
    assert openpyxl.load_workbook(alone).sheetnames == ["p2-t1"]
