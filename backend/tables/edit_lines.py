"""Row and column edits of the tables written a row a line: Markdown and TSV.

A row is a line; a column is the part of each line between two delimiters (a
Markdown rule line is edited with the rows, so it keeps a segment a column). Each
function returns the small edits; ``edits`` joins them into one and checks it.
A rule line is known as the reader knows it (``_is_rule``): a table's second line
is its delimiter row with one dash a cell (``|:-:|-|``, as VLMs write it), any
other line a rule only with two.
"""

from __future__ import annotations

from backend.tables import markdown
from backend.tables.model import Table, TableFormat, TextEdit

_RULE_CELL = "---"


def insert_row(text: str, table: Table, row: int, *, below: bool) -> list[TextEdit]:
    ref = table.rows[row]
    new = _empty_row(table)
    if not below:
        return [TextEdit(ref.start, ref.start, new + "\n")]
    end = ref.end
    nxt = _next_line(text, end, table.end)
    if (
        nxt is not None
        and table.format is TableFormat.MARKDOWN
        and _is_rule(text[nxt[0] : nxt[1]], second=nxt[0] == _second_line(text, table))
    ):
        end = nxt[1]  # a row below the header goes below its rule
    return [TextEdit(end, end, "\n" + new)]


def delete_row(text: str, table: Table, row: int) -> list[TextEdit]:
    ref = table.rows[row]
    if ref.end < table.end:  # the line and its line break
        return [TextEdit(ref.start, ref.end + 1, "")]
    return [TextEdit(ref.start - 1, ref.end, "")]  # the last line: the break before it


def insert_column(text: str, table: Table, at: int) -> list[TextEdit]:
    """An empty cell at column ``at`` of each row long enough (``at`` == a row's
    length: after its last cell)."""
    edits: list[TextEdit] = []
    for k, (start, end) in enumerate(_lines(text, table)):
        line = text[start:end]
        if table.format is TableFormat.TSV:
            fields = _fields(line)
            if at < len(fields):
                edits.append(TextEdit(start + fields[at][0], start + fields[at][0], "\t"))
            elif at == len(fields):
                edits.append(TextEdit(end, end, "\t"))
            continue
        rule = _is_rule(line, second=k == 1)
        parts = markdown.cell_parts(line)
        cell = _RULE_CELL if rule else " "
        if at < len(parts):
            a = parts[at][0]
            if a > 0 and line[a - 1] == "|":  # after the pipe before it
                edits.append(TextEdit(start + a, start + a, cell + "|"))
            else:  # a pipe-less row's first cell: the new first cell gets the pipes
                edits.append(TextEdit(start + a, start + a, ("" if rule else "| ") + cell + "|"))
        elif at == len(parts) and parts:
            b = parts[-1][1]
            if b < len(line) and line[b] == "|":  # after its closing pipe
                edits.append(TextEdit(start + b + 1, start + b + 1, cell + "|"))
            else:
                edits.append(TextEdit(end, end, "|" + cell + ("" if rule else " |")))
    return edits


def delete_column(text: str, table: Table, column: int) -> list[TextEdit]:
    """Each row's cell at ``column`` with the delimiter before it (the one after it
    for a row's first cell without a delimiter before)."""
    edits: list[TextEdit] = []
    for start, end in _lines(text, table):
        line = text[start:end]
        parts = _fields(line) if table.format is TableFormat.TSV else markdown.cell_parts(line)
        if column >= len(parts):
            continue
        a, b = parts[column]
        if a > 0:  # the delimiter before it goes with it
            edits.append(TextEdit(start + a - 1, start + b, ""))
        elif b < len(line):  # the first cell, no delimiter before: the one after
            edits.append(TextEdit(start, start + b + 1, ""))
        else:
            edits.append(TextEdit(start, end, ""))
    return edits


def _is_rule(line: str, *, second: bool) -> bool:
    """Whether ``line`` is a rule as the reader reads it (``markdown._table``): the
    table's ``second`` line by GitHub's delimiter row, any other by ``is_rule``."""
    return markdown.is_rule(line) or (second and markdown.is_delimiter(line))


def _second_line(text: str, table: Table) -> int:
    """Where the table's second line starts (past the end: it has one line)."""
    k = text.find("\n", table.start, table.end)
    return table.end + 1 if k < 0 else k + 1


def _empty_row(table: Table) -> str:
    if table.format is TableFormat.TSV:
        return "\t" * (table.columns - 1)
    return "|" + "  |" * table.columns


def _next_line(text: str, end: int, limit: int) -> tuple[int, int] | None:
    if end >= limit:
        return None
    k = text.find("\n", end + 1)
    return (end + 1, len(text) if k < 0 else k)


def _lines(text: str, table: Table) -> list[tuple[int, int]]:
    """Every line of the table, its rule lines too."""
    out, pos = [], table.start
    for line in text[table.start : table.end].split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _fields(line: str) -> list[tuple[int, int]]:
    out, pos = [], 0
    for field in line.split("\t"):
        out.append((pos, pos + len(field)))
        pos += len(field) + 1
    return out
