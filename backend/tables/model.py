"""A transcript's tables as values: cells on a grid, each tied to its place in the text.

The transcript is the one source of truth. A table here is a *reading* of its
markup (Markdown pipe rows, an HTML ``<table>``, tab-separated lines): every cell
knows the transcript offsets of its content, so a view can show a grid, an edit
can change exactly one cell's characters, and a check can point at a cell. Nothing
here holds text of its own beyond what the markup says.

Grid positions count the columns a cell *fills*: an HTML cell with ``colspan=2``
at column 1 fills columns 1 and 2; a ``rowspan=3`` cell fills its column in the
next two rows too, whose own cells start after it (the HTML table model).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Table",
    "TableCell",
    "TableFormat",
    "TableNotice",
    "TableProblem",
    "TableRow",
    "TextEdit",
    "apply_edits",
]


class TableFormat(StrEnum):
    MARKDOWN = "markdown"  # | a | b |, with or without the |---| rule
    HTML = "html"  # <table><tr><td>…, rowspan / colspan kept
    TSV = "tsv"  # consecutive lines of tab-separated fields


class TableProblem(StrEnum):
    """What is wrong with a table's markup: shown to the reader, never fatal."""

    RAGGED_ROWS = "ragged_rows"  # rows fill different numbers of columns
    UNCLOSED_TAG = "unclosed_tag"  # <table>, <tr> or <td> without its end tag
    OVERLAPPING_SPANS = "overlapping_spans"  # a colspan runs into a rowspan from above
    STRAY_TAG = "stray_tag"  # a cell or row tag outside a table or row
    TOO_WIDE = "too_wide"  # a colspan past the widest table a grid shows (html.MAX_COLUMNS)


@dataclass(frozen=True)
class TableNotice:
    problem: TableProblem
    start: int  # the transcript span it concerns
    end: int
    message: str  # for the reader, from the catalogue (already translated)


@dataclass(frozen=True)
class TableCell:
    row: int  # the grid row and column of its top-left corner (0-based)
    column: int
    start: int  # transcript offsets of its content (start == end: an empty cell,
    end: int  # where typed text would go)
    text: str  # the content as written: text[start:end] of the transcript
    value: str  # what the reader sees: escapes undone, <br> as a line break, tags dropped
    row_span: int = 1
    column_span: int = 1
    header: bool = False  # <th>, or the row above a Markdown rule

    def covers(self, row: int, column: int) -> bool:
        return (
            self.row <= row < self.row + self.row_span
            and self.column <= column < self.column + self.column_span
        )


@dataclass(frozen=True)
class TableRow:
    cells: tuple[TableCell, ...]  # the cells that start in this row, left to right
    start: int  # the row's markup in the transcript (a Markdown line without its
    end: int  # newline, an HTML <tr>…</tr>)
    header: bool = False


@dataclass(frozen=True)
class Table:
    format: TableFormat
    start: int  # the whole table's markup in the transcript
    end: int
    rows: tuple[TableRow, ...]
    columns: int  # the grid's width: the most columns any row fills
    notices: tuple[TableNotice, ...] = ()

    @property
    def cells(self) -> tuple[TableCell, ...]:
        return tuple(cell for row in self.rows for cell in row.cells)

    def cell_at(self, row: int, column: int) -> TableCell | None:
        """The cell that fills grid position (row, column), or None (a ragged row's gap)."""
        for cell in self.cells:
            if cell.covers(row, column):
                return cell
        return None

    def cell_at_offset(self, offset: int) -> TableCell | None:
        """The cell whose markup holds transcript ``offset``: its content, or the
        space and delimiters up to the next cell (a cursor on a pipe is in the cell
        before it). None outside the table's rows."""
        for row in self.rows:
            if not row.start <= offset <= row.end:
                continue
            before = [cell for cell in row.cells if cell.start <= offset]
            if before:
                return before[-1]
            return row.cells[0] if row.cells else None
        return None


@dataclass(frozen=True)
class TextEdit:
    """Replace ``transcript[start:end]`` with ``text``: how every table edit reaches
    the transcript, so the editor applies it as one undoable step."""

    start: int
    end: int
    text: str


def apply_edits(text: str, edits: list[TextEdit] | tuple[TextEdit, ...]) -> str:
    """``text`` with ``edits`` applied; edits must not overlap (applied from the end)."""
    out = text
    last = len(text) + 1
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        if not 0 <= edit.start <= edit.end <= min(last, len(text)):
            raise ValueError(f"overlapping or out-of-range edit {edit!r}")
        out = out[: edit.start] + edit.text + out[edit.end :]
        last = edit.start
    return out
