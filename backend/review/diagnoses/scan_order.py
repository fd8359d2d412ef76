"""The page's reading order from the lines detected on its scan, and where a stretch
of the alternate's text lies among them.

The scan's boxes are the page's own lines (``ScanLines``): their order is the page's,
whatever order either reading put its text in. Read as ``alt_lines.layout`` reads
the alternate's boxes (top to bottom, a row left to right, a band of two columns
column by column), with one more case of two columns: a text column's lines all end
at the gutter, short of the middle, and the text ran on into a second column for its
last line or two only (the date under a judgment, the end of a sentence). Those
lines are at the top of the second column, level with the first column's top rows,
and come after the whole first column however high they stand.

A reading's line box may hold text from two of the scan's lines (an engine joining
a heading and the column beside it): a stretch of it lies along its share of the
box (glyphs about square, so characters are evenly spaced across a line). Where
that share falls in the gap between the two, the characters are laid along the
scan's lines themselves, gap left out (``placed_on_joined``): the text is on the
ink, never in the gap.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import pairwise

from backend.review.diagnoses.alt_lines import (
    COLUMN_ROWS,
    COLUMN_WIDTH,
    MIDDLE_HIGH,
    MIDDLE_LOW,
    Box,
    Row,
    band_order,
    bands,
    bands_of,
)

# The second column's first line is within this many rows of the band's top.
TOP_ROWS = 2
# A first column whose last line ends this low on the page ran down to its foot.
FULL_COLUMN = 0.75
# A full column's lines are set across to the gutter, in the middle band (MIDDLE_LOW):
# a share of them (FULL_SHARE), and more than one, ends beyond this (of the page's width;
# two characters short of the band, as lines of running text wrapped by characters are
# ragged). Running text fills its column but for paragraphs' ends and headings: 0.62-0.69
# of the first column's lines on the bench's two-column pages (RapidOCR's boxes, seed
# 202). A list of parties at the left is no column: its entries mostly end at a third of
# the page, and the few with a street address (2-3 of 21: 0.10-0.14) in the band.
FULL_ACROSS = 0.4
FULL_SHARE = 0.3
PLACED_SHARE = 0.5  # a stretch lies along the scan's line holding this share of its width


# The last pages' layouts, by the identity of what the boxes came from (a page's
# ScanLines, or its alternate): a page is reviewed again at every pause in typing.
_RECENT: list[tuple[object, bool, tuple[list[int], set[int]]]] = []
_KEEP = 8


def layout_of(
    source: object, boxes: Sequence[Box | None], *, short_columns: bool = True
) -> tuple[list[int], set[int]]:
    """``layout(boxes, short_columns)``, kept for the last few ``source`` objects (by
    identity), from their bands walked once (``alt_lines.bands_of``: the alternate's
    are its own layout's)."""
    for known, wanted, found in _RECENT:
        if known is source and wanted == short_columns:
            return found
    found = _laid_out(bands_of(source, boxes), short_columns)
    _RECENT.insert(0, (source, short_columns, found))
    del _RECENT[_KEEP:]
    return found


def layout(
    boxes: Sequence[Box | None], *, short_columns: bool = True
) -> tuple[list[int], set[int]]:
    """The boxes' indices in the page's reading order, and those in a band of two
    columns (``alt_lines.layout``, with a short second column read after the first
    unless ``short_columns`` is False: then such a band is read row by row).
    A line without a box (None) is left out."""
    return _laid_out(bands([(n, b) for n, b in enumerate(boxes) if b is not None]), short_columns)


def _laid_out(found: list[list[Row]], short_columns: bool) -> tuple[list[int], set[int]]:
    order: list[int] = []
    in_columns: set[int] = set()
    for k, band in enumerate(found):
        if len(band) == 1:  # one row (a line across the middle, a lone row): left to right
            order.extend(n for n, _ in sorted(band[0], key=lambda nb: nb[1][0]))
        elif (short_columns or _ran_on(found, k)) and _short_second_column(band):
            cells = [nb for r in band for nb in r]
            in_columns.update(n for n, _ in cells)
            left = [nb for nb in cells if nb[1][2] <= MIDDLE_HIGH]
            right = [nb for nb in cells if nb[1][2] > MIDDLE_HIGH]
            for side in (left, right):
                order.extend(n for n, _ in sorted(side, key=lambda nb: (nb[1][1], nb[1][0])))
        else:  # two full columns, or rows: the alternate's reading of a band
            sub, cols = band_order(band)
            order.extend(sub)
            in_columns.update(cols)
    return order, in_columns


def _short_second_column(band: list[Row]) -> bool:
    """A column of text ending at the gutter, and a line or two beside its top: the
    text ran on into a second column (two full columns are ``alt_lines``' case). A
    row holds one line of the second column at most (a stamp may cut a line of the
    first in pieces)."""
    if any(sum(b[2] > MIDDLE_HIGH for _, b in r) > 1 for r in band):
        return False
    left = [b for r in band for _, b in r if b[2] <= MIDDLE_HIGH]
    right = [(k, b) for k, r in enumerate(band) for _, b in r if b[2] > MIDDLE_HIGH]
    wide = [b for b in left if b[2] - b[0] >= COLUMN_WIDTH]
    if len(wide) < COLUMN_ROWS or not right:
        return False
    # Every line on the right stands clear of the gutter, and the column starts at the top.
    return all(b[0] >= MIDDLE_LOW for _, b in right) and min(k for k, _ in right) < TOP_ROWS


def _ran_on(found: list[list[Row]], k: int) -> bool:
    """Band ``k`` is the page's last and its first column is full: it runs down to the
    page's foot and its lines across to the gutter. A line or two beside that column's
    top is where its text ran on (text runs on into a second column only from a full
    first one), not a heading or case number at the right of its row, which has text
    going on below it. So such a band is read column by column whichever way the
    caller asks."""
    if k != len(found) - 1:
        return False
    left = [b for r in found[k] for _, b in r if b[2] <= MIDDLE_HIGH]
    if not left or max(b[3] for b in left) < FULL_COLUMN:
        return False
    # Full also across: a list of short lines is no column the text ran out of, and a
    # few long lines may be the list's longest entries.
    across = sum(b[2] >= FULL_ACROSS for b in left)
    return across > 1 and across >= FULL_SHARE * len(left)


class Heights:
    """The scan's lines by height, to find those a stretch is level with by bisection
    (a page's lines against every stretch of its text was most of the order's cost)."""

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.boxes = boxes
        self.by_top = sorted(range(len(boxes)), key=lambda n: boxes[n][1])
        self.tops = [boxes[n][1] for n in self.by_top]
        self.tallest = max((b[3] - b[1] for b in boxes), default=0.0)

    def level_with(self, where: Box) -> list[int]:
        """The lines overlapping ``where``'s height."""
        lo = bisect_left(self.tops, where[1] - self.tallest)
        hi = bisect_right(self.tops, where[3])
        boxes = self.boxes
        return [
            n for n in self.by_top[lo:hi] if min(boxes[n][3], where[3]) > max(boxes[n][1], where[1])
        ]


def placed(heights: Heights, where: Box) -> int | None:
    """The scan's line ``where`` (a stretch of a reading's line) lies along: of those on
    its height, the one holding most of its width, when that is most of it; None when
    no line does (an engine's box around text of several lines says too little of
    where each piece is)."""
    best, best_share = None, PLACED_SHARE
    width = max(where[2] - where[0], 1e-9)
    for n in heights.level_with(where):
        b = heights.boxes[n]
        share = (min(b[2], where[2]) - max(b[0], where[0])) / width
        if share > best_share:
            best, best_share = n, share
    return best


def stretch_on(heights: Heights, box: Box, text: str, lo: int, hi: int) -> int | None:
    """The scan's line the stretch [lo, hi) of a reading's line (``text``, boxed
    ``box``) lies along: by its share of the box, else laid along the scan's lines the
    box joins (``placed_on_joined``); None when neither says."""
    found = placed(heights, stretch_box(box, 0, len(text), lo, hi))
    return found if found is not None else placed_on_joined(heights, box, text, lo, hi)


# A scan's line is one of those a reading's box joined when this share of its width
# lies inside that box.
JOINED_INSIDE = 0.8


def placed_on_joined(heights: Heights, box: Box, text: str, lo: int, hi: int) -> int | None:
    """The scan's line the stretch [lo, hi) of a reading's line (``text``, boxed
    ``box``) lies along, when the box holds two or more of the scan's lines side by
    side (an engine joined a heading and a date at the right of its row): its
    characters laid one after another along those lines, the gaps between them left
    out (an engine's spaces are no ink). None: the box joins no lines, or the stretch
    lies along none of them for most of it."""
    joined = sorted(
        (n for n in heights.level_with(box) if _inside(heights.boxes[n], box)),
        key=lambda n: heights.boxes[n][0],
    )
    if len(joined) < 2:
        return None
    boxes = [heights.boxes[n] for n in joined]
    if any(a[2] > b[0] for a, b in pairwise(boxes)):
        return None  # overlapping: not lines side by side
    ink = [not c.isspace() for c in text]
    total = sum(ink)
    if not total:
        return None
    widths = [b[2] - b[0] for b in boxes]
    scale = sum(widths) / total
    x0, x1 = sum(ink[:lo]) * scale, sum(ink[:hi]) * scale
    best, best_share, at = None, PLACED_SHARE, 0.0
    for n, w in zip(joined, widths, strict=True):
        share = (min(at + w, x1) - max(at, x0)) / max(x1 - x0, 1e-9)
        if share > best_share:
            best, best_share = n, share
        at += w
    return best


def _inside(line: Box, box: Box) -> bool:
    width = max(line[2] - line[0], 1e-9)
    return (min(line[2], box[2]) - max(line[0], box[0])) / width >= JOINED_INSIDE


def stretch_box(box: Box, start: int, end: int, lo: int, hi: int) -> Box:
    """The part of a line's ``box`` (text [start, end)) that its text [lo, hi) fills."""
    width = max(1, end - start)
    x0, x1 = box[0], box[2]
    return (
        x0 + (x1 - x0) * (lo - start) / width,
        box[1],
        x0 + (x1 - x0) * (hi - start) / width,
        box[3],
    )
