"""The table after a cell edit, read one row alone (gui/tables/reread.py), is the table
the whole transcript reads: on every kind of table the round-trip tests draw, and with
what a reader may type."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.tables import TableFormat, apply_edits, find_tables, set_cell, table_at
from bench.table_view import html_page, markdown_page
from gui.tables.reread import after_set_cell
from tests.backend.tables.table_strategies import (
    TABLES,
    TSV_TYPED,
    TYPED,
    Embedded,
    open_markdown_tables,
)
from tests.properties import examples


def _check(text: str, pick: int, typed: str) -> bool:
    """The row read equals the whole read (or is not made); True when it was made."""
    tables = find_tables(text)
    table = tables[pick % len(tables)]
    cell = table.cells[pick % len(table.cells)]
    edit = set_cell(text, table, cell.row, cell.column, typed)
    new = apply_edits(text, [edit])
    fast = after_set_cell(new, table, edit)
    assert fast is None or fast == table_at(new, edit.start)
    return fast is not None


@examples(400)
@given(page=TABLES, pick=st.integers(0, 10**6), typed=TYPED, tsv_typed=TSV_TYPED)
def test_the_row_read_alone_is_the_tables_reading(
    page: Embedded, pick: int, typed: str, tsv_typed: str
) -> None:
    tsv = find_tables(page.text)[0].format is TableFormat.TSV
    _check(page.text, pick, tsv_typed if tsv else typed)


@examples(200)
@given(page=open_markdown_tables(), pick=st.integers(0, 10**6), typed=TYPED)
def test_rows_without_outer_pipes_too(page: Embedded, pick: int, typed: str) -> None:
    _check(page.text, pick, typed)


def test_the_common_case_is_read_one_row_alone() -> None:
    # The bench's 40×40 tables: a number typed, a pipe, a line break, an emptied cell.
    for text in (markdown_page(8), html_page(8)):
        for pick, typed in enumerate(("9", "1|2", "甲\n乙", "", "<b>&")):
            assert _check(text, pick * 7 + 3, typed), (text[:40], typed)
