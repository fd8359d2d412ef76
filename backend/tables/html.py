"""HTML tables: ``<table>`` rows and cells, spans placed on the grid, sloppy markup
read as a browser would.

A model writing HTML leaves tags open: a new ``<td>`` or ``<tr>`` closes the open
cell or row, a ``<table>`` without ``</table>`` ends at its last row's markup, and
attributes come in any case and quoting. Each of these is read and noted, never
refused. ``colspan=n`` fills n columns of its row, ``rowspan=n`` its columns in the
next n-1 rows (``0``: to the table's end), whose own cells start after it: the
HTML table model, minus what a transcript never has (``<colgroup>``, row groups).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from backend.tables import notices
from backend.tables.cells import make_cell
from backend.tables.model import Table, TableCell, TableFormat, TableNotice, TableRow

TAG = re.compile(r"<(/?)(table|tr|td|th)\b([^>]*)>", re.IGNORECASE)
_SPAN = {
    name: re.compile(name + r"""\s*=\s*["']?\s*(\d{1,7})""", re.IGNORECASE)
    for name in ("colspan", "rowspan")
}
# HTML's own limits (a larger value is read as the limit): a wild span in a
# transcript costs no more than this.
MAX_COLSPAN, MAX_ROWSPAN = 1000, 65534
# The widest grid a table is read as: a colspan reaching past it is cut there (with a
# notice). HTML allows 1,000 columns a cell, so four such cells over 1,000 rows spanning
# to the table's end made a grid of millions of places from 4 KB of text (helper R: the
# grid took 2 s and 612 MB). Court tables have a dozen columns; Excel holds 16,384.
MAX_COLUMNS = 256
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_OTHER_TAG = re.compile(r"<[^>]*>")


@dataclass
class _Cell:
    tag: re.Match[str]
    header: bool
    colspan: int
    rowspan: int
    end: int = -1  # of its content; -1 while open


@dataclass
class _Row:
    start: int
    tag_end: int  # of its <tr> (or of the cell tag that opened it)
    cells: list[_Cell] = field(default_factory=list)
    end: int = -1
    mark: int = -1  # the end of its last markup read so far (where it ends if left open)


@dataclass
class _Table:
    start: int
    tag_end: int  # of its <table>
    rows: list[_Row] = field(default_factory=list)
    notices: list[TableNotice] = field(default_factory=list)
    end: int = -1


def find(text: str) -> list[Table]:
    """Every ``<table>`` in ``text``, in order."""
    if "<" not in text:
        return []
    found: list[_Table] = []
    table: _Table | None = None
    for tag in TAG.finditer(text):
        closing, name = tag.group(1) == "/", tag.group(2).lower()
        if name == "table":
            if not closing and text[tag.start() - 1 : tag.start()] == "\\":
                continue  # \<table> is a Markdown cell's text, escaped
            if table is not None:
                _close_table(text, table, tag if closing else None, tag.start())
                found.append(table)
                table = None
            if not closing:
                table = _Table(tag.start(), tag.end())
            continue
        if table is not None:
            _read_tag(text, table, tag, name, closing)
    if table is not None:
        _close_table(text, table, None, len(text))
        found.append(table)
    return [_build(text, t) for t in found if t.rows]


def _read_tag(text: str, table: _Table, tag: re.Match[str], name: str, closing: bool) -> None:
    row = table.rows[-1] if table.rows and table.rows[-1].end < 0 else None
    cell = row.cells[-1] if row is not None and row.cells and row.cells[-1].end < 0 else None
    if name == "tr":
        if cell is not None:
            _close_cell(text, table, cell, tag.start(), noted=True)
        if closing:
            if row is None:
                table.notices.append(notices.stray(tag.group(), tag.start(), tag.end()))
            else:
                row.end = tag.end()
            return
        if row is not None:
            _close_row(table, row)
        table.rows.append(_Row(tag.start(), tag.end(), mark=tag.end()))
        return
    if closing:  # </td> or </th>
        if cell is None:
            table.notices.append(notices.stray(tag.group(), tag.start(), tag.end()))
        else:
            cell.end = tag.start()
        if row is not None:
            row.mark = tag.end()
        return
    if cell is not None:
        _close_cell(text, table, cell, tag.start(), noted=True)
    if row is None:  # a cell outside a row opens one, as a browser does
        table.notices.append(notices.stray(tag.group(), tag.start(), tag.end()))
        row = _Row(tag.start(), tag.end(), mark=tag.end())
        table.rows.append(row)
    row.mark = tag.end()
    attributes = tag.group(3)
    if "span" in attributes.lower():
        colspan = _span(attributes, "colspan", MAX_COLSPAN) or 1
        # rowspan=0: to the end of the table (HTML: of its row group)
        rowspan = _span(attributes, "rowspan", MAX_ROWSPAN) or MAX_ROWSPAN
    else:
        colspan = rowspan = 1
    row.cells.append(_Cell(tag, name == "th", colspan, rowspan))


