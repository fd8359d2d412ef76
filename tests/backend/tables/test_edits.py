"""Table edits as one text edit each: the table reads back as meant, and what an
edit cannot do in a format (merging in Markdown; breaking a pipe-less table) is
refused with a reason, the transcript unchanged."""

from __future__ import annotations

import pytest

from backend.tables import (
    TableEditError,
    apply_edits,
    delete_column,
    delete_row,
    find_tables,
    insert_column,
    insert_row,
    merge_cells,
    set_cell,
    split_cell,
    table_at,
)
from backend.tables.model import TextEdit

MD = "前文\n| 編號 | 項目 |\n| --- | --- |\n| 1 | 醫療費 |\n| 2 | |\n後文"
HTML = (
    "前文\n<table>\n<tr><th>編號</th><th colspan=2>金額</th></tr>\n"
    "<tr><td rowspan=2>1</td><td>a</td><td>b</td></tr>\n"
    "<tr><td>c</td><td>d</td></tr>\n</table>\n後文"
)


def after(text: str, edit: TextEdit) -> tuple[str, list[list[str]]]:
    new = apply_edits(text, [edit])
    table = table_at(new, edit.start)
    assert table is not None
    return new, [[c.value for c in row.cells] for row in table.rows]


def test_markdown_rows_and_columns() -> None:
    (t,) = find_tables(MD)
    assert after(MD, insert_row(MD, t, 1))[1] == [
        ["編號", "項目"],
        ["", ""],
        ["1", "醫療費"],
        ["2", ""],
    ]
    # below the header: below its rule
    new, grid = after(MD, insert_row(MD, t, 0, below=True))
    assert "| --- | --- |\n|  |  |\n| 1" in new and grid[1] == ["", ""]
    assert (
        after(MD, delete_row(MD, t, 2))[0]
        == "前文\n| 編號 | 項目 |\n| --- | --- |\n| 1 | 醫療費 |\n後文"
    )
    new, grid = after(MD, insert_column(MD, t, 0))
    assert grid == [["", "編號", "項目"], ["", "1", "醫療費"], ["", "2", ""]]
    assert "|---| --- | --- |" in new  # the rule keeps a segment a column
    assert after(MD, insert_column(MD, t, 1, right=True))[1][0] == ["編號", "項目", ""]
    assert after(MD, delete_column(MD, t, 0))[1] == [["項目"], ["醫療費"], [""]]


def test_set_cell_encodes_for_the_format() -> None:
    (t,) = find_tables(MD)
    new, grid = after(MD, set_cell(MD, t, 2, 1, "a|b\nc<br>"))
    assert "| 2 | a\\|b<br>c\\<br>|" in new and grid[2][1] == "a|b\nc<br>"
    (h,) = find_tables(HTML)
    new, grid = after(HTML, set_cell(HTML, h, 2, 2, "<x> & y\nz"))
    assert "<td>&lt;x&gt; &amp; y<br>z</td>" in new and grid[2][1] == "<x> & y\nz"
    tsv = "編號\t金額\n1\t100\n"
    (s,) = find_tables(tsv)
    assert after(tsv, set_cell(tsv, s, 1, 1, "1\t000\n元"))[0] == "編號\t金額\n1\t1 000 元\n"


def test_an_emptied_edge_cell_of_a_row_without_outer_pipes_keeps_its_place() -> None:
    # GitHub's pipe-less rows, and a row without its closing pipe: " | 醫療費" is one
    # cell, so an emptied first or last cell gets the pipe its row left out.
    text = "前文\n編號 | 項目\n--- | ---\n1 | 醫療費\n| 2 | 交通費\n後文"
    (t,) = find_tables(text)
    for row, column in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 1)]:
        new, grid = after(text, set_cell(text, t, row, column, " "))
        expected = [["編號", "項目"], ["1", "醫療費"], ["2", "交通費"]]
        expected[row][column] = ""
        assert grid == expected, new
    assert after(text, set_cell(text, t, 1, 0, ""))[0].endswith("\n| | 醫療費\n| 2 | 交通費\n後文")


