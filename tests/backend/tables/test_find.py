"""Finding tables: Markdown pipe tables (with or without the leading pipe), HTML
tables however sloppily closed, tab-separated blocks; every cell's offsets point at
its text, its value is what the reader sees, and malformed markup is a notice."""

from __future__ import annotations

import dataclasses

import pytest

from backend.tables import TableCell, TableFormat, TableProblem, find_tables, table_at
from backend.tables.cells import make_cell


def grid(text: str) -> list[list[str]]:
    (table,) = find_tables(text)
    return [[c.value for c in row.cells] for row in table.rows]


def test_markdown_cells_point_at_their_text_and_read_escapes() -> None:
    text = (
        "前文\n| 編號 | 項目 |\n| --- | --- |\n"
        "| 1 | 醫療費 \\| 看護費<br>交通費 |\n| 合計 | |\n後文"
    )
    (table,) = find_tables(text)
    assert table.format is TableFormat.MARKDOWN and table.notices == ()
    assert text[table.start : table.end].startswith("| 編號") and text[table.end :] == "\n後文"
    assert grid(text) == [["編號", "項目"], ["1", "醫療費 | 看護費\n交通費"], ["合計", ""]]
    assert [r.header for r in table.rows] == [True, False, False]
    assert all(text[c.start : c.end] == c.text for c in table.cells)
    empty = table.rows[2].cells[1]
    assert empty.start == empty.end and text[empty.start - 2 : empty.start + 1] == "| |"


def test_a_markdown_table_is_two_lines_and_may_lack_the_leading_pipe() -> None:
    assert find_tables("甲 | 乙\n| 一行 |\n") == ()  # one pipe line is no table
    assert grid("項目 | 金額\n---|---\n醫療費 | 100\n看護費|200\n\n以上") == [
        ["項目", "金額"],
        ["醫療費", "100"],
        ["看護費", "200"],
    ]
    # without a rule, the lines must begin with a pipe
    assert find_tables("甲 | 乙\n丙 | 丁") == ()


def test_html_spans_are_placed_on_the_grid() -> None:
    text = (
        "<table><tr><th rowspan=2>編號</th><th COLSPAN='2'>金額</th></tr>"
        "<tr><th>本金</th><th>利息</th></tr>"
        '<tr><td>1</td><td>100</td><td RowSpan = "0">5</td></tr>'
        "<tr><td colspan=2>合計</td></tr></table>"
    )
    (table,) = find_tables(text)
    assert table.columns == 3 and table.notices == ()
    five = table.cell_at(3, 2)
    assert five is not None and five.value == "5" and five.row_span == 2  # rowspan=0: to the end
    assert [(c.value, c.column, c.column_span) for c in table.rows[3].cells] == [("合計", 0, 2)]
    assert table.cell_at(1, 0) is table.rows[0].cells[0]


def test_html_values_drop_tags_and_read_entities() -> None:
    assert grid("<table><tr><td> <b>甲</b> &amp; 乙<br/>丙 </td></tr></table>") == [["甲 & 乙\n丙"]]


def test_unclosed_html_is_read_as_a_browser_would_with_notices() -> None:
    text = "前文 <TABLE><TR><TD>甲<TD>乙\n<tr><td>丙</td></td><td>丁\n後文不是表格\n"
    (table,) = find_tables(text)
    assert grid(text) == [["甲", "乙"], ["丙", "丁"]]
    # no </table>: the table ends with its last row's markup (the open cell with its line)
    assert text[table.end :] == "\n後文不是表格\n"
    problems = [(n.problem, text[n.start : n.end]) for n in table.notices]
    assert problems == [
        (TableProblem.UNCLOSED_TAG, "<TABLE>"),
        (TableProblem.UNCLOSED_TAG, "<TR>"),
        (TableProblem.UNCLOSED_TAG, "<TD>"),
        (TableProblem.UNCLOSED_TAG, "<TD>"),
        (TableProblem.UNCLOSED_TAG, "<tr>"),
        (TableProblem.STRAY_TAG, "</td>"),
        (TableProblem.UNCLOSED_TAG, "<td>"),
    ]
    assert all(n.message for n in table.notices)


