"""A table's rows against the page's rows: a row lost, two rows merged, a cell
filled from the one above.

An engine reads a table cell by cell, each piece with its box. A piece of the
alternate whose letters stand inside exactly one transcript row's cell places
that row on the page: the heights of its pieces are the row's height. No
alignment of the two readings is needed (a table read row by row across the
columns is in another order than the transcript's cell by cell), only where each
piece's letters occur (``table_heights``: a row read as one run with letters misread is
placed too). From that:

* lost: between two neighbouring transcript rows, pieces of the page that no cell
  of the table holds (nor holds them), at a height of their own: a row the scan
  has and the transcript lacks;
* merged: a transcript row whose cells each hold pieces from two heights of the
  page. One long cell wrapped over two lines does that too, so it takes more cells
  with two heights than with one: a merge joins every column it spans;
* columns (``table_columns``, ``table_other_column``): a cell standing under another
  column, or in none; a row read whole in one run with a cell's letters between two
  of its neighbouring cells (``table_runs``);
* filled (``table_filled``): a cell that repeats the cell above it where the page
  has nothing: no piece at the row's height under its column, nor one holding its
  letters.

Pieces shorter than ``MIN_PIECE`` letters (a lone digit of a numbering column)
occur everywhere and place nothing; letters are compared as ``table_pieces`` says.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from statistics import median

from backend.i18n import _
from backend.review.diagnoses import table_columns as columns
from backend.review.diagnoses import table_filled, table_merged, table_other_column, table_runs
from backend.review.diagnoses.alt_lines import Box, Line
from backend.review.diagnoses.table_columns import SAME_ROW, nearest
from backend.review.diagnoses.table_filled import shared
from backend.review.diagnoses.table_heights import misread_rows, row_heights
from backend.review.diagnoses.table_pieces import (
    MIN_PIECE,
    Holders,
    Piece,
    letters,
    read_pieces,
)
from backend.review.diagnoses.table_rows import Problem, Row
from backend.review.tables import ReviewTables

_Piece = Piece  # the tests' name for it
LOST_LETTERS = 3  # a lost row's pieces hold at least this many letters together
# Beyond the table's first or last row, a lost row's pieces stand within this many
# rows' pitch of it.
EDGE = 1.5


def problems(
    lines: list[Line],
    alternate: str,
    table: list[Row],
    tables: ReviewTables,
    transcript: str,
    ink: Sequence[Box] = (),
) -> list[Problem]:
    """What the page's rows say is wrong with ``table`` (``lines``: the alternate's,
    with boxes; ``alternate``: its text; ``tables``: the folds the review compares by;
    ``transcript``: the page's text, the table's and around it; ``ink``: the text
    lines detected on the scan, () when unknown)."""
    pieces = read_pieces(lines, alternate, tables.fold_table(True, True, alternate=True))
    if not pieces or not table:
        return []
    height = median(_heights(lines))
    fold = tables.fold_table(True, True)
    cells = [[letters(c.value, fold) for c in row.cells] for row in table]
    # A piece the transcript has outside the table is the text around it (a date line or
    # a signature below the table, read in pieces), not a row the table lost.
    around = letters(transcript[: table[0].start] + "\n" + transcript[table[-1].end :], fold)
    holders = _all_holders(pieces, cells)
    loose = [not held and p.letters not in around for p, held in zip(pieces, holders, strict=True)]
    # A cell over several rows is printed between them (centred): not at its first row.
    tall = {
        (r, c)
        for r, row in enumerate(table)
        for c, cell in enumerate(row.cells)
        if cell.row_span > 1
    }
    # (Without such a cell, the holders themselves: pieces of one text share their set.)
    placing = [held - tall for held in holders] if tall else holders
    heights = row_heights(pieces, placing, len(table))
    heights = misread_rows(pieces, holders, heights, cells)
    placed = columns.place(pieces, heights, table, cells, height)
    centre = columns.centres(placed)
    merged = table_merged.merged(pieces, table, cells, height, heights)
    # A merged row stands between two of the page's rows, the lower one's misread pieces
    # unheld below it: the merge is the finding, not a row lost there.
    joined = {p.row.start for p in merged}
    lost = _lost(pieces, loose, heights, table, cells, height)
    lost += _edge_lost(pieces, loose, heights, table, centre)
    out = merged + [p for p in lost if p.row.start not in joined]
    out += table_filled.filled(pieces, heights, table, cells, height, centre, ink)
    out += columns.shifted(placed, centre, table)
    out += columns.off_column(placed, centre, table, height)
    out += table_other_column.at_other_column(placed, table, height)
    out += table_runs.gaps(pieces, holders, table, cells)
    out += columns.under_empty(pieces, loose, heights, table, cells, height, centre)
    return out


def _heights(lines: list[Line]) -> list[float]:
    return [ln.box[3] - ln.box[1] for ln in lines if ln.box is not None] or [0.0]


class _CellIndex:
    """The table's cells of ``MIN_PIECE`` letters or more, to find those holding a
    piece's letters (``Holders``)."""

    def __init__(self, cells: list[list[str]]) -> None:
        self.where = [
            (r, c)
            for r, row in enumerate(cells)
            for c, text in enumerate(row)
            if len(text) >= MIN_PIECE
        ]
        self.texts = Holders([cells[r][c] for r, c in self.where])
        self.by_text: dict[str, list[tuple[int, int]]] = {}
        for r, c in self.where:
            self.by_text.setdefault(cells[r][c], []).append((r, c))
        self.sizes = sorted({len(text) for text in self.by_text})
        # Every cell's first MIN_PIECE letters: a stretch starting anywhere else is no cell.
        self.heads = {text[:MIN_PIECE] for text in self.by_text}

    def holding(self, letters: str) -> list[tuple[int, int]]:
        return [self.where[k] for k in self.texts.holding(letters)]

    def inside(self, letters: str) -> dict[int, list[int]]:
        """The cells of ``MIN_PIECE`` letters or more that ``letters`` hold: each row's
        columns, in order. Looking up the stretches of ``letters`` as long as some cell
        finds them without testing every cell (a 100x100 table's 10,000 pieces against
        its 10,000 cells, one ``in`` each, took most of its review)."""
        heads = self.heads
        # Only where a cell's first letters stand (each size tried at every place was
        # the table check's cost on an ordinary table).
        starts = [
            i for i in range(len(letters) - MIN_PIECE + 1) if letters[i : i + MIN_PIECE] in heads
        ]
        texts = {
            stretch
            for n in self.sizes
            for i in starts
            if i + n <= len(letters) and (stretch := letters[i : i + n]) in self.by_text
        }
        rows: dict[int, list[int]] = {}
        for text in texts:
            for r, c in self.by_text[text]:
                rows.setdefault(r, []).append(c)
        return {r: sorted(columns) for r, columns in rows.items()}


