"""Markdown pipe tables: which lines make one, and each cell's place and value.

A table is two or more consecutive lines that begin with ``|`` (the ``|---|`` rule
optional), or, as GitHub writes them, lines without the leading pipe when a rule
line follows the first. ``\\|`` is a pipe inside a cell. The row above a rule is a
header. A cell's ``value`` undoes backslash escapes, reads HTML's entities
(``&amp;`` ``&#20803;``: CommonMark reads them in any text) and ``<br>`` as a line
break; any other markup stays as written (a cell's text is the reader's).
"""

from __future__ import annotations

import html
import re

from backend.tables.cells import make_cell
from backend.tables.model import Table, TableCell, TableFormat, TableRow
from backend.tables.notices import ragged

_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
# GitHub's delimiter row, as a table's second line, needs one dash a cell (|:-:|-|, as
# VLMs write it too); anywhere else a rule needs two, so a body row of "-" cells (a
# row with nothing to enter) stays a row.
DELIMITER = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_PIPE_OR_ESCAPE = re.compile(r"\\.|\|", re.DOTALL)
# A backslash escape (CommonMark: any ASCII punctuation), a <br>, or an entity.
_VALUE = re.compile(
    r"\\([!-/:-@\[-`{-~])|<br\s*/?>"
    r"|(&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)",
    re.IGNORECASE,
)
# What a typed value needs escaped so it reads back as typed: a backslash, a pipe
# (a cell's end), "<" (so neither <br> nor <table> markup can be typed by accident)
# and "&" (so a typed "&amp;" is no entity).
_ENCODE = re.compile(r"[\\|<&]")

Line = tuple[int, int]  # a line's start and end in the transcript (no newline)


def pipes(line: str) -> list[int]:
    """Where the line's unescaped pipes are."""
    if "|" not in line:
        return []
    if "\\" in line:
        return [m.start() for m in _PIPE_OR_ESCAPE.finditer(line) if m.group() == "|"]
    out, k = [], line.find("|")
    while k >= 0:
        out.append(k)
        k = line.find("|", k + 1)
    return out


def is_rule(line: str) -> bool:
    return "-" in line and _RULE.match(line) is not None


def is_delimiter(line: str) -> bool:
    """A table's second line that makes the line above its header (see ``DELIMITER``)."""
    return "-" in line and "|" in line and DELIMITER.match(line) is not None


def is_row(line: str) -> bool:
    """A line that makes a table row on its own: it begins with a pipe and has another."""
    return line.lstrip().startswith("|") and len(pipes(line)) >= 2


def find(text: str, lines: list[Line], free: list[bool]) -> list[Table]:
    """The pipe tables among ``lines`` (those marked ``free``: not in another table)."""
    out: list[Table] = []
    n, i = len(lines), 0
    while i < n:
        j = _table_end(text, lines, free, i)
        if j - i >= 2:
            out.append(_table(text, lines[i:j]))
            i = j
        else:
            i += 1
    return out


def _table_end(text: str, lines: list[Line], free: list[bool], i: int) -> int:
    """The line after the table that starts at line ``i`` (``i``: none does)."""
    if not free[i]:
        return i
    n = len(lines)
    first = text[lines[i][0] : lines[i][1]]
    nxt = text[lines[i + 1][0] : lines[i + 1][1]] if i + 1 < n and free[i + 1] else ""
    ruled = is_delimiter(nxt)
    if not is_row(first) and not (ruled and pipes(first)):
        return i
    j = i + 1
    while j < n and free[j]:
        line = text[lines[j][0] : lines[j][1]]
        # After a rule, GitHub reads any line with a pipe as the table's next row.
        row = is_row(line) or ("|" in line and is_rule(line))
        if row or (ruled and line.strip() and pipes(line)):
            j += 1
        else:
            break
    return j


