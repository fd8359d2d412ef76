"""Row, column and span edits of an HTML table.

Spans make an HTML edit reach past one row or column: a row inserted inside a
``rowspan`` cell's rows lengthens that cell (it still covers the row) rather than
pushing the rows below it sideways; a column inserted inside a ``colspan`` widens
it. Each function returns the small edits (tags and cells); ``edits`` joins them
into one and checks the table reads back as meant.
"""

from __future__ import annotations

import re

from backend.tables.html import TAG
from backend.tables.model import Table, TableCell, TableRow, TextEdit

_CLOSE = re.compile(r"\s*</t[dh]\s*>", re.IGNORECASE)
_ATTRIBUTE = {
    name: re.compile(r"\s+" + name + r"""\s*=\s*(?:"\s*\d+\s*"|'\s*\d+\s*'|\d+)""", re.IGNORECASE)
    for name in ("colspan", "rowspan")
}
EMPTY = "<td></td>"


def insert_row(text: str, table: Table, row: int, *, below: bool) -> list[TextEdit]:
    ref = table.rows[row]
    boundary = row + 1 if below else row  # the new row goes before this one
    edits, covered = [], 0
    for cell in table.cells:
        if cell.row < boundary < cell.row + cell.row_span:
            covered += cell.column_span
            edits.append(_span_edit(text, cell, "rowspan", cell.row_span + 1))
    new = "<tr>" + EMPTY * max(table.columns - covered, 0) + "</tr>"
    at = ref.end if below else ref.start
    gap = _gap(text, ref)
    edits.append(TextEdit(at, at, gap + new if below else new + gap))
    return edits


def delete_row(text: str, table: Table, row: int) -> list[TextEdit]:
    ref = table.rows[row]
    edits = [TextEdit(ref.start, ref.end + len(_gap(text, ref)), "")]
    for cell in table.cells:
        if cell.row < row < cell.row + cell.row_span:
            edits.append(_span_edit(text, cell, "rowspan", cell.row_span - 1))
    # A cell spanning down from this row moves to the next, one row shorter.
    moved = [c for c in ref.cells if c.row_span > 1]
    if moved:
        nxt = table.rows[row + 1]
        for cell in moved:
            opening = _opening(text, cell)
            tag = _with_span(opening.group(), "rowspan", cell.row_span - 1)
            markup = tag + text[opening.end() : _closing_end(text, cell)]
            if not _CLOSE.match(text, cell.end):
                markup += "</" + opening.group(2) + ">"
            at = _before_column(text, nxt, cell.column)
            edits.append(TextEdit(at, at, markup))
    return edits


def insert_column(text: str, table: Table, at: int) -> list[TextEdit]:
    edits: list[TextEdit] = []
    for r, row in enumerate(table.rows):
        crossing = table.cell_at(r, at) if at < table.columns else None
        if crossing is not None and crossing.column < at:
            if crossing.row == r:  # widen it, once
                edits.append(_span_edit(text, crossing, "colspan", crossing.column_span + 1))
            continue
        k = _before_column(text, row, at)
        edits.append(TextEdit(k, k, _empty_like(text, row)))
    return edits


def delete_column(text: str, table: Table, column: int) -> list[TextEdit]:
    edits: list[TextEdit] = []
    for cell in table.cells:
        if not cell.column <= column < cell.column + cell.column_span:
            continue
        if cell.column_span > 1:
            edits.append(_span_edit(text, cell, "colspan", cell.column_span - 1))
        else:
            edits.append(TextEdit(_opening(text, cell).start(), _closing_end(text, cell), ""))
    return edits


def merge(text: str, cell: TableCell, other: TableCell, *, down: bool) -> list[TextEdit]:
    name = "rowspan" if down else "colspan"
    span = cell.row_span + other.row_span if down else cell.column_span + other.column_span
    opening = _opening(text, cell)
    joined = "<br>".join(t for t in (cell.text, other.text) if t)
    return [
        TextEdit(opening.start(), opening.end(), _with_span(opening.group(), name, span)),
        TextEdit(cell.start, cell.end, joined),
        TextEdit(_opening(text, other).start(), _closing_end(text, other), ""),
    ]


def split(text: str, table: Table, cell: TableCell) -> list[TextEdit]:
    opening = _opening(text, cell)
    tag = _with_span(_with_span(opening.group(), "rowspan", 1), "colspan", 1)
    empty = f"<{opening.group(2)}></{opening.group(2)}>"
    close = _closing_end(text, cell)
    edits = [
        TextEdit(opening.start(), opening.end(), tag),
        TextEdit(close, close, empty * (cell.column_span - 1)),
    ]
    for r in range(cell.row + 1, cell.row + cell.row_span):
        k = _before_column(text, table.rows[r], cell.column)
        edits.append(TextEdit(k, k, empty * cell.column_span))
    return [e for e in edits if e.text or e.start != e.end]


def _before_column(text: str, row: TableRow, column: int) -> int:
    """Where a cell at ``column`` goes in ``row``'s markup: before its first own cell
    at or after that column, else after its last cell (or its <tr>)."""
    for cell in row.cells:
        if cell.column >= column:
            return _opening(text, cell).start()
    if row.cells:
        return _closing_end(text, row.cells[-1])
    opening = TAG.match(text, row.start)
    return opening.end() if opening is not None else row.start


def _empty_like(text: str, row: TableRow) -> str:
    if row.cells and row.header and all(c.header for c in row.cells):
        return "<th></th>"
    return EMPTY


def _gap(text: str, row: TableRow) -> str:
    """The line break and indent after the row's markup, when rows are a line each."""
    k = row.end
    while k < len(text) and text[k] in " \t\r":
        k += 1
    if k < len(text) and text[k] == "\n":
        j = k + 1
        while j < len(text) and text[j] in " \t":
            j += 1
        if TAG.match(text, j) is not None:
            return text[row.end : j]
    return ""


def _opening(text: str, cell: TableCell) -> re.Match[str]:
    found = TAG.match(text, text.rfind("<", 0, cell.start))
    if found is None or found.group(1):  # "<" inside an attribute: not one we can edit
        raise LookupError(f"no opening tag before {cell!r}")
    return found


def _closing_end(text: str, cell: TableCell) -> int:
    close = _CLOSE.match(text, cell.end)
    return close.end() if close is not None else cell.end


def _span_edit(text: str, cell: TableCell, name: str, span: int) -> TextEdit:
    opening = _opening(text, cell)
    return TextEdit(opening.start(), opening.end(), _with_span(opening.group(), name, span))


def _with_span(tag: str, name: str, span: int) -> str:
    """``tag`` with its ``name`` attribute set to ``span`` (dropped at 1)."""
    pattern = _ATTRIBUTE[name]
    value = "" if span == 1 else f' {name}="{span}"'
    if pattern.search(tag):
        return pattern.sub(value, tag, count=1)
    if span == 1:
        return tag
    end = len(tag) - 2 if tag.endswith("/>") else len(tag) - 1
    return tag[:end] + value + tag[end:]
