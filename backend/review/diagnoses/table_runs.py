"""A row read whole in one run that has letters between two of the row's neighbouring
cells (``table_scan``'s): the page has a cell there that the transcript's row lacks,
and the row's later cells stand a column further on the page than the transcript
puts them (a cell lost, or an empty cell collapsed and the cells after it slid)."""

from __future__ import annotations

from backend.review.diagnoses.table_columns import under_detail
from backend.review.diagnoses.table_pieces import Piece
from backend.review.diagnoses.table_rows import Problem, Row

# Letters between two neighbouring cells in a run that make a cell the row lacks
# (fewer: a letter or two an engine read into the run, a stray mark).
GAP = 4


def gaps(
    pieces: list[Piece],
    holders: list[set[tuple[int, int]]],
    table: list[Row],
    cells: list[list[str]],
) -> list[Problem]:
    """Rows a piece reads whole (two or more of its cells, in order, and no other
    row's) with ``GAP`` letters or more between two cells that are neighbours in the
    row (no cell between them has text): named at the later cell."""
    out: dict[int, Problem] = {}
    for piece, held in zip(pieces, holders, strict=True):
        if len(held) < 2:
            continue
        r = next(iter(held))[0]
        if any(other != r for other, _c in held):
            continue  # held by several rows: it reads none whole
        at, before = 0, None
        for c in sorted(c for _r, c in held):
            k = piece.letters.find(cells[r][c], at)
            if k < 0:
                break
            if (
                before is not None
                and k - at >= GAP
                and not any(cells[r][j] for j in range(before + 1, c))
                and r not in out
            ):
                column = table[r].cells[c].column
                out[r] = Problem(table[r], under_detail(column, column + 1), column)
            at, before = k + len(cells[r][c]), c
    return list(out.values())
