"""The table after a cell edit, read from the transcript one row at a time.

Enter in a cell changes that cell's content and nothing else (``set_cell``'s edit
lies inside the cell). Reading the whole 40×40 table again took 3 ms of the Enter's
stall, and its 60,000 short-lived objects set off the collector's full pass (35 ms)
every few dozen edits: the bench's p99. Here only the edited row's markup is read,
alone, as the table's own reader reads it; the rows before it are kept, the rows
after it moved by the edit's length. Whenever that reading could differ from the
whole table's (another number of cells, a span, a notice on the row, a cell
other than the edited one changed), ``None`` says to read the whole table:
the transcript stays the one source of truth, and
tests/gui/tables/test_reread.py checks the result against ``table_at`` on every
kind of table.

No Qt here: a pure function of the transcript's text.
"""

from __future__ import annotations

from dataclasses import replace

from backend.tables import (
    Table,
    TableCell,
    TableFormat,
    TableNotice,
    TableProblem,
    TableRow,
    TextEdit,
)
from backend.tables.cells import make_cell
from backend.tables.find import read_tables


def after_set_cell(text: str, table: Table, edit: TextEdit) -> Table | None:
    """``table`` as ``text`` (the transcript with ``edit``, a ``set_cell`` of one of
    ``table``'s cells, applied) reads it; ``None``: read the whole table instead."""
    if table.format is TableFormat.TSV:
        return None  # a tab typed into a block of tab lines: not worth the cases
    found = _row_of(table, edit)
    if found is None:
        return None
    index, row = found
    delta = len(edit.text) - (edit.end - edit.start)
    if any(_overlaps(n, row) and n.problem is not TableProblem.RAGGED_ROWS for n in table.notices):
        return None
    read = _read_row(text, table.format, row, row.end + delta)
    if read is None or len(read[0]) != len(row.cells):
        return None
    cells, shift = read
    new_cells = []
    for old, new in zip(row.cells, cells, strict=True):
        if new.column_span != old.column_span:
            return None
        start = new.start + shift
        edited = old.start <= edit.start and edit.end <= old.end
        # Any other cell reads as before, at most moved by the edit's length.
        moved = (start - delta, new.text, new.value) == (old.start, old.text, old.value)
        if not (edited or moved or (start, new.text) == (old.start, old.text)):
            return None
        new_cells.append(
            make_cell(
                old.row, old.column, start, start + len(new.text), new.text, new.value,
                old.row_span, old.column_span, old.header,
            )
        )  # fmt: skip
    rows = list(table.rows[:index])
    rows.append(TableRow(tuple(new_cells), row.start, row.end + delta, row.header))
    rows.extend(_moved(r, delta) for r in table.rows[index + 1 :])
    notices = tuple(_moved_notice(n, edit, delta) for n in table.notices)
    return replace(table, end=table.end + delta, rows=tuple(rows), notices=notices)


def _row_of(table: Table, edit: TextEdit) -> tuple[int, TableRow] | None:
    for index, row in enumerate(table.rows):
        if row.start <= edit.start and edit.end <= row.end:
            return index, row
    return None


def _overlaps(notice: TableNotice, row: TableRow) -> bool:
    return (notice.start < row.end and row.start < notice.end) or notice.start == row.start


def _read_row(
    text: str, kind: TableFormat, row: TableRow, end: int
) -> tuple[tuple[TableCell, ...], int] | None:
    """The cells of the row whose markup is ``text[row.start:end]``, read alone, and
    what to add to their offsets to place them in ``text``."""
    markup = text[row.start : end]
    if kind is TableFormat.MARKDOWN:
        if "\n" in markup:
            return None  # a Markdown row is one line
        # A rule below: the line is read as a row whether or not it begins with a pipe.
        alone, at = markup + "\n|---|", 0
    else:
        alone, at = "<table>" + markup + "</table>", len("<table>")
    read = read_tables(alone)
    if len(read) != 1 or not read[0].rows or read[0].notices:
        return None
    first = read[0].rows[0]
    if (first.start, first.end) != (at, at + len(markup)):
        return None
    return first.cells, row.start - at


def _moved(row: TableRow, delta: int) -> TableRow:
    cells = tuple(
        make_cell(
            c.row, c.column, c.start + delta, c.end + delta, c.text, c.value,
            c.row_span, c.column_span, c.header,
        )
        for c in row.cells
    )  # fmt: skip
    return TableRow(cells, row.start + delta, row.end + delta, row.header)


def _moved_notice(notice: TableNotice, edit: TextEdit, delta: int) -> TableNotice:
    """A notice's span after the edit: what lies after the edited content moves."""
    after = notice.start >= edit.end and notice.start > edit.start
    start = notice.start + delta if after else notice.start
    end = notice.end + delta if notice.end >= edit.end else notice.end
    if (start, end) == (notice.start, notice.end):
        return notice
    return replace(notice, start=start, end=end)
