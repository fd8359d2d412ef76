"""Structural and numeric errors seeded into a table page's transcript (issue 23).

The ways VLMs get tables wrong, written as the VLM would write them (the markup
stays well-formed; only what it says changes):

* ``cell_lost``: a row loses a non-empty cell; the cells after it slide left and
  the row is one cell short;
* ``shifted``: a row's cell collapses, the cells after it slide left and an empty
  cell closes the row, so the row still has its table's number of cells;
* ``rows_merged``: two neighbouring rows become one, each cell the two joined;
* ``row_lost``: a body row is gone;
* ``filled``: an empty cell repeats the cell above it;
* ``number``: one digit of a number cell is another digit of the same script.

``seed_error(page, kind, rng)`` gives the broken transcript and the span of the
rows it concerns, or None when the page has nothing that kind can break. Only rows
with no merged cell are changed, so the page's spans stay where they are. Each error
is made on the grid's rows and written in the page's own style (``TablePage.style``:
a row a line, or all on one line, in a fence), its span found in that text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.corpus.table_pages import TablePage, compose, row_line, span_of, unit_of, units

KINDS = ("cell_lost", "shifted", "rows_merged", "row_lost", "filled", "number")
_DIGIT_SETS = ("0123456789", "一二三四五六七八九", "壹貳參肆伍陸柒捌玖")


@dataclass(frozen=True)
class TableError:
    kind: str
    text: str  # the broken transcript
    start: int  # the changed rows in it (row_lost: the two rows around where it was)
    end: int


def _plain_rows(page: TablePage) -> list[int]:
    """Body rows that hold and meet no merged cell."""
    first = 1 if page.header else 0
    return [
        r
        for r in range(first, len(page.grid))
        if not any(s.row <= r < s.row + s.rows for s in page.spans)
    ]


def _broken(page: TablePage, kind: str, out: list[str], first: int, last: int) -> TableError:
    """The error whose table is the pieces ``out`` (``units``), its span ``out[first:last]``."""
    start, end = span_of(page, out, first, last)
    return TableError(kind, compose(page, out), start, end)


def seed_error(page: TablePage, kind: str, rng: random.Random) -> TableError | None:
    rows = _plain_rows(page)
    if not rows:
        return None
    return _MAKERS[kind](page, rows, units(page, page.grid), rng)


def _rewrite(page: TablePage, kind: str, out: list[str], r: int, cells: list[str]) -> TableError:
    i = unit_of(page, r)
    out[i] = row_line(page, r, cells)
    return _broken(page, kind, out, i, i + 1)


def _cell_lost(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    width = len(page.grid[0])
    picks = [(r, c) for r in rows for c in range(1, width - 1) if page.grid[r][c]]
    if not picks:
        return None
    r, c = rng.choice(picks)
    return _rewrite(page, "cell_lost", out, r, [*page.grid[r][:c], *page.grid[r][c + 1 :]])


def _shifted(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    width = len(page.grid[0])
    # An empty cell collapsing is the common case; else any cell but the last.
    picks = [
        (r, c)
        for r in rows
        for c in range(width - 1)
        if not page.grid[r][c] and any(page.grid[r][c + 1 :])  # something slides
    ]
    picks = picks or [(r, c) for r in rows for c in range(1, width - 1) if page.grid[r][c]]
    if not picks:
        return None
    r, c = rng.choice(picks)
    cells = [*page.grid[r][:c], *page.grid[r][c + 1 :], ""]
    return _rewrite(page, "shifted", out, r, cells)


def _rows_merged(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    pairs = [r for r in rows if r + 1 in rows]
    if not pairs:
        return None
    r = rng.choice(pairs)
    i = unit_of(page, r)
    joined = [a + b for a, b in zip(page.grid[r], page.grid[r + 1], strict=True)]
    out[i : i + 2] = [row_line(page, r, joined)]
    return _broken(page, "rows_merged", out, i, i + 1)


def _row_lost(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    if len(page.grid) < 3:
        return None
    i = unit_of(page, rng.choice(rows))
    # Where the row was: between the rows that were around it (a flag at the end of
    # the row above, or at the start of the row below, is at the place).
    del out[i]
    return _broken(page, "row_lost", out, max(0, i - 1), i + 1)


def _filled(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    width = len(page.grid[0])
    picks = [
        (r, c)
        for r in rows
        if r - 1 in rows  # the row above a body row of its own, not the header
        for c in range(1, width)
        if not page.grid[r][c] and page.grid[r - 1][c]
    ]
    if not picks:
        return None
    r, c = rng.choice(picks)
    cells = list(page.grid[r])
    cells[c] = page.grid[r - 1][c]
    return _rewrite(page, "filled", out, r, cells)


def _number(
    page: TablePage, rows: list[int], out: list[str], rng: random.Random
) -> TableError | None:
    width = len(page.grid[0])
    places = [
        (r, c, k)
        for r in rows
        for c in range(1, width)
        for k, ch in enumerate(page.grid[r][c])
        if any(ch in digits for digits in _DIGIT_SETS)
    ]
    if not places:
        return None
    r, c, k = rng.choice(places)
    old = page.grid[r][c][k]
    digits = next(d for d in _DIGIT_SETS if old in d)
    cells = list(page.grid[r])
    cells[c] = cells[c][:k] + rng.choice([d for d in digits if d != old]) + cells[c][k + 1 :]
    return _rewrite(page, "number", out, r, cells)


_MAKERS = {
    "cell_lost": _cell_lost,
    "shifted": _shifted,
    "rows_merged": _rows_merged,
    "row_lost": _row_lost,
    "filled": _filled,
    "number": _number,
}
