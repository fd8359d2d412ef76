"""A Markdown table whose delimiter row has one dash a cell (``|:-:|-|``, as VLMs write
it, which the reader takes as the header's rule on a table's second line): rows and
columns are inserted around it as around ``|---|---|``."""

from __future__ import annotations

from backend.tables import apply_edits, find_tables, insert_column, insert_row, table_at

TEXT = "前文\n| 品名 | 數量 |\n|:-:|-|\n| 手機 | 1 |\n後文"


def _grid(text: str) -> list[list[str]]:
    table = table_at(text, text.index("品名"))
    assert table is not None
    return [[c.value for c in row.cells] for row in table.rows]


def test_a_row_below_the_header_goes_below_a_one_dash_delimiter() -> None:
    (table,) = find_tables(TEXT)
    assert table.rows[0].header
    new = apply_edits(TEXT, [insert_row(TEXT, table, 0, below=True)])
    assert "|:-:|-|\n|  |  |\n| 手機 | 1 |" in new
    assert _grid(new) == [["品名", "數量"], ["", ""], ["手機", "1"]]


def test_a_column_keeps_the_delimiter_a_delimiter() -> None:
    (table,) = find_tables(TEXT)
    new = apply_edits(TEXT, [insert_column(TEXT, table, 1)])
    assert "|:-:|---|-|" in new
    assert _grid(new) == [["品名", "", "數量"], ["手機", "", "1"]]
    after = table_at(new, new.index("品名"))
    assert after is not None and after.rows[0].header


def test_a_body_row_of_dashes_is_still_a_row() -> None:
    # Past the second line one dash is a cell's text (a row with nothing to enter), not a
    # rule: a row inserted below the row above it goes right below that row.
    text = "| 品名 | 數量 |\n|---|---|\n| 手機 | 1 |\n| - | - |\n| 刀 | 2 |"
    (table,) = find_tables(text)
    assert [c.value for c in table.rows[2].cells] == ["-", "-"]
    new = apply_edits(text, [insert_row(text, table, 1, below=True)])
    assert "| 手機 | 1 |\n|  |  |\n| - | - |" in new
