"""Tab-separated tables: two or more consecutive lines with a tab, at least one with
a tab after something written (lines only indented with a tab are prose; a row whose
first cell is empty is indented, one whose last cell is empty ends in a tab). Each
tab-separated field is a cell; TSV has no header, no spans and no escapes, so a
cell's value is its text.

A cleared cell is written as a space (``encode``): a row whose first cell was
cleared then begins with a space and a tab, not a prose indent, so clearing a cell never
turns a table into prose (issue 23: a two-column table whose other rows start with
an empty cell vanished when its one row with a first cell lost it)."""

from __future__ import annotations

from backend.tables.cells import make_cell
from backend.tables.model import Table, TableFormat, TableRow
from backend.tables.notices import ragged

Line = tuple[int, int]


def find(text: str, lines: list[Line], free: list[bool]) -> list[Table]:
    out: list[Table] = []
    run: list[Line] = []
    inner = False  # a line of the run has a tab between words
    for k, (start, end) in enumerate([*lines, (0, 0)]):
        if k < len(lines) and free[k] and "\t" in text[start:end]:
            run.append((start, end))
            inner = inner or _after_text(text[start:end])
            continue
        if len(run) >= 2 and inner:
            out.append(_table(text, run))
        run, inner = [], False
    return out


def _after_text(line: str) -> bool:
    """The line has a tab after something written (a space too): no prose indent."""
    return "\t" in line.lstrip("\t")


def _table(text: str, lines: list[Line]) -> Table:
    rows = []
    for index, (start, end) in enumerate(lines):
        cells, at = [], start
        for column, field in enumerate(text[start:end].split("\t")):
            content = field.strip()
            lead = len(field) - len(field.lstrip()) if content else 0
            a = at + lead
            cells.append(make_cell(index, column, a, a + len(content), content, content))
            at += len(field) + 1
        rows.append(TableRow(tuple(cells), start, end))
    widths = [len(r.cells) for r in rows]
    return Table(
        TableFormat.TSV,
        lines[0][0],
        lines[-1][1],
        tuple(rows),
        max(widths),
        tuple(ragged(widths, [(r.start, r.end) for r in rows])),
    )


def encode(typed: str) -> str:
    """A typed value as a field: a tab or a line break would end it, so each is a space.
    A blank value is one space, so a row's emptied first cell is no indent (above)."""
    out = typed.replace("\r\n", " ").translate({9: " ", 10: " ", 13: " "})
    return out or " "
