"""Where a table's columns stand on the page, and the cells that do not stand in
theirs (``table_scan``'s column checks).

A cell is placed across the page by the one piece of the alternate at its row's
height that reads as it (both its edges known), or that begins or ends with it (an
engine often reads a run of cells as one line: its left edge is its first cell's,
its right edge its last cell's; the other edge is estimated from the cell's
letters). A column's cells line up on the page by one edge or more: their left
edges (text set flush left), their middles (centred) or their right edges (figures
set flush right). Which, the page says: the edges along which the column's other
cells agree. A cell away from its column on every edge its column lines up by is
not in that column on the page: its row lost a cell, or gained one, before it.

* ``shifted``: a cell whose middle is nearer another column's middle than its own
  (the first check: a cell read alone, columns known from a few cells);
* ``off_column``: a cell away from its column's line by more than ``OFF`` letters;
* ``under_empty``: text the page has in a row, under a column where the
  transcript's row has an empty cell (the cell's content slid away, or was lost);
* ``table_other_column.at_other_column``: a cell on another column's line and off
  its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from statistics import median

from backend.i18n import _
from backend.review.diagnoses.table_pieces import MIN_PIECE, Piece
from backend.review.diagnoses.table_rows import Problem, Row

# Two heights are one page row when they are closer than this share of a line's
# height (table_scan's).
SAME_ROW = 0.6
SHIFT_ROWS = 3  # a column's place is known from this many of its cells
# A cell is under another column when its middle is this much nearer that column's
# middle than its own's (as a share of the distance between the two): table_cells'.
NEARER = 0.25
ALIGN_ROWS = 3  # a column's line is known from this many of its other cells
# A column lines up by an edge when this share of its other cells' edges there stand
# this close to their median (in line heights, about a Han letter's width: skew and
# an engine's box jitter move them a little); a cell is off that line when farther
# than OFF letters.
LINED_UP = 0.75
TIGHT = 0.5
OFF = 2.0
NARROW = 0.55  # a Latin letter or digit's width, in Han letters


@dataclass(frozen=True)
class Placed:
    row: int
    column: int
    # The cell's text's edges across the page, as far as measured: both when a piece
    # read the cell alone, one when a piece began or ended with it (its other edge is
    # inside the piece, where no box says).
    left: float | None
    right: float | None
    units: float  # the cell's letters' width, in Han letters

    @property
    def whole(self) -> bool:
        return self.left is not None and self.right is not None

    @property
    def middle(self) -> float | None:
        if self.left is None or self.right is None:
            return None
        return (self.left + self.right) / 2

    def edge(self, k: int) -> float | None:
        return (self.left, self.middle, self.right)[k]


def place(
    pieces: list[Piece],
    heights: list[float | None],
    table: list[Row],
    cells: list[list[str]],
    height: float,
) -> list[Placed]:
    """Each cell of a placed row that one piece at the row's height reads as, begins
    with or ends with (cells of one column each, told apart from the row's others)."""
    out = []
    above = _spanning_in(table, cells)
    for r, row in enumerate(table):
        y = heights[r]
        if y is None:
            continue
        level = [p for p in pieces if abs(p.y - y) <= SAME_ROW * height]
        for i, (cell, text) in enumerate(zip(row.cells, cells[r], strict=True)):
            if len(text) < MIN_PIECE or cell.column_span != 1:
                continue
            # A cell over several rows from above stands at this row's height too (its
            # text centred down the rows it spans): a piece reading as it may be its.
            if any(text in other for j, other in enumerate(cells[r]) if j != i) or any(
                text in other for other in above[r]
            ):
                continue  # which is which?
            whole = [p for p in level if p.letters == text]
            if whole:
                if len(whole) == 1:
                    out.append(Placed(r, cell.column, whole[0].left, whole[0].right, _units(text)))
                continue
            # Misread letters are no other cell's (現金 read into a date is that cell).
            foreign = set("".join(t for j, t in enumerate(cells[r]) if j != i))
            starts = [p for p in level if _begins(p.letters, text, foreign)]
            ends = [p for p in level if _begins(p.letters[::-1], text[::-1], foreign)]
            left = starts[0].left if len(starts) == 1 else None
            right = ends[0].right if len(ends) == 1 else None
            if left is not None or right is not None:
                out.append(Placed(r, cell.column, left, right, _units(text)))
    return out


# A long cell read with a letter or so misread still begins (ends) the piece: one
# letter in this many may differ, the first and last kept (they fix where it stands).
MISREAD_EVERY = 6


def _begins(letters: str, text: str, foreign: set[str]) -> bool:
    """Whether ``letters`` begins with ``text``, a long text's misread letters allowed
    (none of them one of ``foreign``: the row's other cells' letters)."""
    if letters.startswith(text):
        return True
    n = len(text)
    if n < MISREAD_EVERY or len(letters) < n or letters[0] != text[0]:
        return False
    wrong = [a for a, b in zip(letters, text, strict=False) if a != b]
    return len(wrong) <= n // MISREAD_EVERY and not foreign.intersection(wrong)


def _spanning_in(table: list[Row], cells: list[list[str]]) -> list[list[str]]:
    """Each row's texts of the cells above it that span down into it (rowspan)."""
    out: list[list[str]] = [[] for _row in table]
    for r, row in enumerate(table):
        for cell, text in zip(row.cells, cells[r], strict=True):
            for below in range(r + 1, min(r + cell.row_span, len(table))):
                out[below].append(text)
    return out


def _units(letters: str) -> float:
    return sum(NARROW if ord(ch) < 0x2E80 else 1.0 for ch in letters)


def centres(placed: list[Placed]) -> dict[int, float]:
    """Each column's middle on the page: the median of its cells read alone."""
    columns: dict[int, list[float]] = {}
    for p in placed:
        if p.middle is not None:
            columns.setdefault(p.column, []).append(p.middle)
    return {c: median(xs) for c, xs in columns.items()}


def shifted(placed: list[Placed], centre: dict[int, float], table: list[Row]) -> list[Problem]:
    """Cells the page shows under another column than the transcript puts them in."""
    alone = [(p, p.middle) for p in placed if p.middle is not None]
    counts: dict[int, int] = {}
    for p, _x in alone:
        counts[p.column] = counts.get(p.column, 0) + 1
    out: dict[int, Problem] = {}
    for p, x in alone:
        # A cell's own column's place is known from a few of its cells (it may be one of
        # them); the place it is under, from any (a header cell is enough).
        c = p.column
        if counts[c] < SHIFT_ROWS or p.row in out:
            continue
        k = nearest(centre, x)
        if k != c and abs(x - centre[c]) - abs(x - centre[k]) > NEARER * abs(centre[c] - centre[k]):
            out[p.row] = Problem(table[p.row], under_detail(c, k), c)
    return list(out.values())


def off_column(
    placed: list[Placed], centre: dict[int, float], table: list[Row], height: float
) -> list[Problem]:
    """Body cells away from their column's line on every edge the column lines up by.
    A cell is judged only where every edge's line is known (enough cells measured
    there to say whether they line up), and a cell one edge of which is measured, by
    it only where the column lines up by that edge alone (its other edges do not line
    up, or its cells are of other lengths): a column of words of one length lines up
    by every edge, and a longer word in it, set flush left, is off its right-hand
    line. (Header cells are left out: a heading is often centred over a column set
    flush left.)"""
    by_column: dict[int, list[Placed]] = {}
    for p in placed:
        if not table[p.row].header:
            by_column.setdefault(p.column, []).append(p)
    out: dict[int, Problem] = {}
    for column, cells in by_column.items():
        for p in cells:
            others = [o for o in cells if o.row != p.row]
            lines = [edge_line([o.edge(k) for o in others], height) for k in range(3)]
            if p.whole and None in lines:
                continue  # an edge the column may line up by, and the cell be on
            if not p.whole:
                k = 0 if p.left is not None else 2
                # Lined up by this edge alone: the cells on its line are of other
                # lengths (an opposite edge broken by a few long cells read in runs
                # says nothing of the cells on the line).
                if not _varied(_on_line(others, k, lines[k], height)):
                    continue
            away = [
                abs(e - line) > OFF * height
                for e, line in zip((p.left, p.middle, p.right), lines, strict=True)
                if e is not None and isinstance(line, float)
            ]
            if away and all(away) and p.row not in out and not _like_a_peer(p, others, height):
                x = next(e for e in (p.middle, p.left, p.right) if e is not None)
                k = nearest(centre, x) if centre else column
                detail = under_detail(column, k) if k != column else _off(column)
                out[p.row] = Problem(table[p.row], detail, column)
    return list(out.values())


def _like_a_peer(p: Placed, others: list[Placed], height: float) -> bool:
    """Whether a cell of the column as long as ``p`` ends where it ends, or begins
    where it begins: ``p`` stands where its like stand, and its other edge is off only
    because the engine's box took in more than its letters (a stray mark, a rule)."""
    return any(
        abs(o.units - p.units) <= 0.5
        and any(
            a is not None and b is not None and abs(a - b) <= TIGHT * height
            for a, b in ((o.left, p.left), (o.right, p.right))
        )
        for o in others
    )


def _on_line(cells: list[Placed], k: int, line: float | bool | None, height: float) -> list[Placed]:
    """The cells whose edge ``k`` stands on ``line``."""
    if not isinstance(line, float):
        return []
    return [c for c in cells if (e := c.edge(k)) is not None and abs(e - line) <= TIGHT * height]


def _varied(cells: list[Placed]) -> bool:
    """Whether the cells' lengths differ by more than a cell may be off its line: cells
    lined up by one edge, they cannot be by the others."""
    return bool(cells) and max(c.units for c in cells) - min(c.units for c in cells) > OFF


def edge_line(
    edges: list[float | None], height: float, least: int = ALIGN_ROWS
) -> float | bool | None:
    """The line the cells' edges make: its place; False when they do not line up;
    None when fewer than ``least`` are measured to say."""
    found = [e for e in edges if e is not None]
    if len(found) < least:
        return None
    line = median(found)
    if sum(abs(e - line) <= TIGHT * height for e in found) < LINED_UP * len(found):
        return False
    return line


def under_empty(
    pieces: list[Piece],
    loose: list[bool],
    heights: list[float | None],
    table: list[Row],
    cells: list[list[str]],
    height: float,
    centre: dict[int, float],
) -> list[Problem]:
    """Text the page has at a row's height, no cell's, standing under columns whose
    cells the row leaves empty: between the places of two known columns, and clear of
    both (a piece over a known column's middle is that column's, or a run of cells)."""
    known = sorted(centre.items(), key=lambda kv: kv[1])
    if len(known) < 2:
        return []
    out: dict[int, Problem] = {}
    for r, row in enumerate(table):
        y = heights[r]
        if y is None or row.header:
            continue
        empty = {c.column for c, text in zip(row.cells, cells[r], strict=True) if not text}
        for p, free in zip(pieces, loose, strict=True):
            if not free or abs(p.y - y) > SAME_ROW * height:
                continue
            under = _under_columns(known, p)
            if under and under <= empty:
                text = _("the page has text in this table row where its cells are empty: “{text}”")
                out.setdefault(r, Problem(row, text.format(text=p.letters[:16]), min(under)))
    return list(out.values())


def _under_columns(known: list[tuple[int, float]], piece: Piece) -> set[int]:
    """The columns the piece may stand under: the known columns whose middles it
    spans; else those between the two known columns around it (with the one of them
    it is nearer to by more than NEARER: its own)."""
    over = {c for c, x in known if piece.left <= x <= piece.right}
    if over:
        return over
    for (a, xa), (b, xb) in pairwise(known):
        if xa < piece.x < xb:
            gap = xb - xa
            columns = set(range(a + 1, b)) if a < b else set()
            if piece.x - xa < (0.5 - NEARER) * gap:
                columns.add(a)
            elif xb - piece.x < (0.5 - NEARER) * gap:
                columns.add(b)
            return columns
    return set()


def nearest(centre: dict[int, float], x: float) -> int:
    return min(centre, key=lambda j: abs(x - centre[j]))


def under_detail(column: int, place: int) -> str:
    detail = _("a table row's cell {column} is under column {place} on the page")
    return detail.format(column=column + 1, place=place + 1)


def _off(column: int) -> str:
    detail = _("a table row's cell {column} does not stand in its column on the page")
    return detail.format(column=column + 1)
