"""Guards of the table checks that no other test held (review V3 removed each and no
test failed): a heading helps make a column's line its letters put there
(``table_other_column``), and a measured line is not replaced by an estimated one; a
misread row is at least half the row's letters, and never a piece some cell holds
(``table_heights.misread_rows``); a piece several rows hold reads no row whole
(``table_runs.gaps``)."""

from __future__ import annotations

from backend.review.diagnoses import table_runs, table_scan
from backend.review.diagnoses.table_columns import Placed
from backend.review.diagnoses.table_heights import misread_rows, row_heights
from backend.review.diagnoses.table_other_column import at_other_column
from backend.review.diagnoses.table_pieces import Piece
from backend.review.diagnoses.table_rows import tables
from tests.backend.review.diagnoses.table_heights_helpers import CELLS
from tests.backend.review.diagnoses.table_sample_helpers import COLUMNS, ROWS, markdown

LETTER = 0.02  # a letter's width across the page, and a line's height
UNDER_NEXT = "a table row's cell 4 is under column 5 on the page"


def _column_four(rows: list[int]) -> list[Placed]:
    """所有人 (column 3, 0-based) read alone in ``rows``: two letters, flush left."""
    return [Placed(r, 3, COLUMNS[3], COLUMNS[3] + 2 * LETTER, 2) for r in rows]


def test_a_heading_and_one_cell_make_the_line_their_letters_give() -> None:
    # 備註 (column 4) has one body cell on the page besides the slid one, read at the
    # end of a run, as its heading is: only their right edges are measured, and they
    # are ragged (3 and 5 letters). Their letters put both left edges on the column's
    # flush-left line; the heading is one of the two that make it.
    table = tables(markdown(ROWS))[0]
    placed = _column_four([1, 3, 4])
    placed += [
        Placed(0, 4, None, COLUMNS[4] + 5 * LETTER, 5),  # the heading, read in a run
        Placed(1, 4, None, COLUMNS[4] + 3 * LETTER, 3),
    ]
    slid = Placed(2, 3, COLUMNS[4], COLUMNS[4] + 2 * LETTER, 2)
    assert [(p.row, p.detail) for p in at_other_column([*placed, slid], table, LETTER)] == [
        (table[2], UNDER_NEXT)
    ]


def test_a_measured_line_keeps_its_tight_reach_where_letters_give_the_same_line() -> None:
    # 備註's left edges are measured where two cells are read alone (on 0.78), and the
    # letters of two read at the end of runs put theirs there too. The line is the
    # measured one, held to TIGHT (half a letter): a cell 0.65 of a letter off it is
    # not on it, though it is within the looser reach of a line letters estimate.
    table = tables(markdown(ROWS))[0]
    placed = _column_four([1, 3, 4, 5])
    placed += [
        Placed(1, 4, COLUMNS[4], COLUMNS[4] + 2 * LETTER, 2),
        Placed(3, 4, COLUMNS[4], COLUMNS[4] + 2 * LETTER, 2),
        Placed(4, 4, None, COLUMNS[4] + 2 * LETTER, 2),
        Placed(5, 4, None, COLUMNS[4] + 2 * LETTER, 2),
    ]
    left = COLUMNS[4] + 0.65 * LETTER
    slid = Placed(2, 3, left, left + 2 * LETTER, 2)
    assert at_other_column([*placed, slid], table, LETTER) == []
    # On the measured line, it is named (the check itself is alive here).
    slid = Placed(2, 3, COLUMNS[4], COLUMNS[4] + 2 * LETTER, 2)
    assert [p.detail for p in at_other_column([*placed, slid], table, LETTER)] == [UNDER_NEXT]


HEIGHTS = [0.25, None, 0.315]


def test_a_run_with_fewer_than_half_the_rows_letters_is_not_the_row() -> None:
    # Row 五 has 23 letters; this run of 12 between rows 四 and 六 has 10 of them in
    # order (its date's first ten): most of the run is the row's, but less than half
    # the row is in the run (a date line's, not the row read as one run).
    piece = Piece(0.5, 0.282, "於中華民國九九年十二月間")
    assert misread_rows([piece], [set()], HEIGHTS, CELLS) == HEIGHTS
    # The amount's first letters and the date (八 misread): half the row, it is the row.
    piece = Piece(0.5, 0.282, "柒萬中華民國九九年十二月十入日")
    assert misread_rows([piece], [set()], HEIGHTS, CELLS) == [0.25, 0.282, 0.315]


def test_a_piece_a_cell_holds_is_no_misread_row() -> None:
    # 新臺幣壹萬元整 is one cell over rows 五 and 六, printed centred between them, so
    # it places neither (``row_heights`` leaves a tall cell out), and 沒收 is both
    # rows'. The piece is most of row 五's letters in order, but a cell holds it: it is
    # not 五 read as one misread run, and 五 is not put half a row low.
    cells = [["四", "借據影本", "附卷"], ["五", "新臺幣壹萬元整", "沒收"], ["六", "", "沒收"]]
    cells.append(["七", "存摺", "附卷"])
    pieces = [
        Piece(0.5, 0.25, "借據影本"),
        Piece(0.5, 0.28, "沒收"),
        Piece(0.3, 0.295, "新臺幣壹萬元整"),  # centred between 五 and 六
        Piece(0.5, 0.31, "沒收"),
        Piece(0.5, 0.34, "存摺"),
    ]
    holders = table_scan._all_holders(pieces, cells)
    assert holders[2] == {(1, 1)}
    placing = [held - {(1, 1)} for held in holders]  # as table_scan leaves a tall cell out
    heights = row_heights(pieces, placing, len(cells))
    assert heights == [0.25, None, None, 0.34]
    assert misread_rows(pieces, holders, heights, cells) == heights
    # Unheld (misread: 壹 read as 豆), the same piece is row 五 read as one run.
    pieces[2] = Piece(0.3, 0.295, "新臺幣豆萬元整")
    holders = table_scan._all_holders(pieces, cells)
    assert misread_rows(pieces, holders, heights, cells) == [0.25, 0.295, None, 0.34]


def test_a_run_two_rows_read_whole_names_neither() -> None:
    # Row 六 lost a cell (新臺幣壹萬元) and its cells after it slid left; row 五 has
    # 現金 and 沒收 in its last two columns. A run 現金新臺幣壹萬元李○○沒收 reads both
    # rows whole (each's cells in order): it is neither row's alone, so the letters
    # between 現金 and 李○○ name no row.
    five = ["五", "", "", "現金", "沒收"]
    six = ["六", "現金", "李○○", "沒收", ""]
    table = tables(markdown([*ROWS[:4], five, six]))[0]
    cells = [[c.value for c in row.cells] for row in table]
    pieces = [Piece(0.5, 0.3, "現金新臺幣壹萬元李○○沒收")]
    holders = table_scan._all_holders(pieces, cells)
    assert {r for r, _c in holders[0]} == {5, 6}
    assert table_runs.gaps(pieces, holders, table, cells) == []
    # With 五 as a row the run does not read, the same run names 六.
    alone = tables(markdown([*ROWS[:4], ["五", "手機", "一支", "王○○", "已發還"], six]))[0]
    cells = [[c.value for c in row.cells] for row in alone]
    holders = table_scan._all_holders(pieces, cells)
    assert [p.row for p in table_runs.gaps(pieces, holders, alone, cells)] == [alone[6]]
