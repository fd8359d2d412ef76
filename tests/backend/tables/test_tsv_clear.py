"""TSV tables keep their shape when a cell is cleared (issue 23): clearing a cell
never turns a table into tab-indented prose."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from backend.tables import TableFormat, apply_edits, find_tables, set_cell, table_at
from tests.backend.tables.table_strategies import PROSE, TSV_TYPED
from tests.properties import examples


def _shape(text: str) -> list[tuple[int, int]]:
    return [(len(t.rows), t.columns) for t in find_tables(text)]


@pytest.mark.parametrize(
    ("text", "row", "column"),
    [
        ("a\n\tb\nc\td", 1, 0),  # the one row with a first cell loses it: all rows "\tx"
        ("a\n\tb\nc\td", 1, 1),  # the one tab after a word goes: "c\t"
        ("\tb\nc\t", 1, 0),
        ("x\td\n\t乙\n\t丙", 0, 0),
    ],
)
def test_clearing_a_tsv_cell_keeps_the_table(text: str, row: int, column: int) -> None:
    (table,) = find_tables(text)
    new = apply_edits(text, [set_cell(text, table, row, column, "")])
    assert _shape(new) == [(len(table.rows), table.columns)]
    after = table_at(new, table.start)
    assert after is not None and after.cell_at(row, column) is not None
    assert after.cell_at(row, column).value == ""  # type: ignore[union-attr]


def test_tab_indented_prose_is_still_no_table() -> None:
    assert find_tables("\t本院認為\n\t被告無罪。") == ()
    assert find_tables("\t\t主文\n\t理由") == ()


@st.composite
def any_tsv(draw: st.DrawFn) -> tuple[str, int]:
    """A TSV block of any cells (empty ones anywhere) in prose, and where it starts."""
    columns = draw(st.integers(2, 4))
    row = st.lists(TSV_TYPED, min_size=columns, max_size=columns)
    rows = draw(st.lists(row, min_size=2, max_size=5))
    before = draw(PROSE).replace("\t", "") + "\n"
    block = "\n".join("\t".join(cells) for cells in rows)
    return before + block + "\n" + draw(PROSE), len(before)


@examples(300)
@given(page=any_tsv(), pick=st.integers(0, 10**6))
def test_clearing_any_cell_of_a_tsv_table_keeps_its_rows_and_columns(
    page: tuple[str, int], pick: int
) -> None:
    text, start = page
    found = [t for t in find_tables(text) if t.start == start]
    assume(found and found[0].format is TableFormat.TSV)
    (table,) = found
    cell = table.cells[pick % len(table.cells)]
    new = apply_edits(text, [set_cell(text, table, cell.row, cell.column, "")])
    after = table_at(new, table.start)
    assert after is not None and after.start == table.start
    assert (len(after.rows), after.columns) == (len(table.rows), table.columns)
    assert [len(r.cells) for r in after.rows] == [len(r.cells) for r in table.rows]
    assert len(find_tables(new)) == len(find_tables(text))
