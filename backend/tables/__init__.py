"""Tables in a transcript: find them, read them as grids, edit them as text.

Pure functions of the transcript's text (no files, no Qt): the review's table
checks, the Table dock, and the exports (DOCX, XLSX, searchable PDF) all read
tables through here, so they agree on what a table is.
"""

from backend.tables.edits import (
    TableEditError,
    delete_column,
    delete_row,
    insert_column,
    insert_row,
    merge_cells,
    set_cell,
    split_cell,
)
from backend.tables.find import find_tables, table_at
from backend.tables.model import (
    Table,
    TableCell,
    TableFormat,
    TableNotice,
    TableProblem,
    TableRow,
    TextEdit,
    apply_edits,
)

__all__ = [
    "Table",
    "TableCell",
    "TableEditError",
    "TableFormat",
    "TableNotice",
    "TableProblem",
    "TableRow",
    "TextEdit",
    "apply_edits",
    "delete_column",
    "delete_row",
    "find_tables",
    "insert_column",
    "insert_row",
    "merge_cells",
    "set_cell",
    "split_cell",
    "table_at",
]
