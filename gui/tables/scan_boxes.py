"""Where a table cell sits on the scan, when something on the page says so.

Today only the alternate reading's line boxes can: an offline engine reads a
table's cells as short lines, each with its box. A line is the cell's when its
text overlaps the cell's value and the alignment of the two readings ties the
cell's characters to it, or, without that, when it is the one line reading
exactly the cell's value. Otherwise nothing is marked: a wrong box sends the reviewer to
the wrong place on the scan, which is worse than none.

``cell_boxes`` is the seam for the layout model's table regions (a later step):
it takes the cell and returns boxes, whatever found them.
"""

from __future__ import annotations

from backend.models import AltLine
from backend.review.values import PageReview
from backend.tables import TableCell

Box = tuple[float, float, float, float]  # x0, y0, x1, y1: fractions of the page


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _overlaps(value: str, line_text: str) -> bool:
    """The two texts overlap: one holds the other (spaces aside)."""
    return bool(value and line_text) and (value in line_text or line_text in value)


def _aligned(review: PageReview, cell: TableCell, line: AltLine) -> bool:
    """Whether the alignment maps any of the cell's characters into ``line``."""
    for t, a, n in review.equal_blocks:
        lo, hi = max(t, cell.start), min(t + n, cell.end)
        if hi > lo and a + (lo - t) < line.end and line.start < a + (hi - t):
            return True
    return False


def cell_boxes(cell: TableCell, review: PageReview | None) -> list[Box]:
    """The boxes on the page of what reads ``cell``; [] when nothing says so for sure."""
    if review is None or review.alternate is None:
        return []
    value = _squeezed(cell.value)
    lines = [
        line
        for line in review.alternate.lines
        if line.box is not None and _overlaps(value, _squeezed(line.text))
    ]
    # The alignment ties the cell to the lines it read it from; without it, only a line
    # reading exactly the cell's value, and no other such line (two cells of 1,000).
    chosen = [line for line in lines if _aligned(review, cell, line)]
    if not chosen:
        exact = [line for line in lines if _squeezed(line.text) == value]
        chosen = exact if len(exact) == 1 else []
    return [line.box for line in chosen if line.box is not None]


def union(boxes: list[Box]) -> Box | None:
    """One box around ``boxes`` (the page view marks one), or None for none."""
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
