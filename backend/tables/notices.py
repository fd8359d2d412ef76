"""The notices a malformed table carries: what is wrong, where, in the reader's words.

A table is never refused for its markup: it is read as well as it can be, and each
problem becomes a notice the view shows beside the grid. The messages come from the
backend catalogue, translated when the table is read (the reader's language is set
once per process).
"""

from __future__ import annotations

from collections import Counter

from backend.i18n import _
from backend.tables.model import TableNotice, TableProblem


def ragged(widths: list[int], spans: list[tuple[int, int]]) -> list[TableNotice]:
    """A notice for each row that fills another number of columns than most rows do
    (``spans``: each row's place in the transcript). The most common width, not the
    widest, is the table's: one row with an extra cell is the odd one, not the rest."""
    if len(set(widths)) < 2:
        return []
    counts = Counter(widths)
    # ties go to the first row's width (usually the header)
    size = max(counts, key=lambda w: (counts[w], w == widths[0]))
    message = _("This row fills {cells} columns where its table has {columns}.")
    return [
        TableNotice(TableProblem.RAGGED_ROWS, start, end, message.format(cells=width, columns=size))
        for width, (start, end) in zip(widths, spans, strict=True)
        if width != size
    ]


def unclosed(tag: str, start: int, end: int) -> TableNotice:
    return TableNotice(
        TableProblem.UNCLOSED_TAG,
        start,
        end,
        _("<{tag}> has no closing </{tag}>.").format(tag=tag),
    )


def stray(tag: str, start: int, end: int) -> TableNotice:
    return TableNotice(
        TableProblem.STRAY_TAG,
        start,
        end,
        _("{tag} is out of place here: no table row or cell is open.").format(tag=tag),
    )


def overlapping(start: int, end: int) -> TableNotice:
    return TableNotice(
        TableProblem.OVERLAPPING_SPANS,
        start,
        end,
        _("This cell's colspan runs into a cell spanning rows from above."),
    )


def too_wide(start: int, end: int, columns: int) -> TableNotice:
    return TableNotice(
        TableProblem.TOO_WIDE,
        start,
        end,
        _(
            "This cell spans past {columns} columns, more than a table holds: it is shown narrower."
        ).format(columns=columns),
    )
