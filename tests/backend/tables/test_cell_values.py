"""A cell's value is its text unescaped (issue 23): Markdown's backslash escapes and
HTML's entities in Markdown and HTML cells (CommonMark reads entities in any text);
TSV has no escapes."""

from __future__ import annotations

import pytest

from backend.tables import apply_edits, find_tables, set_cell


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("| A&amp;B | C\\|D |\n|---|---|\n| &#20803; | &lt;x&gt; |", ["A&B", "C|D", "元", "<x>"]),
        ("| \\&amp; | a&b |\n| &#x5143; | &zz9; |", ["&amp;", "a&b", "元", "&zz9;"]),
        ("<table><tr><td>A&amp;B</td><td>&#20803;&lt;</td></tr></table>", ["A&B", "元<"]),
        ("A&amp;B\t&lt;\nc\td", ["A&amp;B", "&lt;", "c", "d"]),  # TSV has no escapes
    ],
)
def test_a_cells_value_is_its_text_unescaped(text: str, values: list[str]) -> None:
    (table,) = find_tables(text)
    assert [c.value for c in table.cells] == values


@pytest.mark.parametrize("typed", ["&amp;", "A&B", "&#20803;", "a\\&b|c"])
def test_a_typed_ampersand_reads_back_as_typed_in_markdown(typed: str) -> None:
    text = "| a | b |\n|---|---|\n| c | d |"
    (table,) = find_tables(text)
    new = apply_edits(text, [set_cell(text, table, 1, 0, typed)])
    (after,) = find_tables(new)
    assert after.cell_at(1, 0).value == typed  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text", ["| 編號 | 金額 |\n|:-:|-:|\n| 1 | 100元 |", "編號 | 金額\n- | :-\n1 | 100元"]
)
def test_a_delimiter_of_one_dash_a_cell_makes_a_header(text: str) -> None:
    (table,) = find_tables(text)
    assert [[c.value for c in r.cells] for r in table.rows] == [["編號", "金額"], ["1", "100元"]]
    assert [r.header for r in table.rows] == [True, False]


def test_a_body_row_of_dashes_stays_a_row() -> None:
    (table,) = find_tables("| a | b |\n|---|---|\n| 1 | 2 |\n| - | - |")
    assert [[c.value for c in r.cells] for r in table.rows][-1] == ["-", "-"]