def _close_cell(text: str, table: _Table, cell: _Cell, at: int, *, noted: bool) -> None:
    cell.end = at
    if noted:
        name = cell.tag.group(2).lower()
        table.notices.append(notices.unclosed(name, cell.tag.start(), cell.tag.end()))


def _close_row(table: _Table, row: _Row) -> None:
    table.notices.append(notices.unclosed("tr", row.start, row.tag_end))
    row.end = max([row.mark, *(c.end for c in row.cells)])


def _close_table(text: str, table: _Table, closing: re.Match[str] | None, at: int) -> None:
    """End ``table`` with its ``</table>`` (``closing``), or, when it was never closed
    (another table or the text begins or ends at ``at``), with its last row-like
    markup; an open cell then ends with its line."""
    row = table.rows[-1] if table.rows and table.rows[-1].end < 0 else None
    if row is not None and row.cells and row.cells[-1].end < 0:
        cell = row.cells[-1]
        stop = at if closing is not None else _line_end(text, cell.tag.end(), at)
        _close_cell(text, table, cell, stop, noted=True)
    if row is not None:
        _close_row(table, row)
    if closing is not None:
        table.end = closing.end()
        return
    table.notices.append(notices.unclosed("table", table.start, table.tag_end))
    last = table.rows[-1] if table.rows else None
    table.end = last.end if last is not None else table.tag_end


def _line_end(text: str, start: int, limit: int) -> int:
    k = text.find("\n", start, limit)
    return limit if k < 0 else k


def _build(text: str, table: _Table) -> Table:
    rows: list[TableRow] = []
    widths: list[int] = []
    out_notices = list(table.notices)
    count = len(table.rows)
    # column -> how many more rows a rowspan cell above fills it (this row included)
    above: dict[int, int] = {}
    for r, row in enumerate(table.rows):
        taken = set(above)
        above = {c: n - 1 for c, n in above.items() if n > 1} if above else above
        column = 0
        built = []
        for cell in row.cells:
            while column in taken:
                column += 1
            colspan = cell.colspan
            if column + colspan > MAX_COLUMNS and colspan > 1:
                colspan = max(1, MAX_COLUMNS - column)
                out_notices.append(notices.too_wide(cell.tag.start(), cell.tag.end(), MAX_COLUMNS))
            if colspan == 1:
                taken.add(column)
            else:
                filled = range(column, column + colspan)
                if not taken.isdisjoint(filled):
                    out_notices.append(notices.overlapping(cell.tag.start(), cell.tag.end()))
                taken.update(filled)
            if cell.rowspan > 1:
                above.update(dict.fromkeys(range(column, column + colspan), cell.rowspan - 1))
            built.append(_cell(text, cell, r, column, count, colspan))
            column += colspan
        widths.append(len(taken))
        header = any(c.header for c in row.cells)
        rows.append(TableRow(tuple(built), row.start, row.end, header))
    out_notices += notices.ragged(widths, [(r.start, r.end) for r in rows])
    return Table(
        TableFormat.HTML,
        table.start,
        table.end,
        tuple(rows),
        max(widths, default=0),
        tuple(sorted(out_notices, key=lambda n: n.start)),
    )


def _cell(text: str, cell: _Cell, row: int, column: int, rows: int, colspan: int) -> TableCell:
    begin = cell.tag.end()
    raw = text[begin : cell.end]
    content = raw.strip()
    at = begin + len(raw) - len(raw.lstrip()) if content else cell.end
    return make_cell(
        row,
        column,
        at,
        at + len(content),
        content,
        value(content) if "<" in content or "&" in content else content,
        min(cell.rowspan, rows - row),
        colspan,
        cell.header,
    )


def _span(attributes: str, name: str, limit: int) -> int:
    """A cell's colspan or rowspan as written (1 when absent), at most ``limit``."""
    found = _SPAN[name].search(attributes)
    return min(int(found.group(1)), limit) if found else 1


def value(content: str) -> str:
    """What the reader sees in a cell written ``content``: tags dropped, ``<br>`` a
    line break, entities read."""
    if "<" in content:
        content = _OTHER_TAG.sub("", _BR.sub("\n", content))
    if "&" in content:
        content = html.unescape(content)
    return content.strip()


def encode(typed: str) -> str:
    """A typed value as cell markup that reads back as ``typed`` (stripped)."""
    typed = typed.replace("\r\n", "\n").replace("\r", "\n")
    out = html.escape(typed, quote=False).replace("\n", "<br>")
    # A backslash just before a <table> (a nested one, or the next after a cell left
    # open) would read as Markdown's escaped \<table>: as an entity, it is no escape.
    return out[:-1] + "&#92;" if out.endswith("\\") else out
