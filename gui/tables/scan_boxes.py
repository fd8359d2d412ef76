"""Where a table cell sits on the scan, when something on the page says so.

The alternate reading's line boxes place a cell: an offline engine reads a
table's cells as short lines, each with its box. A line is the cell's when its
text overlaps the cell's value and the alignment of the two readings ties the
cell's characters to it, or, without that, when it is the one line reading
exactly the cell's value. Otherwise nothing is marked: a wrong box sends the reviewer to
the wrong place on the scan, which is worse than none.

The layout model's table regions (``LayoutRegions``, when the page's layout is
known) say where the table is (``table_region``): the region holding most of the
lines that read the table, or the page's only table region. Only lines inside it
can be a cell's, so a cell's value read in the prose around the table (an amount
quoted in the judgment's text) is never marked as the cell, and a value the
table holds once is found even when the prose repeats it. No layout, or no table
region: the lines of the whole page, as before.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from backend.models import AltLine, LayoutKind, LayoutRegions
from backend.review.values import PageReview
from backend.tables import Table, TableCell

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


def _inside(box: Box, region: Box) -> bool:
    """The box's centre is in the region (a line box overhangs a region's edge a little)."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return region[0] <= x <= region[2] and region[1] <= y <= region[3]


def _table_lines(table: Table, review: PageReview) -> list[Box]:
    """The boxes of the alternate's lines that read ``table``: those the alignment ties to
    the table's markup, else (no alignment there) those reading exactly one of its cells."""
    assert review.alternate is not None
    lines = [line for line in review.alternate.lines if line.box is not None]
    spans = _merged(
        (a + max(table.start - t, 0), a + min(table.end, t + n) - t)
        for t, a, n in review.equal_blocks
        if t < table.end and table.start < t + n
    )
    starts = [a for a, _b in spans]
    tied = []
    for line in lines:  # a span starting before the line ends, and ending after it starts
        k = bisect_left(starts, line.end) - 1
        if k >= 0 and spans[k][1] > line.start:
            tied.append(line)
    if not tied:
        values = {_squeezed(c.value) for c in table.cells} - {""}
        tied = [line for line in lines if _squeezed(line.text) in values]
    return [line.box for line in tied if line.box is not None]


def _merged(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans joined where they overlap or touch, in order: disjoint, so a bisect finds
    the one a line may overlap (a 40×40 table's alignment has hundreds of runs)."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def table_region(
    table: Table | None, review: PageReview | None, layout: LayoutRegions | None
) -> Box | None:
    """The layout's table region that holds ``table`` on the scan: the only table region
    of the page, or the one holding most of the lines that read the table (None: no
    layout, no table region, or none holds any of those lines, or two hold as many)."""
    if table is None or layout is None:
        return None
    regions = [r.box for r in layout.of_kind(LayoutKind.TABLE)]
    if len(regions) <= 1:
        return regions[0] if regions else None
    if review is None or review.alternate is None:
        return None
    boxes = _table_lines(table, review)
    counts = sorted(((sum(_inside(b, r) for b in boxes), r) for r in regions), reverse=True)
    (best, region), (second, _other) = counts[0], counts[1]
    return region if best > second else None


def cell_boxes(cell: TableCell, review: PageReview | None, region: Box | None = None) -> list[Box]:
    """The boxes on the page of what reads ``cell``; [] when nothing says so for sure.
    ``region``: the table's region on the scan (``table_region``); only lines inside it."""
    if review is None or review.alternate is None:
        return []
    value = _squeezed(cell.value)
    lines = [
        line
        for line in review.alternate.lines
        if line.box is not None
        and (region is None or _inside(line.box, region))
        and _overlaps(value, _squeezed(line.text))
    ]
    # The alignment ties the cell to the lines it read it from; without it, only a line
    # reading exactly the cell's value, and no other such line (two cells of 1,000).
    chosen = [line for line in lines if _aligned(review, cell, line)]
    if not chosen:
        exact = [line for line in lines if _squeezed(line.text) == value]
        chosen = exact if len(exact) == 1 else []
    return [line.box for line in chosen if line.box is not None]
