"""Two rows of the page merged into one transcript row (``table_scan``'s merge check).

A merge joins every column it spans: each cell of the transcript's row is the top
row's cell followed by the bottom row's. On the page the two halves stand at two
heights, a row's pitch apart. An engine reads a cell alone (a piece inside the
cell's text) or in a run with its neighbours (the cell's text inside a longer
piece), so each half is looked for both ways. One long cell wrapped over two lines
also stands at two heights, but in one column: a merge is more cells at two heights
than at one.
"""

from __future__ import annotations

from backend.i18n import _
from backend.review.diagnoses.table_pieces import MIN_PIECE, Holders, Piece
from backend.review.diagnoses.table_rows import Problem, Row

SAME_ROW = 0.6  # table_columns'
# A cell read in a run is at neither of a row's two heights when this many line heights
# from each (a wrapped cell's two lines are about a line apart, a row's one-line cells
# half a line from each when centred).
BETWEEN = 0.3


def merged(
    pieces: list[Piece],
    table: list[Row],
    cells: list[list[str]],
    height: float,
    heights: list[float | None],
) -> list[Problem]:
    """Rows more of whose cells are two pieces of the page, one above the other, than
    are one piece. A half standing where another transcript row stands (``heights``)
    is that row's text (十元 ends 八千二百七十元 too): the page row a merge swallowed
    has no transcript row of its own."""
    runs = _Runs(pieces)
    alone = {p.letters for p in pieces}  # a cell read alone: no search (a 100x100 table)
    out = []
    for r, row in enumerate(table):
        if row.header:
            continue
        one = two = 0
        halves: list[float] = []  # the heights of the cells read at two
        in_runs: list[float] = []  # of the cells read whole in runs, at one height
        taken = [y for j, y in enumerate(heights) if j != r and y is not None]
        for text in cells[r]:
            if len(text) < MIN_PIECE:
                continue
            if text in alone:
                one += 1
                continue
            inside = [p for p in pieces if p.letters in text and _free(p.y, taken, height)]
            pair = _two_heights(text, inside, height) or runs.split(text, height, taken)
            if pair:
                two += 1
                halves += pair
            elif _one_level(ys := runs.heights(text), height):
                in_runs.append(ys[0])
        # A cell read whole in a run with its neighbours, between the two heights and at
        # neither, stands on one line of a row whose long cells wrap around it (centred
        # down the row): one page row's cell. A merged row's cells of one page row (the
        # other's cell empty) stand at one of its two rows.
        one += sum(all(abs(y - h) > BETWEEN * height for h in halves) for y in in_runs)
        if two >= 2 and two > one:
            out.append(Problem(row, _("a table row holds two rows of the page")))
    return out


def _two_heights(text: str, inside: list[Piece], height: float) -> tuple[float, float] | None:
    """The heights of two pieces, ``text`` beginning with one and going on with the
    other, at different heights on the page (None: no such two)."""
    return next(
        (
            (first.y, second.y)
            for first in inside
            for second in inside
            if text.startswith(first.letters)
            and second.letters in text[len(first.letters) :]
            and abs(first.y - second.y) > SAME_ROW * height
        ),
        None,
    )


class _Runs:
    """The pieces' letters in one string, to find the pieces holding a text."""

    def __init__(self, pieces: list[Piece]) -> None:
        self.ys = [p.y for p in pieces]
        self.pieces = Holders([p.letters for p in pieces])
        # A cell's text is asked for twice (``split``, then on its own): remembered, a
        # 100x100 table of one run a row is not searched 20,000 times (review V3).
        self._known: dict[str, list[float]] = {}

    def heights(self, text: str) -> list[float]:
        if (known := self._known.get(text)) is None:
            known = self._known[text] = [self.ys[k] for k in self.pieces.holding(text)]
        return known

    def split(self, text: str, height: float, taken: list[float]) -> tuple[float, float] | None:
        """The heights of ``text``'s two halves, each read (alone or in a run) at one
        height only, the two heights different: the top row's cell and the bottom
        row's (None: not so). A half found at several heights (中華民國 begins every
        date) says nothing."""
        if self.heights(text):
            return None  # read whole somewhere: one cell
        for k in range(MIN_PIECE, len(text) - MIN_PIECE + 1):
            top, bottom = self.heights(text[:k]), self.heights(text[k:])
            apart = _one_level(top, height) and _one_level(bottom, height)
            if (
                apart
                and abs(top[0] - bottom[0]) > SAME_ROW * height
                and _free(top[0], taken, height)
                and _free(bottom[0], taken, height)
            ):
                return top[0], bottom[0]
        return None


def _free(y: float, taken: list[float], height: float) -> bool:
    """Whether no other transcript row stands at height ``y``."""
    return all(abs(y - t) > SAME_ROW * height for t in taken)


def _one_level(ys: list[float], height: float) -> bool:
    return bool(ys) and max(ys) - min(ys) <= SAME_ROW * height