def test_ragged_rows_and_overlapping_spans_are_noticed() -> None:
    (table,) = find_tables("| a | b |\n| 1 | 2 |\n| 3 |\n")
    (notice,) = table.notices
    assert notice.problem is TableProblem.RAGGED_ROWS
    assert "fills 1 columns where its table has 2" in notice.message
    (table,) = find_tables(
        "<table><tr><td rowspan=2>a</td><td>b</td><td>c</td></tr>"
        "<tr><td colspan=2>d</td></tr></table>"
    )
    assert TableProblem.OVERLAPPING_SPANS not in {n.problem for n in table.notices}
    (table,) = find_tables(
        "<table><tr><td>a</td><td rowspan=2>b</td><td>c</td></tr>"
        "<tr><td colspan=3>d</td></tr></table>"
    )
    assert TableProblem.OVERLAPPING_SPANS in {n.problem for n in table.notices}


def test_tsv_blocks_and_indented_prose() -> None:
    assert find_tables("\t第一條 縮排的段落\n\t第二條\n") == ()  # indented prose
    text = "\t第一條 縮排的段落\n\n編號\t金額\n\t100\n1\t\n"
    (table,) = find_tables(text)
    assert table.format is TableFormat.TSV
    # a row's empty first or last cell is a leading or trailing tab
    assert grid(text) == [["編號", "金額"], ["", "100"], ["1", ""]]


def test_tables_do_not_overlap_and_table_at_finds_the_one_under_the_cursor() -> None:
    text = "| a | b |\n| 1 | 2 |\n\n<table><tr><td>x\t|</td></tr>\n<tr><td>y\t|</td></tr></table>"
    tables = find_tables(text)
    assert [t.format for t in tables] == [TableFormat.MARKDOWN, TableFormat.HTML]
    assert table_at(text, text.index("y")) == tables[1]
    assert table_at(text, text.index("\n\n") + 1) is None


def test_the_quick_cell_is_the_cell_the_constructor_makes() -> None:
    args = (1, 2, 3, 4, "甲", "甲", 2, 3, True)
    quick, made = make_cell(*args), TableCell(*args)
    assert quick == made and hash(quick) == hash(made) and repr(quick) == repr(made)
    assert dataclasses.replace(quick, value="乙") == dataclasses.replace(made, value="乙")
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.row = 5  # type: ignore[misc]


def test_a_table_spanning_past_the_widest_grid_is_cut_there_with_a_notice() -> None:
    # 4 KB of spans (helper R): four cells of colspan=1000 down 1,000 rows made a grid of
    # millions of places (2 s and 612 MB in the dock). Cut at MAX_COLUMNS, said, kept.
    from backend.tables.html import MAX_COLUMNS

    text = "<table><tr>" + '<td colspan="1000" rowspan="0">x</td>' * 4 + "</tr>"
    text += "<tr><td>a</td></tr>" * 1000 + "</table>"
    (table,) = find_tables(text)
    assert table.columns <= MAX_COLUMNS + 4
    assert [c.column_span for c in table.rows[0].cells] == [MAX_COLUMNS, 1, 1, 1]
    assert "too_wide" in {n.problem.value for n in table.notices}
    assert len(table.rows) == 1001 and table.rows[0].cells[0].value == "x"


def test_a_table_read_again_in_another_language_has_its_notices_in_that_language() -> None:
    # find_tables keeps the last texts' tables: the notices' language is part of the key.
    from backend.i18n import current_language, set_language

    text = "<table><tr><td>甲<td>乙</tr></table>"
    before = current_language()
    try:
        set_language("en")
        english = [n.message for n in find_tables(text)[0].notices]
        set_language("zh_TW")
        chinese = [n.message for n in find_tables(text)[0].notices]
    finally:
        set_language(before)
    assert english and chinese and english != chinese
