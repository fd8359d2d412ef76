"""Table edits as text edits: each returns ONE ``TextEdit`` on the transcript, so the
editor applies it as one undoable step and the transcript stays the one source of
truth. Characters outside the edited cell, row or column are left as they are.

``set_cell`` encodes what the reader typed for the table's format (Markdown: ``\\|``
for a pipe, ``<br>`` for a line break; HTML: ``&amp; &lt; &gt;``, ``<br>``; TSV: a
tab or line break becomes a space). A cell's value is read back stripped, so
spaces at a typed value's ends do not survive. Row and column edits re-read the
result and refuse (``TableEditError``) one that would not read back as the table
with a row or column more or less: a pipe-less Markdown table cannot lose its
header or gain an empty first column, a table cannot drop below two lines.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.tables import edit_html, edit_lines, html, markdown, tsv
from backend.tables.find import table_at
from backend.tables.model import Table, TableCell, TableFormat, TableProblem, TextEdit, apply_edits

__all__ = [
    "TableEditError",
    "delete_column",
    "delete_row",
    "insert_column",
    "insert_row",
    "merge_cells",
    "set_cell",
    "split_cell",
]

_ENCODE = {
    TableFormat.MARKDOWN: markdown.encode,
    TableFormat.HTML: html.encode,
    TableFormat.TSV: tsv.encode,
}


def _broken() -> str:  # translated when raised, not at import
    return _("This edit would break the table's markup, so it was not made.")


class TableEditError(ProofDeskError):
    """A table edit that cannot be made (the message says why, for the reader)."""


def set_cell(text: str, table: Table, row: int, column: int, value: str) -> TextEdit:
    """Replace the content of the cell that fills (row, column) with ``value``."""
    cell = _cell(table, row, column)
    content = _ENCODE[table.format](value)
    if table.format is TableFormat.MARKDOWN and not content.strip():
        content = markdown.empty_cell(text, table.rows[cell.row], cell, content)
    return TextEdit(cell.start, cell.end, content)


def insert_row(text: str, table: Table, row: int, *, below: bool = False) -> TextEdit:
    """An empty row above (or below) ``row``."""
    _row_index(table, row)
    if table.format is TableFormat.MARKDOWN and row == 0 and table.rows[0].header and not below:
        # Markdown reads the line just above the rule as the header: a line above it
        # would be no row of the table at all.
        raise TableEditError(
            _("A Markdown table's header row stays first: insert the new row below it.")
        )
    return _checked(
        text,
        table,
        lambda: _kind(table).insert_row(text, table, row, below=below),
        rows=len(table.rows) + 1,
    )


def delete_row(text: str, table: Table, row: int) -> TextEdit:
    _row_index(table, row)
    return _checked(
        text, table, lambda: _kind(table).delete_row(text, table, row), rows=len(table.rows) - 1
    )


def insert_column(text: str, table: Table, column: int, *, right: bool = False) -> TextEdit:
    """An empty column left (or right) of ``column``."""
    _column_index(table, column)
    at = column + 1 if right else column
    return _checked(
        text, table, lambda: _kind(table).insert_column(text, table, at), columns=table.columns + 1
    )


def delete_column(text: str, table: Table, column: int) -> TextEdit:
    _column_index(table, column)
    return _checked(
        text,
        table,
        lambda: _kind(table).delete_column(text, table, column),
        columns=table.columns - 1,
    )


def merge_cells(text: str, table: Table, row: int, column: int, *, down: bool = False) -> TextEdit:
    """Merge the cell at (row, column) with the one right of it (or below): one cell
    spanning both, its content theirs joined by a line break. HTML only."""
    cell = _cell(table, row, column)
    _spans_only(table)
    other = (
        table.cell_at(cell.row + cell.row_span, cell.column)
        if down
        else table.cell_at(cell.row, cell.column + cell.column_span)
    )
    lined_up = other is not None and (
        (other.column, other.column_span) == (cell.column, cell.column_span)
        if down
        else (other.row, other.row_span) == (cell.row, cell.row_span)
    )
    if other is None or not lined_up:
        raise TableEditError(
            _("These cells cannot be merged: there is no cell of the same size next to it.")
        )
    return _checked(
        text, table, lambda: edit_html.merge(text, cell, other, down=down), rows=len(table.rows)
    )


def split_cell(text: str, table: Table, row: int, column: int) -> TextEdit:
    """Undo a span: the cell keeps its content, the positions it freed get empty cells."""
    cell = _cell(table, row, column)
    _spans_only(table)
    if cell.row_span == 1 and cell.column_span == 1:
        raise TableEditError(_("This cell spans no other cells: there is nothing to split."))
    return _checked(text, table, lambda: edit_html.split(text, table, cell), rows=len(table.rows))


def _kind(table: Table) -> ModuleType:
    return edit_html if table.format is TableFormat.HTML else edit_lines


def _cell(table: Table, row: int, column: int) -> TableCell:
    # ``table.cell_at``, looking only in the rows down to ``row``: a cell of a later row
    # covers none of its places (Enter in a 40×40 table's last row walked 1,600 cells).
    cell = next((c for r in table.rows[: row + 1] for c in r.cells if c.covers(row, column)), None)
    if cell is None:
        raise TableEditError(
            _("Row {row}, column {column} holds no cell of this table.").format(
                row=row + 1, column=column + 1
            )
        )
    return cell


def _row_index(table: Table, row: int) -> None:
    if not 0 <= row < len(table.rows):
        raise TableEditError(_("This table has no row {row}.").format(row=row + 1))


def _column_index(table: Table, column: int) -> None:
    if not 0 <= column < table.columns:
        raise TableEditError(_("This table has no column {column}.").format(column=column + 1))


def _spans_only(table: Table) -> None:
    if table.format is not TableFormat.HTML:
        raise TableEditError(
            _("Only an HTML table has merged cells: Markdown and tab-separated tables cannot.")
        )


def _checked(
    text: str,
    table: Table,
    edits: Callable[[], list[TextEdit]],
    *,
    rows: int | None = None,
    columns: int | None = None,
) -> TextEdit:
    """The edits as one, when the result reads back as the table the edit means."""
    try:
        edit = combine(text, edits())
    except LookupError as exc:  # a cell's tag we cannot find to edit
        raise TableEditError(_broken(), detail=str(exc)) from exc
    after = table_at(apply_edits(text, [edit]), table.start)
    ragged = any(n.problem is TableProblem.RAGGED_ROWS for n in table.notices)
    if (
        after is None
        or after.format is not table.format
        or after.start != table.start
        or (rows is not None and len(after.rows) != rows)
        or (columns is not None and not ragged and after.columns != columns)
    ):
        raise TableEditError(_broken())
    return edit


def combine(text: str, edits: list[TextEdit]) -> TextEdit:
    """Non-overlapping edits of ``text`` as one edit of the span from the first to the
    last (the text between them rewritten as it was). Insertions at one place keep
    their order in ``edits``."""
    if not edits:
        raise TableEditError(_("This edit would change nothing."))
    ordered = sorted(edits, key=lambda e: (e.start, e.end))  # stable: keeps list order
    start, end = ordered[0].start, max(e.end for e in ordered)
    pieces, pos = [], start
    for edit in ordered:
        if edit.start < pos:
            raise ValueError(f"overlapping table edits {edits!r}")
        pieces += [text[pos : edit.start], edit.text]
        pos = edit.end
    pieces.append(text[pos:end])
    return TextEdit(start, end, "".join(pieces))