def _all_holders(pieces: list[Piece], cells: list[list[str]]) -> list[set[tuple[int, int]]]:
    """Each piece's ``_holders``. They depend on its letters alone, found once for each:
    a table of repeated values (現金, 已繳 down a column) has many pieces of one text.
    (The sets are shared between pieces: read, never changed.)"""
    index = _CellIndex(cells)
    by_letters: dict[str, set[tuple[int, int]]] = {}
    out = []
    for piece in pieces:
        held = by_letters.get(piece.letters)
        if held is None:
            held = by_letters[piece.letters] = _holders(piece, cells, index)
        out.append(held)
    return out


def _holders(
    piece: Piece, cells: list[list[str]], index: _CellIndex | None = None
) -> set[tuple[int, int]]:
    """The (row, cell) whose letters are the piece's; failing that, those whose letters
    hold the piece's (1份 is in 11份, but is the cell 1份), and the cells of a row the
    piece reads whole: two or more of its cells, in order, that are at least half its
    cells, or with neighbouring cells read together for half the piece's letters. A
    line of the text around the table holds a short cell or two (已繳, 由被告負擔),
    never most of a row nor most of the line."""
    index = index or _CellIndex(cells)
    found = index.holding(piece.letters)
    same = {(r, c) for r, c in found if cells[r][c] == piece.letters}
    if same:
        return same
    for r, inside in sorted(index.inside(piece.letters).items()):
        if len(inside) < 2:
            continue  # before ``_run``: run for each row and piece, it slowed a 100x100 table
        row = cells[r]
        sized = [c for c, text in enumerate(row) if len(text) >= MIN_PIECE]
        # An engine reads a row left to right: the cells in the row's order (由被告負擔現金
        # is the row 由被告負擔 | 現金, not 現金 | 由被告負擔). Or neighbouring cells of the
        # row read together, most of the piece's letters (a row read whole, its later
        # cells misread: 第六期 and its date, then 4,060元).
        most = 2 * len(inside) >= len(sized)
        most = most or 2 * _run(row, sized, piece.letters) >= len(piece.letters)
        if most and _in_order([row[c] for c in inside], piece.letters):
            found += [(r, c) for c in inside]
    return set(found)


def _run(row: list[str], sized: list[int], letters: str) -> int:
    """How many letters the longest run of two or more neighbouring cells of the row
    (empty cells between them skipped) that ``letters`` hold joined, has."""
    best = 0
    for i in range(len(sized) - 1):
        joined = row[sized[i]]
        for c in sized[i + 1 :]:
            joined += row[c]
            if joined not in letters:
                break
            best = max(best, len(joined))
    return best


