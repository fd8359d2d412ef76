"""Table rows: a row's width is the columns it fills, an HTML cell's colspan and a
rowspan from the rows above included (the HTML table model), so spanned rows are as
wide as their table; each cell knows the first column it fills."""

from __future__ import annotations

from backend.review.diagnoses.table_rows import tables
from backend.tables.html import MAX_COLUMNS


def widths(text: str) -> list[int]:
    (table,) = tables(text)
    return [row.width for row in table]


def test_colspan_fills_columns_and_rowspan_fills_the_rows_below() -> None:
    text = (
        "<table><tr><th rowspan=2>編號</th><th colspan='2'>金額</th></tr>"
        "<tr><th>本金</th><th>利息</th></tr>"
        '<tr><td>1</td><td>100</td><td rowspan="3">5</td></tr>'
        "<tr><td>2</td><td>200</td></tr>"
        "<tr><td colspan=2>合計</td></tr></table>"
    )
    assert widths(text) == [3, 3, 3, 3, 3]
    (table,) = tables(text)
    assert [(c.text, c.column, c.column_span) for c in table[1].cells] == [
        ("本金", 1, 1),
        ("利息", 2, 1),
    ]
    assert [(c.text, c.column, c.column_span) for c in table[4].cells] == [("合計", 0, 2)]


def test_rowspan_zero_reaches_the_end_of_the_table_and_wild_spans_are_bounded() -> None:
    text = (
        "<table><tr><td rowspan=0>甲</td><td>1</td></tr>"
        "<tr><td>2</td></tr><tr><td>3</td></tr></table>"
    )
    assert widths(text) == [2, 2, 2]
    # more digits than int() takes from a string: no error; the widest grid a table is
    # read as (backend.tables.html.MAX_COLUMNS) bounds it
    assert widths(f"<table><tr><td colspan={'9' * 5000}>甲</td></tr></table>") == [MAX_COLUMNS]


def test_markdown_rows_are_as_wide_as_their_cells() -> None:
    assert widths("| 編號 | 項目 |\n| --- | --- |\n| 1 | 醫療費 |\n| 合計 | |") == [2, 2, 2]


def test_the_review_reads_every_table_find_tables_reads() -> None:
    # One rule for what a table is (backend.tables): a pipe-less Markdown table under
    # its rule, HTML left unclosed, and a tab-separated block are tables to the
    # review too, so a row that lost a cell in them is as wide as it is.
    assert widths("項目 | 金額\n---|---\n醫療費 | 100\n看護費\n") == [2, 2]
    assert widths("項目 | 金額\n---|---\n醫療費 | 100\n看護費 |\n") == [2, 2, 1]
    assert widths("<table><tr><td>甲<td>1\n<tr><td>乙\n後文") == [2, 1]
    assert widths("編號\t金額\n1\t100\n2\n") == [2, 2]
    assert widths("編號\t金額\t備註\n1\t100\n") == [3, 2]
