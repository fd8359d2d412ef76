"""Tables in a transcript: find them, read them as grids, edit them as text.

Pure functions of the transcript's text (no files, no Qt): the review's table
checks, the Table dock, and the exports (DOCX, XLSX, searchable PDF) all read
tables through here, so they agree on what a table is.
"""

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
    "TableFormat",
    "TableNotice",
    "TableProblem",
    "TableRow",
    "TextEdit",
    "apply_edits",
    "find_tables",
    "table_at",
]
