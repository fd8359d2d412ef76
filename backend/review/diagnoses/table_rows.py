"""A transcript's tables as rows of cells, with where each cell is in the text.

Minimal on purpose: Markdown pipe tables (``| a | b |``, the ``|---|`` rule
skipped) and HTML rows (``<tr><td>a</td><td>b</td></tr>``), each cell's text,
transcript offsets and the columns it fills, and which rows make one table. Enough
to compare a row's cells with its table's columns (``table_cells``); a full table
model can build on it.

HTML cells can span: ``colspan=n`` fills n columns of its row, ``rowspan=n`` fills
its columns in the next n-1 rows too (those rows have fewer ``<td>``). A row's
``width`` counts the columns it fills either way, so a 合計 row over two columns or
the rows of a group under one rowspan cell are as wide as their table (the HTML
table model, minus what a transcript never has: ``<colgroup>``, row groups).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.IGNORECASE | re.DOTALL)
_HTML_CELL = re.compile(r"<t([dh])\b([^>]*)>(.*?)</t[dh]>", re.IGNORECASE | re.DOTALL)
_SPAN = {
    name: re.compile(name + r"""\s*=\s*["']?\s*(\d{1,7})""", re.IGNORECASE)
    for name in ("colspan", "rowspan")
}
# HTML's own limits (a larger value is read as the limit): a wild span in a
# transcript costs no more than this.
MAX_COLSPAN, MAX_ROWSPAN = 1000, 65534


@dataclass(frozen=True)
class Cell:
    text: str  # stripped
    start: int  # transcript code points of ``text`` (start == end: an empty cell)
    end: int
    column: int  # the first column it fills (0-based, after any cells spanning from above)
    span: int = 1  # the columns it fills (HTML colspan)


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    start: int  # the row's extent in the transcript
    end: int
    header: bool  # the row above a Markdown rule, or of <th> cells
    width: int  # the columns it fills: its cells' spans and cells spanning from above


def tables(text: str) -> list[list[Row]]:
    """The tables in ``text``, each its rows in order (a table's rows are consecutive
    lines, or the rows of one <table>)."""
    # Most pages hold no table: a pipe or a tag is looked for once, not on each line.
    pipes = _pipe_tables(text) if "|" in text else []
    return pipes + (_html_tables(text) if "<" in text else [])


def _pipe_tables(text: str) -> list[list[Row]]:
    out: list[list[Row]] = []
    current: list[Row] = []
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        if "|" not in line.strip()[:1] or line.count("|") < 2:
            if current:
                out.append(current)
                current = []
            continue
        if _RULE.match(line):
            if current:  # the row above the rule is the header
                current[-1] = replace(current[-1], header=True)
            continue
        current.append(_pipe_row(line, start))
    if current:
        out.append(current)
    return out


def _pipe_row(line: str, start: int) -> Row:
    body_start = line.index("|") + 1
    body_end = line.rstrip().rfind("|")
    if body_end < body_start:  # "| a | b" without the closing pipe
        body_end = len(line.rstrip())
    cells: list[Cell] = []
    k = body_start
    for part in line[body_start:body_end].split("|"):
        lead = len(part) - len(part.lstrip())
        text = part.strip()
        at = start + k + lead if text else start + k
        cells.append(Cell(text, at, at + len(text), len(cells)))
        k += len(part) + 1
    return Row(tuple(cells), start, start + len(line), False, len(cells))


def _html_tables(text: str) -> list[list[Row]]:
    out: list[list[Row]] = []
    for table in re.finditer(r"<table\b.*?</table>", text, re.IGNORECASE | re.DOTALL):
        rows = _html_rows(text, table.start(), table.end())
        if rows:
            out.append(rows)
    return out


def _html_rows(text: str, start: int, end: int) -> list[Row]:
    rows = []
    # column -> how many more rows a rowspan cell above fills it (this row included)
    above: dict[int, int] = {}
    for row in _HTML_ROW.finditer(text, start, end):
        taken = set(above)
        above = {c: n - 1 for c, n in above.items() if n > 1}
        cells: list[Cell] = []
        header, column = False, 0
        for cell in _HTML_CELL.finditer(text, row.start(1), row.end(1)):
            while column in taken:
                column += 1
            colspan = _span(cell.group(2), "colspan", MAX_COLSPAN) or 1
            # rowspan=0: to the end of the table (HTML: of its row group)
            rowspan = _span(cell.group(2), "rowspan", MAX_ROWSPAN) or MAX_ROWSPAN
            raw = cell.group(3)
            at = cell.start(3) + len(raw) - len(raw.lstrip())
            cells.append(Cell(raw.strip(), at, at + len(raw.strip()), column, colspan))
            filled = range(column, column + colspan)
            taken.update(filled)
            if rowspan > 1:
                above.update(dict.fromkeys(filled, rowspan - 1))
            header = header or cell.group(1).lower() == "h"
            column += colspan
        rows.append(Row(tuple(cells), row.start(), row.end(), header, len(taken)))
    return rows


def _span(attributes: str, name: str, limit: int) -> int:
    """A cell's colspan or rowspan as written (1 when absent), at most ``limit``."""
    found = _SPAN[name].search(attributes)
    return min(int(found.group(1)), limit) if found else 1
