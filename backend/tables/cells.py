"""A quick way to make a ``TableCell``: the parsers make one per cell on every
keystroke in a table.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``
(Python 3.11): nine calls a cell, 2.6 us where a plain object takes 0.4 us, so a
40x40 table spent 4 ms of its 5 ms parse making cells. This makes the same value
(equal, same hash, still frozen) by setting the instance's dict at once: 0.8 us.
tests/backend/tables/test_find.py checks it against the constructor.
"""

from __future__ import annotations

from backend.tables.model import TableCell

_new = object.__new__
_set = object.__setattr__


def make_cell(
    row: int,
    column: int,
    start: int,
    end: int,
    text: str,
    value: str,
    row_span: int = 1,
    column_span: int = 1,
    header: bool = False,
) -> TableCell:
    cell = _new(TableCell)
    _set(
        cell,
        "__dict__",
        {
            "row": row,
            "column": column,
            "start": start,
            "end": end,
            "text": text,
            "value": value,
            "row_span": row_span,
            "column_span": column_span,
            "header": header,
        },
    )
    return cell