def test_html_rows_and_columns_keep_spans_in_place() -> None:
    (t,) = find_tables(HTML)
    # a row inside a rowspan's rows lengthens it: the cells below stay in their columns
    new, grid = after(HTML, insert_row(HTML, t, 1, below=True))
    assert '<td rowspan="3">1</td>' in new and grid[2] == ["", ""] and grid[3] == ["c", "d"]
    d = table_at(new, new.index("<table>")).cell_at(3, 2)  # type: ignore[union-attr]
    assert d is not None and d.value == "d"
    # deleting the row a rowspan starts in moves the cell down, one row shorter
    new, grid = after(HTML, delete_row(HTML, t, 1))
    assert grid == [["編號", "金額"], ["1", "c", "d"]]
    # a column inside a colspan widens it
    new, grid = after(HTML, insert_column(HTML, t, 2))
    assert '<th colspan="3">金額</th>' in new and grid[1] == ["1", "a", "", "b"]
    new, grid = after(HTML, delete_column(HTML, t, 1))
    assert grid == [["編號", "金額"], ["1", "b"], ["d"]] and "<th>金額</th>" in new


def test_merge_and_split() -> None:
    (t,) = find_tables(HTML)
    new, grid = after(HTML, merge_cells(HTML, t, 1, 1))
    assert '<td colspan="2">a<br>b</td>' in new and grid[1] == ["1", "a\nb"]
    new, grid = after(HTML, merge_cells(HTML, t, 1, 2, down=True))
    assert grid[1:] == [["1", "a", "b\nd"], ["c"]]
    new, grid = after(HTML, split_cell(HTML, t, 1, 0))
    assert grid[1:] == [["1", "a", "b"], ["", "c", "d"]] and "rowspan" not in new
    new, grid = after(HTML, split_cell(HTML, t, 0, 2))
    assert grid[0] == ["編號", "金額", ""] and "<th></th>" in new


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda: merge_cells(MD, find_tables(MD)[0], 1, 0), "Only an HTML table"),
        (lambda: split_cell(HTML, find_tables(HTML)[0], 1, 1), "nothing to split"),
        (lambda: merge_cells(HTML, find_tables(HTML)[0], 0, 1, down=True), "cannot be merged"),
        (lambda: insert_row(MD, find_tables(MD)[0], 0), "header row stays first"),
        (lambda: set_cell(MD, find_tables(MD)[0], 9, 0, "x"), "holds no cell"),
        (lambda: delete_row(MD, find_tables(MD)[0], 3), "has no row 4"),
        # a pipe-less table cannot be one column, nor a table one line
        (
            lambda: delete_column(
                "a | b\n---|---\n1 | 2", find_tables("a | b\n---|---\n1 | 2")[0], 0
            ),
            "break",
        ),
        (lambda: delete_row("| a |\n| b |", find_tables("| a |\n| b |")[0], 0), "break"),
    ],
)
def test_impossible_edits_are_refused_with_a_reason(make: object, reason: str) -> None:
    with pytest.raises(TableEditError, match=reason):
        make()  # type: ignore[operator]


def test_markup_typed_into_a_markdown_cell_stays_text() -> None:
    (t,) = find_tables(MD)
    new, grid = after(MD, set_cell(MD, t, 1, 1, "<table><tr><td>x</td></tr></table>"))
    assert len(find_tables(new)) == 1 and grid[1][1] == "<table><tr><td>x</td></tr></table>"


def test_found_by_the_round_trips() -> None:
    # a cell left open before </table> ends there (it held "</table>")
    text = "<table>\n<tr><td>\n</table>"
    (t,) = find_tables(text)
    assert t.cells[0].text == "" and after(text, set_cell(text, t, 0, 0, "x"))[1] == [["x"]]
    # dropping a span keeps the space before the next attribute (was "<tdROWSPAN=2>")
    text = "<table><tr><td colspan=2 ROWSPAN=2>a</td><td>b</td></tr><tr><td>c</td></tr></table>"
    (t,) = find_tables(text)
    new, grid = after(text, delete_column(text, t, 0))
    assert "<td ROWSPAN=2>a</td>" in new and grid == [["a", "b"], ["c"]]
    # a backslash typed at a cell's end is no escape of the tag after it
    text = "<table><tr><td>a</td><td>b</td></tr></table>"
    (t,) = find_tables(text)
    assert after(text, set_cell(text, t, 0, 0, "\\"))[1] == [["\\", "b"]]
    # ... nor of a table nested in it (a cell left open up to its <table>)
    text = "<table><tr><td>A<table><tr><td>in</td></tr></table></td></tr></table>"
    outer = find_tables(text)[0]
    new = apply_edits(text, [set_cell(text, outer, 0, 0, "a\\")])
    assert [[c.value for c in t.cells] for t in find_tables(new)] == [["a\\"], ["in"]]
    # a table left open ends where the next begins: the cursor there is in the next
    text = "<table><tr><table><tr><td>x"
    assert table_at(text, text.index("<table>", 1)) == find_tables(text)[1]
