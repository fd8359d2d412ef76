"""A table split over two pages: the second half's header is the first half's.

A court file's 附表 runs on past a page's end; the next page's transcript starts with
the table's rows and no header row (the scan has none: the header is printed once).
Whatever reads a column by its header (the review's number columns: 金額, 數量, 日期)
then has nothing to read. The page before says it: when it ends in a table and the
page starts with a headerless table of as many columns, the page's table continues
that one, and takes its header.

Only the two pages' texts are read, with nothing but blank lines and code fences
(```` ```html ````) allowed between the table and the page's edge: a heading, a
closing line or prose there means the table ended, or a new one begins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from backend.tables.find import find_tables
from backend.tables.model import Table

Header = tuple[str, ...]  # the header's text over each column ("" where it has none)

_EDGE = re.compile(r"(?:\s|```[A-Za-z]*)*")  # blank space and code fences only
CHAIN_PAGES = 20  # a table running over more pages than this is read from these alone
# The most pages before a page ``running_header`` reads: CHAIN_PAGES middle pages, then
# the one whose table has the header.
PAGES_BEFORE = CHAIN_PAGES + 1


@lru_cache(maxsize=256)
def ending_header(text: str) -> Header:
    """The header of the table ``text`` ends with, one value a column; () when the text
    does not end in a table, or its table has no header row. Kept for the last pages
    read: the session asks it of the page before at each review of a page, cached or not
    (a document's page list asks it of every page)."""
    found = find_tables(text)
    if not found or not ends(text, found[-1]):
        return ()
    return header_of(found[-1])


def ends(text: str, table: Table) -> bool:
    """Nothing but blank space and code fences follows ``table`` in ``text``."""
    return _EDGE.fullmatch(text, table.end) is not None


def header_of(table: Table) -> Header:
    """``table``'s header, one value a column: the header cells over each column, top
    to bottom (a header two rows deep: both); () when it has no header cell."""
    over: list[list[str]] = [[] for _column in range(table.columns)]
    for cell in table.cells:
        if cell.header:
            for column in range(cell.column, min(cell.column + cell.column_span, table.columns)):
                over[column].append(" ".join(cell.value.split()))
    if not any(over):
        return ()
    return tuple(" ".join(v for v in values if v) for values in over)


def continued_table(text: str, header: Header) -> Table | None:
    """``text``'s first table when it continues a table whose header is ``header``: it
    is at the top of the text, has no header cell, and as many columns."""
    found = find_tables(text)
    return found[0] if found and continues(text, found[0], header) else None


def continues(text: str, table: Table, header: Header) -> bool:
    """``table`` (of ``text``) continues a table whose header is ``header``: nothing but
    blank space and code fences before it, no header cell, as many columns."""
    if not header or table.columns != len(header):
        return False
    top = _EDGE.match(text)
    if top is None or top.end() < table.start:
        return False
    return not any(cell.header for cell in table.cells)


@lru_cache(maxsize=256)
def may_continue(text: str) -> bool:
    """``text`` starts with a headerless table: it continues the table the page before
    ends with if that one is as wide (``continued_table``); when False, no header makes
    it continue anything, so the pages before need not be read. Kept for the last pages
    asked, as ``ending_header``: the session asks it at each review of a page."""
    found = find_tables(text)
    if not found:
        return False
    top = _EDGE.match(text)
    if top is None or top.end() < found[0].start:
        return False
    return not any(cell.header for cell in found[0].cells)


def running_header(before: Iterable[str]) -> Header:
    """The header of the table that runs into a page, from the texts of the pages before
    it, the nearest first (read lazily): the header of the table the page before ends
    with; or, when that page is all one headerless table (the middle of a table over
    three pages or more), the header of the table it continues, as many columns. ()
    when none, or past ``CHAIN_PAGES`` pages."""
    middle: list[str] = []
    for text in before:
        header = ending_header(text)
        if header:
            if all(continued_table(t, header) is not None for t in middle):
                return header
            return ()
        found = find_tables(text)
        if len(found) != 1 or not ends(text, found[0]) or len(middle) >= CHAIN_PAGES:
            return ()
        middle.append(text)  # all one table: it may run on from the page before
    return ()