def _in_order(texts: list[str], letters: str) -> bool:
    """Whether ``letters`` holds ``texts`` one after the other, in this order."""
    at = 0
    for text in texts:
        k = letters.find(text, at)
        if k < 0:
            return False
        at = k + len(text)
    return True


def _lost(
    pieces: list[Piece],
    loose: list[bool],
    heights: list[float | None],
    table: list[Row],
    cells: list[list[str]],
    height: float,
) -> list[Problem]:
    """Between two rows placed on the page, more heights of loose pieces (no cell holds
    them, nor the text around the table) than the rows between them that could not be
    placed: a row the transcript lacks."""
    known = [r for r, y in enumerate(heights) if y is not None]
    columns = _Columns(cells)
    out = []
    for above, below in pairwise(known):
        top, bottom = heights[above], heights[below]
        assert top is not None and bottom is not None
        # A cell over the rows around the gap (rowspan) stands between them, centred.
        spanning = [
            cells[r][k]
            for r in range(above, below)
            for k, cell in enumerate(table[r].cells)
            if r + cell.row_span > below
        ]
        gap = [
            p
            for p, free in zip(pieces, loose, strict=True)
            if free
            and top + SAME_ROW * height < p.y < bottom - SAME_ROW * height
            and not any(2 * shared(text, p.letters) >= len(p.letters) for text in spanning)
            and not columns.down(p.letters)
        ]
        levels = _levels([p.y for p in gap], height)
        if levels > below - above - 1 and sum(len(p.letters) for p in gap) >= LOST_LETTERS:
            sample = " ".join(p.letters for p in gap)[:16]
            detail = _("a row the page has between these two table rows is missing: “{text}”")
            out.append(Problem(table[below], detail.format(text=sample)))
    return out


class _Columns:
    """The table's columns, to tell whether some letters are one column's cells of
    consecutive rows, read down the column as one line (an engine reads a narrow
    numbering column so: 78九10 is the rows 7, 8, 九 and 10; its box's middle stands
    between them)."""

    def __init__(self, cells: list[list[str]]) -> None:
        width = max((len(row) for row in cells), default=0)
        self.columns = [[row[c] if c < len(row) else "" for row in cells] for c in range(width)]
        # Where each text stands, to start the run only at cells the letters begin with
        # (trying every column from every row took most of a 100x100 table's review).
        self.starts: dict[str, list[tuple[int, int]]] = {}
        for c, column in enumerate(self.columns):
            for first, text in enumerate(column):
                if text:
                    self.starts.setdefault(text, []).append((c, first))

    def down(self, letters: str) -> bool:
        """Whether ``letters`` are the texts of one column's consecutive rows (empty
        cells between them skipped), read down it."""
        for n in range(1, len(letters) + 1):
            for c, first in self.starts.get(letters[:n], ()):
                run = ""
                for text in self.columns[c][first:]:
                    run += text
                    if not letters.startswith(run):
                        break
                    if run == letters and text:
                        return True
        return False


def _levels(ys: list[float], height: float) -> int:
    """How many page rows the heights ``ys`` make (closer than SAME_ROW: one row)."""
    count, last = 0, None
    for y in sorted(ys):
        if last is None or y - last > SAME_ROW * height:
            count += 1
        last = y
    return count


def _edge_lost(
    pieces: list[Piece],
    loose: list[bool],
    heights: list[float | None],
    table: list[Row],
    centre: dict[int, float],
) -> list[Problem]:
    """A row the page has above the table's first row or below its last: unheld pieces
    one row's pitch away, standing under two or more of the table's columns (a line of
    text above or below a table is one piece across them)."""
    known = [(r, y) for r, y in enumerate(heights) if y is not None]
    if len(known) < 2 or len(centre) < 2:
        return []
    pitch = median((b - a) / (s - r) for (r, a), (s, b) in pairwise(known))
    out = []
    for (r, y), step in ((known[0], -1), (known[-1], 1)):
        if r != (0 if step < 0 else len(table) - 1):
            continue  # the table's edge row is not placed: nothing known beyond it
        if step < 0 and table[0].header:
            continue  # above a header stand the table's title, a seal, a stamp
        near, far = sorted((y + step * (1 - SAME_ROW) * pitch, y + step * EDGE * pitch))
        gap = [p for p, free in zip(pieces, loose, strict=True) if free and near < p.y < far]
        under = {nearest(centre, p.x) for p in gap}
        # A row of the table fills most of its columns; a heading and a stamp beside it
        # stand under two.
        wide = len(under) >= max(2, (len(centre) + 1) // 2)
        if wide and sum(len(p.letters) for p in gap) >= LOST_LETTERS:
            sample = " ".join(p.letters for p in gap)[:16]
            detail = (
                _("a row the page has above this table row is missing: “{text}”")
                if step < 0
                else _("a row the page has below this table row is missing: “{text}”")
            )
            out.append(Problem(table[r], detail.format(text=sample)))
    return out
