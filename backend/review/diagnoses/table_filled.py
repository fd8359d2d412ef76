"""A table cell filled from the one above it where the page shows nothing
(``table_scan``'s fill check).

An engine fills an empty cell with the one above (a VLM repeats the row above's
已繳 or 29,140元). The cell repeats the one above in its column, and at its row's
height the page has nothing under its column: no piece standing there, none holding
its letters together and in order (an engine's misreading of it would), and no run
of cells across its column's place holding letters beyond the row's other cells.
Nor a text line the scan's detector found there (``ScanLines``): an engine that
dropped the cell leaves no piece, but the ink is still on the page (a clean page's
third 鑑定費 that RapidOCR did not read was named filled).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from statistics import median

from backend.i18n import _
from backend.review.diagnoses.alt_lines import Box
from backend.review.diagnoses.table_columns import SAME_ROW, nearest
from backend.review.diagnoses.table_pieces import MIN_PIECE, Piece, in_order_count
from backend.review.diagnoses.table_rows import Cell, Problem, Row


def filled(
    pieces: list[Piece],
    heights: list[float | None],
    table: list[Row],
    cells: list[list[str]],
    height: float,
    centre: dict[int, float],
    ink: Sequence[Box] = (),
) -> list[Problem]:
    """``ink``: the text lines detected on the scan (page-relative boxes), () unknown."""
    out = []
    # The pieces by height, to take a row's level by bisection (scanning every piece for
    # each cell repeating the one above took much of a 100x100 table's review).
    by_height = sorted(pieces, key=lambda p: p.y)
    piece_ys = [p.y for p in by_height]
    pitch = _pitch(centre)
    for r in range(1, len(table)):
        here, row, above = heights[r], table[r], table[r - 1]
        if here is None or row.header or above.header:
            continue
        for c, cell in enumerate(row.cells):
            text = cells[r][c]
            if (
                len(text) < MIN_PIECE
                or not centre
                or not _same_column_above(cell, above, cells[r - 1], text)
            ):
                continue
            # Nothing at the row's height under the cell's column, nor sharing half the
            # cell's letters: an engine's misreading of the cell, or of the row read
            # whole, would be one. A piece that reads as another cell of the row is
            # that cell's.
            others = set(cells[r]) - {text}
            # The row's other cells (not its twins: a piece reading as one may be this).
            row_text = "".join(t for k, t in enumerate(cells[r]) if k != c and t != text)
            # A cell over several rows stands anywhere between them (centred, mostly).
            ys = [y for y in heights[r : r + cell.row_span] if y is not None]
            top, bottom = min(ys) - SAME_ROW * height, max(ys) + SAME_ROW * height
            near = by_height[bisect_left(piece_ys, top) : bisect_right(piece_ys, bottom)]
            level = [p for p in near if p.letters not in others]
            place = _place(centre, cell.column)
            if place is None:
                continue  # where to look for it, the page does not say
            # A piece reading as the cell is its; one that is the row's other cells (read
            # together, or a long one whose box reaches under this column) is not.
            if not any(
                p.letters == text
                or (
                    (
                        p.left <= place <= p.right
                        or _under(centre, pitch, p.x, cell.column)
                        or _shared_near(text, p.letters) * 2 >= len(text)
                    )
                    and _more_than(p.letters, row_text, text)
                )
                for p in level
            ) and not _inked(ink, top, bottom, centre, pitch, cell.column):
                detail = _("a table cell repeats the cell above it, which the page does not show")
                out.append(Problem(row, detail, cell.column))
                break
    return out


def _inked(
    ink: Sequence[Box],
    top: float,
    bottom: float,
    centre: dict[int, float],
    pitch: float | None,
    column: int,
) -> bool:
    """Whether the scan has a detected text line at the row's level under ``column``:
    its middle there, as a piece's would be, and reaching no other column's middle (a
    line across several cells, a row read whole, excuses no empty cell, wherever its
    middle falls)."""
    others = [x for k, x in centre.items() if k != column]
    return any(
        top <= (b[1] + b[3]) / 2 <= bottom
        and _under(centre, pitch, (b[0] + b[2]) / 2, column)
        and not any(b[0] <= x <= b[2] for x in others)
        for b in ink
    )


def _more_than(letters: str, others: str, text: str) -> bool:
    """Whether a piece across the cell's column (a run of cells) holds more than the
    row's other cells: letters enough for half the cell. A long date's box reaches
    over the next column's place with no letter of it."""
    return 2 * (len(letters) - in_order_count(others, letters)) >= len(text)


def _pitch(centre: dict[int, float]) -> float | None:
    """How far apart the table's columns stand: the median step between known columns
    (None: fewer than two known)."""
    known = sorted(centre.items())
    steps = [(xb - xa) / (b - a) for (a, xa), (b, xb) in pairwise(known)]
    return median(steps) if steps else None


def _under(centre: dict[int, float], pitch: float | None, x: float, column: int) -> bool:
    """Whether a piece whose middle is at ``x`` stands under ``column``: the known
    column nearest it, and (the columns' pitch known) within half a pitch of it. A
    piece far beyond the known columns stands under columns whose place is unknown
    (a row's first cells read as one line, the known columns all to its right)."""
    if nearest(centre, x) != column:
        return False
    return pitch is None or abs(x - centre[column]) <= pitch / 2


def _place(centre: dict[int, float], column: int) -> float | None:
    """Where ``column`` stands across the page: its middle, else the place the known
    columns on each side of it give it (their middles, shared out evenly), else one
    column beyond the last known one on its side, a pitch on (else None)."""
    if column in centre:
        return centre[column]
    before = [c for c in centre if c < column]
    after = [c for c in centre if c > column]
    if before and after:
        a, b = max(before), min(after)
        return centre[a] + (centre[b] - centre[a]) * (column - a) / (b - a)
    pitch = _pitch(centre)
    if pitch is None:
        return None
    edge = max(before) if before else min(after)
    if abs(column - edge) > 1:
        return None  # farther out, the pitch's error adds up (columns differ in width)
    return centre[edge] + pitch * (column - edge)


def _shared_near(text: str, letters: str) -> int:
    """How many of ``text``'s letters, in their order, the stretch of ``letters`` one
    letter longer than it that has most of them has: a misreading of the cell keeps its
    letters together and in order, while a long line shares a short cell's letters
    anywhere (三十六本 and 八千二百六十...6月2日 share 十 and 六, not 十六)."""
    size = len(text) + 1
    return max(
        (in_order_count(text, letters[i : i + size]) for i in range(len(letters) - size + 1)),
        default=in_order_count(text, letters),
    )


def shared(a: str, b: str) -> int:
    """How many letters ``a`` and ``b`` have in common (each counted as often as both have it)."""
    return sum((Counter(a) & Counter(b)).values())


def _same_column_above(cell: Cell, above: Row, above_cells: list[str], text: str) -> bool:
    return any(
        a.column == cell.column and above_cells[k] == text for k, a in enumerate(above.cells)
    )