def _table(text: str, lines: list[Line]) -> Table:
    rows: list[TableRow] = []
    for k, (start, end) in enumerate(lines):
        line = text[start:end]
        if is_rule(line) or (k == 1 and is_delimiter(line)):
            if rows:  # the row above a rule is a header
                above = rows[-1]
                cells = tuple(_header(c) for c in above.cells)
                rows[-1] = TableRow(cells, above.start, above.end, header=True)
            continue
        rows.append(_row(line, start, len(rows)))
    widths = [len(r.cells) for r in rows]
    return Table(
        TableFormat.MARKDOWN,
        lines[0][0],
        lines[-1][1],
        tuple(rows),
        max(widths, default=0),
        tuple(ragged(widths, [(r.start, r.end) for r in rows])),
    )


def _header(cell: TableCell) -> TableCell:
    return make_cell(
        cell.row, cell.column, cell.start, cell.end, cell.text, cell.value, header=True
    )


def _row(line: str, start: int, index: int) -> TableRow:
    if "\\" in line:
        bounds = [-1, *pipes(line), len(line)]
        parts = [line[bounds[k] + 1 : bounds[k + 1]] for k in range(len(bounds) - 1)]
    else:
        parts = line.split("|")
    at = start  # where the part starts in the transcript
    first, last = 0, len(parts)
    # Nothing before the first pipe or after the last is no cell: "| a | b |" has two.
    if not parts[0].strip():
        first, at = 1, start + len(parts[0]) + 1
    if last > first and not parts[-1].strip():
        last -= 1
    cells = []
    for column, part in enumerate(parts[first:last]):
        content = part.strip()
        if content:
            a = at + len(part) - len(part.lstrip())
            escaped = "<" in content or "\\" in content or "&" in content
            shown = value(content) if escaped else content
        else:  # typed text goes after the first space: "| x |" from "|   |"
            a, shown = at + min(1, len(part)), ""
        cells.append(make_cell(index, column, a, a + len(content), content, shown))
        at += len(part) + 1
    return TableRow(tuple(cells), start, start + len(line))


def value(content: str) -> str:
    """What the reader sees in a cell written ``content``."""
    # One pass: an escaped "<" (\<br>) is text, not a line break.
    return _VALUE.sub(_unescape, content).strip()


def _unescape(found: re.Match[str]) -> str:
    if found.group(2):
        return html.unescape(found.group(2))
    return found.group(1) or "\n"


def encode(typed: str) -> str:
    """A typed value as cell markup that reads back as ``typed`` (stripped): a line
    break is ``<br>``; a value of dashes alone is escaped, or its row would read
    as a rule."""
    typed = typed.replace("\r\n", "\n").replace("\r", "\n")
    out = _ENCODE.sub(lambda m: "\\" + m.group(), typed).replace("\n", "<br>")
    stripped = out.strip()
    if stripped and set(stripped) <= {"-", ":", " "} and "-" in stripped:
        k = out.index("-")
        out = out[:k] + "\\" + out[k:]
    return out


def empty_cell(text: str, row: TableRow, cell: TableCell, content: str) -> str:
    """``content`` (blank) for ``cell`` with the pipe its row leaves out beside it: the
    first cell of "a | b" emptied is "| | b", not " | b", which reads as one cell (the
    space before a row's first pipe is no cell), and the last of "a | b" is "a | |"."""
    line = text[row.start : row.end]
    bounds = pipes(line)
    before = any(p < cell.start - row.start for p in bounds)
    after = any(p >= cell.end - row.start for p in bounds)
    return ("" if before else "|") + content + ("" if after else "|")


def cell_parts(line: str) -> list[tuple[int, int]]:
    """Where each cell's part of ``line`` is (between its pipes; the same cells as
    ``_row`` reads, and a rule line's segments): the edits cut and insert here."""
    bounds = [-1, *pipes(line), len(line)]
    parts = [(bounds[k] + 1, bounds[k + 1]) for k in range(len(bounds) - 1)]
    if parts and not line[parts[0][0] : parts[0][1]].strip():
        parts = parts[1:]
    if parts and not line[parts[-1][0] : parts[-1][1]].strip():
        parts = parts[:-1]
    return parts
