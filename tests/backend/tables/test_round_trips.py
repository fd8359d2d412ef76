"""Round trips (issue 23): a grid edit changes the transcript's markup inside the
edited cell, row or column only, and reads back as the edit meant, for Markdown,
HTML with spans and TSV tables in running text; find_tables never raises."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from backend.tables import (
    Table,
    TableEditError,
    TableFormat,
    apply_edits,
    delete_column,
    delete_row,
    find_tables,
    html,
    insert_column,
    insert_row,
    merge_cells,
    set_cell,
    split_cell,
    table_at,
)
from tests.backend.tables.table_strategies import (
    TABLES,
    TSV_TYPED,
    TYPED,
    Embedded,
    html_tables,
    open_markdown_tables,
)
from tests.properties import examples


def found(page: Embedded) -> Table:
    (table,) = find_tables(page.text)
    assert (table.start, table.end) == (page.start, page.end)
    return table


def shown(typed: str, kind: TableFormat) -> str:
    """What a cell shows after ``typed`` is set: stripped; TSV has no tab or line break."""
    typed = typed.replace("\r\n", "\n").replace("\r", "\n")
    if kind is TableFormat.TSV:
        typed = typed.replace("\t", " ").replace("\n", " ")
    return typed.strip()


def grid(table: Table) -> dict[tuple[int, int], str]:
    return {(c.row, c.column): c.value for c in table.cells}


@examples(300)
@given(page=TABLES, pick=st.integers(0, 10**6), typed=TYPED, tsv_typed=TSV_TYPED)
def test_set_cell_changes_that_cell_alone(
    page: Embedded, pick: int, typed: str, tsv_typed: str
) -> None:
    table = found(page)
    cell = table.cells[pick % len(table.cells)]
    value = tsv_typed if table.format is TableFormat.TSV else typed
    edit = set_cell(page.text, table, cell.row, cell.column, value)
    assert (edit.start, edit.end) == (cell.start, cell.end)  # nothing outside the cell's content
    new = apply_edits(page.text, [edit])
    after = table_at(new, edit.start)
    assert after is not None and after.start == table.start
    expected = grid(table) | {(cell.row, cell.column): shown(value, table.format)}
    assert grid(after) == expected
    assert [(c.row_span, c.column_span) for c in after.cells] == [
        (c.row_span, c.column_span) for c in table.cells
    ]


@examples(200)
@given(page=open_markdown_tables(), pick=st.integers(0, 10**6), typed=TYPED)
def test_set_cell_keeps_a_row_without_outer_pipes_whole(
    page: Embedded, pick: int, typed: str
) -> None:
    # An emptied first or last cell of "a | b" (GitHub's pipe-less rows), or of a row
    # without its closing pipe, gets the pipe the row left out: " | b" is one cell.
    table = found(page)
    cell = table.cells[pick % len(table.cells)]
    edit = set_cell(page.text, table, cell.row, cell.column, typed)
    assert (edit.start, edit.end) == (cell.start, cell.end)
    after = table_at(apply_edits(page.text, [edit]), edit.start)
    assert after is not None and after.start == table.start
    assert grid(after) == grid(table) | {(cell.row, cell.column): shown(typed, table.format)}


def _moved(table: Table, op: str, at: int) -> dict[tuple[int, int], str]:
    """Where each kept cell's value should be after ``op`` at row/column ``at``."""
    out = {}
    for c in table.cells:
        r, k = c.row, c.column
        if op == "insert_row":
            r += r >= at
        elif op == "delete_row":
            if r == at and c.row_span == 1:
                continue
            r -= r > at
        elif op == "insert_column":
            k += k >= at
        else:  # delete_column
            if k == at and c.column_span == 1:
                continue
            k -= k > at
        out[(r, k)] = c.value
    return out


