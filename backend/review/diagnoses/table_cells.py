"""Whole-page failure: table cells. A table row that lost or gained a cell (its
cells slide left: a quantity lands under the owner), or whose cells are in other
columns than the page has them.

From the transcript alone: a row with another number of cells than its table's
header (``table_rows``). With the scan's layout, a ruled table's rules: a table with
another number of rows than the scan's (a diagnosis over the table), a row with
another number of cells (``table_grid``). With the alternate's line boxes (an engine
reads a table cell by cell, each with its box): where on the page each cell's text
is; a cell whose text lies under another column than the one the transcript put it in.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from statistics import median

from backend.i18n import _
from backend.review.diagnoses import table_grid, table_scan
from backend.review.diagnoses.alt_lines import Line, alt_lines, line_at, text_only
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.shared import has_alternate
from backend.review.diagnoses.table_rows import Cell, Problem, Row, tables
from backend.review.values import FindingPlace

# A cell is in another column when its text's middle on the page is this much nearer
# that column's middle than its own's (as a share of the distance between the two).
NEARER = 0.25
MIN_ROWS = 2  # a column's place is known from this many of its cells
# A cell is placed by the middle of the alternate's line that holds it only when that
# line holds the cell alone: no more letters than the cell has. An engine often reads
# a table row, or a few close cells, as one line; that line's middle is the run's,
# wherever in it the cell is (every cell of a row read whole gets the row's middle,
# and rows of other lengths then look shifted). Even one more short cell in the line
# can move its middle by the whole blank between two columns, which letters do not
# measure, so no share of the line is "mostly" the cell.


def find(evidence: PageEvidence) -> list[Diagnosis]:
    """At most one diagnosis a table for its rows: its first row out of place, with how
    many of its rows are (a table ragged throughout is one finding for the reader, not
    one a row: 3,000 ragged rows would bury the page's other findings); and one over
    the whole table when it has another number of rows than the ruled table on the scan
    (which row is lost or merged the rules alone cannot say)."""
    found = []
    page_tables = tables(evidence.transcript)
    lines = _boxed_lines(evidence) if page_tables else []
    grids = table_grid.grids(evidence.layout, len(page_tables))
    for table, grid in zip(page_tables, grids, strict=True):
        size = _table_size(table)
        wrong: dict[int, Problem] = {}  # by the row's start
        if grid is not None:  # the ruled table on the scan: rows and columns, no alternate
            whole = table_grid.table_problem(grid, table)
            if whole is not None:
                found.append(
                    Diagnosis(DiagnosisKind.TABLE_CELLS, table[0].start, table[-1].end, whole)
                )
            wrong.update((p.row.start, p) for p in table_grid.row_problems(grid, table))
        for row in table:
            if row.width != size:
                detail = _("a table row has {cells} cells where its table has {size}").format(
                    cells=row.width, size=size
                )
                wrong[row.start] = Problem(row, detail)
        if lines:
            for row, column, place in _misplaced(evidence, lines, table, size):
                if row.start not in wrong:
                    detail = _(
                        "a table row's cell {column} is under column {place} on the page"
                    ).format(column=column + 1, place=place + 1)
                    wrong[row.start] = Problem(row, detail, column)
            alternate = evidence.alternate.text if evidence.alternate else ""
            ink = evidence.scan_lines.boxes if evidence.scan_lines else ()
            for problem in table_scan.problems(
                lines, alternate, table, evidence.tables, evidence.transcript, ink
            ):
                wrong.setdefault(problem.row.start, problem)
        if wrong:
            found.append(_diagnosis([wrong[start] for start in sorted(wrong)]))
    return sorted(found, key=lambda d: d.start)


def _diagnosis(problems: list[Problem]) -> Diagnosis:
    """One diagnosis over a table's rows out of place: at the first, naming how many
    there are; each row's finding a ``FindingPlace`` at its cell (or row), so that the
    Table dock can mark every one."""
    first = problems[0]
    detail = first.detail
    if len(problems) > 1:
        detail = _("{detail} ({rows} rows of this table have cells out of place)").format(
            detail=detail, rows=len(problems)
        )
    places = tuple(FindingPlace(*p.span(), p.detail) for p in problems)
    kind = DiagnosisKind.TABLE_CELLS
    return Diagnosis(kind, first.row.start, first.row.end, detail, places=places)


def _table_size(table: list[Row]) -> int:
    """The table's number of columns: its header's, else its rows' most common."""
    header = next((r for r in table if r.header), None)
    if header is not None:
        return header.width
    return Counter(r.width for r in table).most_common(1)[0][0]


def _boxed_lines(evidence: PageEvidence) -> list[Line]:
    if not has_alternate(evidence) or evidence.alternate is None:
        return []
    lines = alt_lines(evidence.alternate, frozenset())
    return lines if any(ln.box is not None for ln in lines) else []


def _misplaced(
    evidence: PageEvidence, lines: list[Line], table: list[Row], size: int
) -> list[tuple[Row, int, int]]:
    """(row, the cell's column, the column it is under on the page) for each cell of
    a full row whose text the alternate reads under another column."""
    blocks = sorted(evidence.equal_blocks)
    starts = [b[0] for b in blocks]
    middles: list[list[float]] = [[] for _column in range(size)]
    placed: list[tuple[Row, int, float]] = []
    for row in table:
        # A full row of single cells (no spans): its j-th cell is column j.
        if row.header or row.width != size or len(row.cells) != size:
            continue
        for j, cell in enumerate(row.cells):
            x = _middle(blocks, starts, lines, cell)
            if x is not None:
                middles[j].append(x)
                placed.append((row, j, x))
    if any(len(m) < MIN_ROWS for m in middles if m) or sum(bool(m) for m in middles) < 2:
        return []
    # A column's middle: the median of its cells' (a few misplaced cells do not move it).
    centre = {j: median(m) for j, m in enumerate(middles) if len(m) >= MIN_ROWS}
    out = []
    for row, j, x in placed:
        if j not in centre:
            continue
        own = abs(x - centre[j])
        k = min(centre, key=lambda c: abs(x - centre[c]))
        if k != j and own - abs(x - centre[k]) > NEARER * abs(centre[j] - centre[k]):
            out.append((row, j, k))
    return out


def _middle(
    blocks: list[tuple[int, int, int]],
    starts: list[int],
    lines: list[Line],
    cell: Cell,
) -> float | None:
    """The middle across the page of the alternate's line holding most of the cell's
    text, when that line holds the cell alone (None: the alternate has less than half
    of it, or read it in one line with other text)."""
    if cell.start >= cell.end:
        return None
    best, best_len = None, 0
    k = max(0, bisect_right(starts, cell.start) - 1)
    while k < len(blocks) and blocks[k][0] < cell.end:
        t, a, n = blocks[k]
        lo, hi = max(cell.start, t), min(cell.end, t + n)
        if hi - lo > best_len:
            best, best_len = a + lo - t, hi - lo
        k += 1
    if best is None or 2 * best_len < len(text_only(cell.text)):
        return None  # a letter or two in common (the 4 of 42,640元 and a row's 4) place nothing
    idx = line_at(lines, best)
    box = None if idx is None else lines[idx].box
    if idx is None or box is None or lines[idx].text_chars > len(text_only(cell.text)):
        return None
    return (box[0] + box[2]) / 2
