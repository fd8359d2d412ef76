"""Where a table's rows stand on the page (``table_scan``'s): each transcript row's
height, from the pieces of the alternate that it alone holds; then from the pieces
several rows hold that stand where only one of them can be; and last, for a row still
unplaced between two placed ones, from a piece no cell holds that is mostly the row's
letters in order (an engine read the row as one run with letters misread or lost,
which places nothing by whole cells).
"""

from __future__ import annotations

from statistics import median

from backend.review.diagnoses.table_pieces import Piece, in_order_count

# A piece is a misread row when this share of its letters are the row's, in order
# (and they are half the row's letters or more).
MISREAD_ROW = 0.75


def row_heights(
    pieces: list[Piece], holders: list[set[tuple[int, int]]], rows: int
) -> list[float | None]:
    """Each transcript row's height on the page: the median of the pieces only it holds;
    then, for a row none places alone (its cells all repeat other rows': 現金, 已繳), the
    pieces several rows hold that stand where only it can be: a table's rows go down the
    page in order, so between the heights of the placed rows above and below it."""
    found: list[list[float]] = [[] for _row in range(rows)]
    shared = []
    owned: dict[int, set[int]] = {}  # by the set's id: pieces of one text share theirs
    for piece, held in zip(pieces, holders, strict=True):
        owners = owned.get(id(held))
        if owners is None:
            owners = owned[id(held)] = {r for r, _c in held}
        if len(owners) == 1:
            found[next(iter(owners))].append(piece.y)
        elif owners:
            shared.append((piece.y, owners))
    heights = [median(ys) if ys else None for ys in found]
    while True:  # a row placed so may bound its neighbour's pieces: again, till none
        more: list[list[float]] = [[] for _row in range(rows)]
        around = bounds(heights)
        for y, owners in shared:
            fits = [r for r in owners if between(around[r], y)]
            if len(fits) == 1 and heights[fits[0]] is None:
                more[fits[0]].append(y)
        if not any(more):
            return heights
        heights = [h if ys == [] else median(ys) for h, ys in zip(heights, more, strict=True)]


Bounds = tuple[float | None, float | None]


def bounds(heights: list[float | None]) -> list[Bounds]:
    """Each row's highest placed row above it and lowest placed row below it (None:
    none placed on that side), the heights a piece of the row stands between."""
    above: list[float | None] = []
    top: float | None = None
    for h in heights:
        above.append(top)
        if h is not None:
            top = h if top is None else max(top, h)
    below: list[float | None] = []
    bottom: float | None = None
    for h in reversed(heights):
        below.append(bottom)
        if h is not None:
            bottom = h if bottom is None else min(bottom, h)
    return list(zip(above, reversed(below), strict=True))


def between(around: Bounds, y: float) -> bool:
    """Whether height ``y`` is below every placed row above the row and above every
    placed row below it (``around``, with a placed row on each side: an edge row is
    unbounded)."""
    top, bottom = around
    return top is not None and bottom is not None and top < y < bottom


def misread_rows(
    pieces: list[Piece],
    holders: list[set[tuple[int, int]]],
    heights: list[float | None],
    cells: list[list[str]],
) -> list[float | None]:
    """The heights, with each row still unplaced between two placed rows placed by the
    pieces no cell holds, standing between those rows, that are mostly its letters in
    order and more of its letters than of any other such row's (corpus seed 1223 page
    6: 柒萬參仟柒佰參拾神華民國九九年十二月十八日 is the row 柒萬參仟柒佰參拾元 |
    中華民國九九年十二月十八日, 元中 read as 神)."""
    around = bounds(heights)
    rows = {
        r: "".join(cells[r])
        for r, y in enumerate(heights)
        if y is None and around[r][0] is not None and around[r][1] is not None
    }
    found: dict[int, list[float]] = {}
    for piece, held in zip(pieces, holders, strict=True):
        if held:
            continue  # a piece some cell holds placed its rows already, or could not
        scored = []
        for r, text in rows.items():
            # Half the row's letters in a piece as long as that at least (checked first:
            # a piece of a few letters against a wide row's is most of the cost).
            if 2 * len(piece.letters) >= len(text) and between(around[r], piece.y):
                n = in_order_count(text, piece.letters)
                if n >= MISREAD_ROW * len(piece.letters) and 2 * n >= len(text):
                    scored.append((n, r))
        scored.sort()
        if scored and (len(scored) == 1 or scored[-1][0] > scored[-2][0]):
            found.setdefault(scored[-1][1], []).append(piece.y)
    return [median(found[r]) if r in found else h for r, h in enumerate(heights)]
