"""Every table in a transcript, in text order: HTML first (its markup is explicit),
then Markdown pipe tables and tab-separated blocks on the lines no table holds yet,
so no two tables overlap."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from backend.i18n import current_language
from backend.tables import html, markdown, tsv
from backend.tables.model import Table


def find_tables(text: str) -> tuple[Table, ...]:
    """The tables in ``text`` (a malformed one too, with its notices; never raises)."""
    # One page's text is read for its tables several times in a row: by the review (its
    # table rows, its number columns), the Table dock and the exports. The tables are
    # frozen values of the text and of the language their notices are written in, so
    # the last few are kept.
    return _read(text, current_language())


def read_tables(text: str) -> tuple[Table, ...]:
    """``find_tables`` without its cache: for a scrap of markup read once (the Table
    dock reads an edited row alone), which would push a page's tables out of it."""
    return _read.__wrapped__(text, current_language())


@lru_cache(maxsize=8)
def _read(text: str, _language: str) -> tuple[Table, ...]:
    # Most pages hold no table: each kind's mark is looked for once, not on each line.
    pipe, tab = "|" in text, "\t" in text
    found = html.find(text) if "<" in text else []
    if not (pipe or tab):
        return tuple(found)
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    free = _free(lines, found)
    if pipe:
        pipes = markdown.find(text, lines, free)
        if pipes:
            found += pipes
            free = _free(lines, found)
    if tab:
        found += tsv.find(text, lines, free)
    return tuple(sorted(found, key=lambda t: t.start))


def _free(lines: list[tuple[int, int]], tables: list[Table]) -> list[bool]:
    """Which lines no table touches."""
    free = [True] * len(lines)
    starts = [a for a, _b in lines]
    for table in tables:
        first = bisect_right(starts, table.start) - 1
        last = bisect_right(starts, max(table.end - 1, table.start)) - 1
        for k in range(max(first, 0), last + 1):
            free[k] = False
    return free


def table_at(text: str, offset: int) -> Table | None:
    """The table whose markup holds ``offset``, or None. Its end counts too (a cursor
    just after the last cell is still in the table), unless the next table starts
    there."""
    ending = None
    for table in find_tables(text):
        if table.start <= offset < table.end:
            return table
        if offset == table.end:
            ending = table
    return ending
