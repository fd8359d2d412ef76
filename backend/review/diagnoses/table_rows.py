"""A transcript's tables as rows of cells, with where each cell is in the text.

Minimal on purpose: Markdown pipe tables (``| a | b |``, the ``|---|`` rule
skipped) and HTML rows (``<tr><td>a</td><td>b</td></tr>``), each cell's text and
transcript offsets, and which rows make one table. Enough to compare a row's cells
with its table's columns (``table_cells``); a full table model can build on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.IGNORECASE | re.DOTALL)
_HTML_CELL = re.compile(r"<t([dh])\b[^>]*>(.*?)</t[dh]>", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Cell:
    text: str  # stripped
    start: int  # transcript code points of ``text`` (start == end: an empty cell)
    end: int


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    start: int  # the row's extent in the transcript
    end: int
    header: bool  # the row above a Markdown rule, or of <th> cells


def tables(text: str) -> list[list[Row]]:
    """The tables in ``text``, each its rows in order (a table's rows are consecutive
    lines, or the rows of one <table>)."""
    return _pipe_tables(text) + _html_tables(text)


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
                current[-1] = Row(current[-1].cells, current[-1].start, current[-1].end, True)
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
    cells, k = [], body_start
    for part in line[body_start:body_end].split("|"):
        lead = len(part) - len(part.lstrip())
        text = part.strip()
        at = start + k + lead if text else start + k
        cells.append(Cell(text, at, at + len(text)))
        k += len(part) + 1
    return Row(tuple(cells), start, start + len(line), False)


def _html_tables(text: str) -> list[list[Row]]:
    out: list[list[Row]] = []
    for table in re.finditer(r"<table\b.*?</table>", text, re.IGNORECASE | re.DOTALL):
        rows = []
        for row in _HTML_ROW.finditer(text, table.start(), table.end()):
            cells, header = [], False
            for cell in _HTML_CELL.finditer(text, row.start(1), row.end(1)):
                raw = cell.group(2)
                lead = len(raw) - len(raw.lstrip())
                at = cell.start(2) + lead
                cells.append(Cell(raw.strip(), at, at + len(raw.strip())))
                header = header or cell.group(1).lower() == "h"
            rows.append(Row(tuple(cells), row.start(), row.end(), header))
        if rows:
            out.append(rows)
    return out