@examples(300)
@given(
    page=TABLES,
    op=st.sampled_from(["insert_row", "delete_row", "insert_column", "delete_column"]),
    pick=st.integers(0, 10**6),
    after_it=st.booleans(),
)
def test_row_and_column_edits_keep_every_other_cell(
    page: Embedded, op: str, pick: int, after_it: bool
) -> None:
    table = found(page)
    text = page.text
    rows = op.endswith("_row")
    index = pick % (len(table.rows) if rows else table.columns)
    try:
        if op == "insert_row":
            edit = insert_row(text, table, index, below=after_it)
        elif op == "delete_row":
            edit = delete_row(text, table, index)
        elif op == "insert_column":
            edit = insert_column(text, table, index, right=after_it)
        else:
            edit = delete_column(text, table, index)
    except TableEditError:
        # Refused only where the result could not be this table: a Markdown header
        # cannot move down; a Markdown or TSV table cannot drop to one line, an HTML
        # table to no row; no table to no column (TSV: one, a line without a tab).
        lines = page.text[table.start : table.end].count("\n") + 1
        in_html = table.format is TableFormat.HTML
        least = 2 if table.format is TableFormat.TSV else 1
        assert (
            (op == "insert_row" and index == 0 and not after_it and table.rows[0].header)
            or (op == "delete_row" and (len(table.rows) == 1 if in_html else lines <= 2))
            or (op == "delete_column" and table.columns == least)
        )
        return
    new = apply_edits(text, [edit])
    assert new[: table.start] == text[: table.start]
    assert new.endswith(text[table.end :])
    after = table_at(new, edit.start)
    assert after is not None and after.start == table.start
    at = index + (after_it and op in ("insert_row", "insert_column"))
    kept = grid(after)
    for place, value in _moved(table, op, at).items():
        assert kept.get(place) == value, (place, value, new)


@examples(200)
@given(page=html_tables(), pick=st.integers(0, 10**6), down=st.booleans())
def test_merge_then_split_restores_the_grid(page: Embedded, pick: int, down: bool) -> None:
    table = found(page)
    a = table.cells[pick % len(table.cells)]
    try:
        merged = merge_cells(page.text, table, a.row, a.column, down=down)
    except TableEditError:
        assume(False)
    b = (
        table.cell_at(a.row + a.row_span, a.column)
        if down
        else table.cell_at(a.row, a.column + a.column_span)
    )
    assert b is not None
    text = apply_edits(page.text, [merged])
    one = table_at(text, merged.start)
    assert one is not None
    (both,) = [c for c in one.cells if (c.row, c.column) == (a.row, a.column)]
    # their markup joined by a line break (a cell's own <b> or <br> kept)
    assert both.value == html.value("<br>".join(t for t in (a.text, b.text) if t))
    if "<br>" not in a.text + b.text:
        assert both.value == "\n".join(v for v in (a.value, b.value) if v)
    split = split_cell(text, one, a.row, a.column)
    back = table_at(apply_edits(text, [split]), split.start)
    assert back is not None
    area = {
        (r, k)
        for c in (a, b)
        for r in range(c.row, c.row + c.row_span)
        for k in range(c.column, c.column + c.column_span)
    }
    for r in range(len(table.rows)):
        for k in range(table.columns):
            cell, before = back.cell_at(r, k), table.cell_at(r, k)
            if (r, k) == (a.row, a.column):
                assert cell is not None and cell.value == both.value
            elif (r, k) in area:  # freed: an empty cell of its own
                assert cell is not None and (cell.row, cell.column, cell.value) == (r, k, "")
            else:
                assert (cell and cell.value) == (before and before.value)


FUZZ = st.lists(
    st.sampled_from(
        [
            *"|\t\n-: a甲\\<>/=\"'0123&;",
            "<table>",
            "</table>",
            "<tr>",
            "</tr>",
            "<td>",
            "</td>",
            "<th>",
            "<TD ",
            "colspan=",
            "rowspan=",
            "<br>",
            "|---|",
            "---|---",
            "\\|",
        ]
    ),
    max_size=40,
).map("".join)


@examples(500)
@given(text=FUZZ)
def test_find_tables_never_raises_and_its_tables_hold_together(text: str) -> None:
    tables = find_tables(text)
    end = -1
    for table in tables:
        assert end <= table.start <= table.end <= len(text)  # in order, not overlapping
        end = table.end
        for cell in table.cells:
            assert table.start <= cell.start <= cell.end <= table.end
            assert text[cell.start : cell.end] == cell.text
        for notice in table.notices:
            assert notice.message
        assert table_at(text, table.start) == table
