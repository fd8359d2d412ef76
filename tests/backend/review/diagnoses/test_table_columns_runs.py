"""A table's columns where the engine read cells in runs with their neighbours, or took
a mark into a cell's box (``table_columns``, ``table_other_column``, ``table_runs``):
split from test_table_columns.py, whose page geometry this shares
(``table_columns_helpers``)."""

from __future__ import annotations

import pytest

from backend.review.diagnoses import table_runs, table_scan
from backend.review.diagnoses.table_columns import Placed
from backend.review.diagnoses.table_other_column import at_other_column
from backend.review.diagnoses.table_pieces import Piece
from backend.review.diagnoses.table_rows import tables
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_columns_helpers import CELLS, LETTER, PITCH
from tests.backend.review.diagnoses.table_sample_helpers import COLUMNS, HEADER, ROWS, markdown


def test_a_cell_whose_box_took_in_a_mark_beside_it_is_in_its_column() -> None:
    # Corpus seed 818 page 32: 備註 holds words of two lengths set flush left, so only
    # its left edges line up; one 由被告負擔's box also took in a mark to its left (a
    # rule's stub read as ｜), so its left edge is two letters off. Its right edge is
    # where the other 由被告負擔's end: it is in its column.
    rows = [list(r) for r in ROWS]
    for r, note in enumerate(["由被告負擔", "沒收", "由被告負擔", "附卷", "由被告負擔"]):
        rows[r][4] = note
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *rows]):
        y = 0.12 + r * PITCH
        for c, (x, text) in enumerate(zip(COLUMNS, row, strict=True)):
            left = x - 2.5 * LETTER if (r, c) == (3, 4) else x
            shown = "｜" + text if (r, c) == (3, 4) else text
            lines.append((shown, (left, y, x + LETTER * len(text), y + LETTER)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    assert found(markdown(rows), reading(lines), CELLS) == []


def test_long_cells_read_in_runs_in_a_centred_column_are_in_their_column() -> None:
    # (helper R) 物品 is centred; most of its cells are two letters, so their left edges
    # line up as well as their right ones, and two long cells read in runs with a
    # neighbour (one edge each) break the left line. That the column "lines up by its
    # right edge alone" the two-letter cells do not show: the long cells are in it.
    header = ["編號", "物品", "數量"]
    body = [
        ["一", "存摺", "1本"],
        ["二", "扣案機車行動電話存摺", "2支"],
        ["三", "借據影本現金新臺幣", "3份"],
        ["四", "現金", "4份"],
        ["五", "附卷", "5份"],
        ["六", "沒收", "6份"],
        ["七", "金元金元摺", "7份"],
    ]
    middle = 0.41
    lines = [("主文", (0.45, 0.05, 0.55, 0.07))]
    for r, row in enumerate([header, *body]):
        y = 0.12 + r * PITCH
        width = LETTER * len(row[1])
        left = middle - width / 2
        if r == 2:  # 編號 and 物品 read as one line, ending at 物品's right edge
            lines += [("二 " + row[1], (0.08, y, left + width, y + LETTER))]
            lines += [(row[2], (0.6, y, 0.64, y + LETTER))]
        elif r == 3:  # 物品 and 數量 read as one line, beginning at 物品's left edge
            lines += [(row[0], (0.08, y, 0.1, y + LETTER))]
            lines += [(row[1] + " " + row[2], (left, y, 0.64, y + LETTER))]
        else:
            edges = [(0.08, 0.08 + LETTER * len(row[0])), (left, left + width), (0.6, 0.64)]
            lines += [(t, (a, y, b, y + LETTER)) for t, (a, b) in zip(row, edges, strict=True)]
    lines.append(("以上正本證明與原本無異。", (0.1, 0.6, 0.4, 0.62)))
    text = (
        "主文\n"
        + "\n".join(
            ["| " + " | ".join(header) + " |", "|---|---|---|"]
            + ["| " + " | ".join(r) + " |" for r in body]
        )
        + "\n以上正本證明與原本無異。"
    )
    assert found(text, reading(lines), CELLS) == []


@pytest.mark.parametrize("row", [1, 2, 3, 4, 5])
def test_a_cell_on_the_line_its_neighbours_letters_give_another_column_is_named(row: int) -> None:
    # Corpus seed 1122 page 53: the last column (備註), set flush left, has each cell
    # read at the end of a run, so only its right edges are measured, and they are
    # ragged (cells of 3, 2, 5 letters): no measured line. A cell slid left into the
    # column before it (read alone, both edges measured) begins where the letters of
    # the last column's cells put their left edges, far off its own column's line.
    table = tables(markdown(ROWS))[0]
    others = [r for r in range(1, 6) if r != row]
    placed = [Placed(r, 3, COLUMNS[3], COLUMNS[3] + 3 * LETTER, 3) for r in others[:3]]
    placed += [
        Placed(r, 4, None, COLUMNS[4] + n * LETTER, n)
        for r, n in zip(others[:3], (3, 2, 5), strict=True)
    ]
    named = [(table[row], "a table row's cell 4 is under column 5 on the page")]
    # On the line, or 0.7 of a letter off it (the letters' widths only estimate where
    # the cells begin: corpus seed 212 page 10); a letter and a half off, not on it.
    for off, expected in ((0.0, named), (-0.7, named), (0.7, named), (1.5, [])):
        left = COLUMNS[4] + off * LETTER
        slid = Placed(row, 3, left, left + 2 * LETTER, 2)
        assert [
            (p.row, p.detail) for p in at_other_column([*placed, slid], table, LETTER)
        ] == expected
    slid = Placed(row, 3, COLUMNS[4], COLUMNS[4] + 2 * LETTER, 2)
    # Where that column's cells are of one length and ragged by their letters too, the
    # letters put their left edges nowhere in line: no line, nothing named.
    ragged = [
        Placed(p.row, 4, None, COLUMNS[4] + (1 + 3 * k) * LETTER, 2)
        for k, p in enumerate(placed[3:])
    ]
    assert at_other_column([*placed[:3], *ragged, slid], table, LETTER) == []


@pytest.mark.parametrize(
    ("run", "named"),
    [
        ("現金新臺幣壹萬元李○○沒收", True),  # the lost cell between 現金 and 李○○
        ("五現金新臺幣壹萬元李○○沒收", True),
        ("現金李○○沒收", False),  # read right
        ("現金李印○○沒收", False),  # no two neighbouring cells with letters between
        ("現金印記李○○沒收", False),  # fewer than GAP letters: a mark, a seal's edge
    ],
)
def test_a_row_read_whole_with_a_cell_it_lacks_between_two_of_its_cells_is_named(
    run: str, named: bool
) -> None:
    # Corpus seed 818 page 26: a row read whole as one run, 三萬六千一百七十元 between
    # 第35頁 and 沒收; the transcript lost that cell and slid 沒收 left. Here row 五
    # lost 新臺幣壹萬元 (its cells after it slid left, an empty cell closing the row).
    table = tables(markdown([*ROWS[:4], ["五", "現金", "李○○", "沒收", ""]]))[0]
    cells = [[c.value for c in row.cells] for row in table]
    pieces = [Piece(0.5, 0.3, run)]
    problems = table_runs.gaps(pieces, table_scan._all_holders(pieces, cells), table, cells)
    expected = [(table[5], "a table row's cell 3 is under column 4 on the page")]
    assert [(p.row, p.detail) for p in problems] == (expected if named else [])
