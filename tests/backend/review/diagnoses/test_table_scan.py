"""A table's rows against the page's rows (``table_scan``): a row lost, two rows
merged, a cell filled from the one above, each named at its row from where the
engine read each cell; a table read right, or with a long cell wrapped over two
lines, is quiet."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.diagnoses import table_scan
from tests.backend.review.diagnoses.layout_helpers import found, misread, reading
from tests.backend.review.diagnoses.table_sample_helpers import (
    COLUMNS,
    HEADER,
    ROWS,
    cell_by_cell,
    markdown,
)
from tests.backend.review.diagnoses.table_scan_helpers import CELLS, MIDDLE, Lines, named_at
from tests.properties import examples


@examples(10)
@given(row=MIDDLE, noise=st.floats(0.0, 0.1))
def test_a_row_lost_is_named_at_the_row_after_it(row: int, noise: float) -> None:
    text = markdown([r for k, r in enumerate(ROWS) if k != row])
    detail = named_at(text, cell_by_cell(random.Random(row), noise), row)
    assert "between these two table rows is missing" in detail
    assert any(cell in detail for cell in ROWS[row][1:])  # what the page has there


@examples(10)
@given(row=MIDDLE, noise=st.floats(0.0, 0.1))
def test_two_rows_merged_are_named(row: int, noise: float) -> None:
    joined = [a + b for a, b in zip(ROWS[row], ROWS[row + 1], strict=True)]
    text = markdown([*ROWS[:row], joined, *ROWS[row + 2 :]])
    detail = named_at(text, cell_by_cell(random.Random(row), noise), row)
    assert "holds two rows of the page" in detail


def _with_empty(row: int, column: int) -> list[list[str]]:
    rows = [list(r) for r in ROWS]
    rows[row][column] = ""
    return rows


@examples(10)
@given(row=st.integers(1, len(ROWS) - 1), column=st.integers(1, len(HEADER) - 1))
def test_a_cell_filled_from_the_one_above_is_named(row: int, column: int) -> None:
    page = _with_empty(row, column)  # the scan leaves the cell empty
    written = [list(r) for r in page]
    written[row][column] = page[row - 1][column]
    engine = _engine(page, random.Random(row), 0.0)
    detail = named_at(markdown(written), engine, row)
    assert "repeats the cell above it" in detail
    assert found(markdown(page), engine, CELLS) == []


def _engine(rows: list[list[str]], rng: random.Random, noise: float, more: Lines = ()) -> AltText:
    """``cell_by_cell`` for other rows: a line a non-empty cell, with its box; then
    ``more`` lines."""
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1)), *more]
    for r, row in enumerate([HEADER, *rows]):
        y = 0.12 + r * 0.03
        for x, text in zip(COLUMNS, row, strict=True):
            if text:
                lines.append((misread(text, rng, noise), (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return reading(lines)


@examples(5)
@given(row=st.integers(0, len(ROWS) - 1))
def test_a_long_cell_wrapped_over_two_lines_is_no_merge(row: int) -> None:
    # The page wraps one long cell in its column: two pieces at two heights, in one
    # cell of the row (a merge would join every column).
    rows = [list(r) for r in ROWS]
    rows[row][1] = "扣案之行動電話及充電器"
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, cells in enumerate([HEADER, *rows]):
        y = 0.12 + r * 0.045
        for c, (x, text) in enumerate(zip(COLUMNS, cells, strict=True)):
            parts = [text[:6], text[6:]] if c == 1 and len(text) > 6 else [text]
            for k, part in enumerate(parts):
                top = y + k * 0.022 - (0.011 if len(parts) == 2 else 0)
                lines.append((part, (x, top, x + 0.02 * len(part), top + 0.02)))
    assert found(markdown(rows), reading(lines), CELLS) == []


@pytest.mark.parametrize("row", range(len(ROWS)))
def test_two_long_cells_wrapped_around_a_run_of_short_ones_are_no_merge(row: int) -> None:
    # Two long cells of the row wrap over two lines each (four pieces at two heights),
    # and the engine reads the row's short cells between them as one run, centred on
    # the row: two cells at two heights, none read alone, had named the row merged.
    rows = [list(r) for r in ROWS]
    rows[row][1] = "扣案之行動電話及充電器"
    rows[row][4] = "發還被告所有之扣押物"
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, cells in enumerate([HEADER, *rows]):
        y = 0.12 + r * 0.045
        for c, (x, text) in enumerate(zip(COLUMNS, cells, strict=True)):
            if r == row + 1 and c in (2, 3):
                if c == 2:  # 數量 and 所有人 read together
                    end = COLUMNS[3] + 0.02 * len(cells[3])
                    lines.append((cells[2] + cells[3], (x, y, end, y + 0.02)))
                continue
            parts = [text[:6], text[6:]] if c in (1, 4) and len(text) > 6 else [text]
            for k, part in enumerate(parts):
                top = y + k * 0.022 - (0.011 if len(parts) == 2 else 0)
                lines.append((part, (x, top, x + 0.02 * len(part), top + 0.02)))
    assert found(markdown(rows), reading(lines), CELLS) == []


@pytest.mark.parametrize("row", range(len(ROWS) - 1))
def test_a_merged_row_whose_lower_row_is_partly_empty_is_named_though_a_run_reads_the_upper(
    row: int,
) -> None:
    # The page's lower row has text in two columns only, so the transcript's merged row
    # has those two cells at two heights and its other cells are the upper row's, which
    # the engine reads as one run (數量 and 所有人 joined): at the upper row's height, one
    # of the two the merged cells were found at, so they count as no row's one-line cell
    # (00fc656's BETWEEN; counting every cell read in a run lost rows_merged recall).
    page = [list(r) for r in ROWS]
    page.insert(row + 1, ["", "扣案之行動電話", "", "", "發還被告"])
    joined = [a + b for a, b in zip(page[row], page[row + 1], strict=True)]
    written = [*page[:row], joined, *page[row + 2 :]]
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, cells in enumerate([HEADER, *page]):
        y = 0.12 + r * 0.03
        for c, (x, text) in enumerate(zip(COLUMNS, cells, strict=True)):
            if r == row + 1 and c == 2:  # the upper row's 數量 and 所有人 read together
                # Its box a fifth of a line lower than its row's others (a run's box
                # is not its row's to the pixel): still at that row, within BETWEEN.
                end, low = COLUMNS[3] + 0.02 * len(cells[3]), y + 0.004
                lines.append((cells[2] + cells[3], (x, low, end, low + 0.02)))
            elif text and not (r == row + 1 and c == 3):
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.45, 0.4, 0.47)))
    detail = named_at(markdown(written), reading(lines), row)
    assert "holds two rows of the page" in detail


@examples(5)
@given(noise=st.floats(0.0, 0.1))
def test_the_last_row_lost_is_named_below_the_table(noise: float) -> None:
    text = markdown(ROWS[:-1])
    detail = named_at(text, cell_by_cell(random.Random(7), noise), len(ROWS) - 2)
    assert "below this table row is missing" in detail
    assert any(cell in detail for cell in ROWS[-1][1:])  # what the page has there


def test_a_line_of_text_right_below_the_table_is_no_lost_row() -> None:
    # One piece across the columns, a row's pitch below the last row: the page's text
    # after the table, which the transcript has after it too.
    after = "上開扣案物品均發還所有人"
    text = markdown(ROWS).replace("\n以上正本", f"\n{after}\n以上正本")
    y = 0.12 + (len(ROWS) + 1) * 0.03
    engine = _engine(ROWS, random.Random(3), 0.0, [(after, (0.08, y, 0.7, y + 0.02))])
    assert found(text, engine, CELLS) == []


def test_a_line_of_text_holding_a_short_cell_does_not_place_its_row() -> None:
    # Tesseract, corpus seed 202 page 8: a sentence above the table held the cell 由被告負擔
    # and put its row on the sentence's line, so the table's next lines stood "between"
    # two rows and were named a lost row. A piece places a row it reads whole, or a cell.
    row = [["2", "裁判費", "1300元", "由被告負擔"]]
    sentence = table_scan._Piece(0.3, 0.2, "訴訟費用由被告負擔百分之十餘由原告負擔")
    whole = table_scan._Piece(0.5, 0.7, "裁判費1300元由被告負擔")
    cell = table_scan._Piece(0.7, 0.7, "由被告負擔")
    assert table_scan._holders(sentence, row) == set()
    assert table_scan._holders(whole, row) == {(0, 1), (0, 2), (0, 3)}
    assert table_scan._holders(cell, row) == {(0, 3)}


@pytest.mark.parametrize(
    "pieces",
    [
        [("中華民國一一二年", 0.1, 0.3), ("五月三日", 0.5, 0.6)],
        [("中華民國", 0.08, 0.18), ("一一二年", 0.4, 0.5), ("五月三日", 0.6, 0.7)],
    ],
)
def test_a_line_read_in_pieces_right_below_the_table_is_no_lost_row(
    pieces: list[tuple[str, float, float]],
) -> None:
    # (helper R's reproducer) A date line below the table, read as pieces under several
    # columns: the transcript has it, after the table, so it is no row the table lost.
    line = "　".join(p for p, _a, _b in pieces)
    text = markdown(ROWS).replace("\n以上正本", f"\n{line}\n以上正本")
    y = 0.12 + (len(ROWS) + 1) * 0.03
    more = [(p, (a, y, b, y + 0.02)) for p, a, b in pieces]
    engine = _engine(ROWS, random.Random(3), 0.0, more)
    assert found(text, engine, CELLS) == []


@examples(20)
@given(
    cells=st.lists(st.lists(st.text("一二三元份", max_size=5), max_size=4), max_size=5),
    letters=st.text("一二三元份", min_size=1, max_size=3),
)
def test_the_cell_index_finds_the_cells_holding_letters(
    cells: list[list[str]], letters: str
) -> None:
    # _CellIndex answers what scanning every cell answered (it is only faster).
    scanned = [
        (r, c)
        for r, row in enumerate(cells)
        for c, text in enumerate(row)
        if len(text) >= table_scan.MIN_PIECE and letters in text
    ]
    assert table_scan._CellIndex(cells).holding(letters) == scanned


def test_a_piece_holding_two_cells_out_of_their_order_does_not_read_the_row() -> None:
    # Corpus seed 616 page 25: row 3's 由被告負擔 | 現金, read as one line, also holds
    # row 5's 現金 | 由被告負擔, and row 5 has few cells; the piece had placed row 5 on
    # row 3's line. An engine reads a row left to right.
    row = [["5", "律師酬金", "", "中華民國一〇一年九月二十七日", "現金", "由被告負擔"]]
    reversed_run = table_scan._Piece(0.7, 0.2, "由被告負擔現金")
    in_order = table_scan._Piece(0.7, 0.2, "現金由被告負擔")
    assert table_scan._holders(reversed_run, row) == set()
    assert table_scan._holders(in_order, row) == {(0, 4), (0, 5)}


def test_a_row_read_whole_with_its_later_cells_misread_is_placed_by_its_first_cells() -> None:
    # Corpus seed 919 page 38: 第六期 and its date, read with the amount (4,060元 for
    # 14,060元) as one line, are two of the row's six cells but most of the line: the
    # line is the row's (it had placed no row, so a cell filled from above went unseen).
    # Two cells with letters between them (二十 | 汽車 in 二十二汽車) are not a run.
    rows = [
        ["第六期", "中華民國九七年九月十六日", "14060元", "朱○○", "已繳", "15噸"],
        ["二十", "汽車", "二十一份", "武○涵", "匯款", "十份"],
    ]
    run = table_scan._Piece(0.3, 0.3, "第六期中華民國九七年九月十六日4060元")
    apart = table_scan._Piece(0.3, 0.3, "二十二汽車")
    assert table_scan._holders(run, rows) == {(0, 0), (0, 1)}
    assert table_scan._holders(apart, rows) == set()


def test_a_misread_cell_over_two_rows_between_them_is_no_lost_row() -> None:
    # Corpus seed 616 page 19: a date over two rows (rowspan), printed half-way between
    # them and read with a letter dropped (no cell holds it): the cell, not a row lost.
    text = (
        "附表\n<table><tr><th>編號</th><th>項目</th><th>金額</th><th>日期</th></tr>"
        "<tr><td>一</td><td>勘驗費</td><td>伍萬元</td><td>民國106年4月4日</td></tr>"
        "<tr><td>二</td><td>抄錄費</td><td>24,610元</td><td>民國103年9月3日</td></tr>"
        '<tr><td>三</td><td>裁判費</td><td>六千元</td><td rowspan="2">民國103年6月15日</td></tr>'
        "<tr><td>四</td><td>影印費</td><td>71,960元</td></tr>"
        "<tr><td>五</td><td>執行費</td><td>3,640元</td><td>民國99年5月11日</td></tr></table>"
    )
    xs = COLUMNS[:4]
    grid = [
        ("編號", "項目", "金額", "日期"),
        ("一", "勘驗費", "伍萬元", "民國106年4月4日"),
        ("二", "抄錄費", "24,610元", "民國103年9月3日"),
        ("三", "裁判費", "六千元", ""),
        ("四", "影印費", "71,960元", ""),
        ("五", "執行費", "3,640元", "民國99年5月11日"),
    ]
    lines = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(grid):
        y = 0.12 + r * 0.03
        for x, cell in zip(xs, row, strict=True):
            if cell:
                lines.append((cell, (x, y, x + 0.02 * len(cell), y + 0.02)))
    y = 0.12 + 3.5 * 0.03  # half-way between 三 and 四
    lines.append(("民國10年6月15日", (xs[3], y, xs[3] + 0.2, y + 0.02)))  # 3 dropped
    assert found(text, reading(lines), CELLS) == []


def test_a_numbering_column_read_down_as_one_line_is_no_lost_row() -> None:
    # Corpus seed 818 page 19: RapidOCR read the 編號 cells of four rows (7, 8, 九, 10)
    # as one line; its box's middle stands between two rows, and no one cell holds it.
    rows = [list(r) for r in ROWS]
    numbers = ["7", "8", "九", "10", "11"]
    for r, number in enumerate(numbers):
        rows[r][0] = number
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *rows]):
        y = 0.12 + r * 0.03
        for c, (x, text) in enumerate(zip(COLUMNS, row, strict=True)):
            if r == 0 or c > 0 or r == len(rows):
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    down = "".join(numbers[:4])  # rows 1-4's numbers, one tall box
    lines.append((down, (COLUMNS[0], 0.15, COLUMNS[0] + 0.03, 0.26)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    assert found(markdown(rows), reading(lines), CELLS) == []
