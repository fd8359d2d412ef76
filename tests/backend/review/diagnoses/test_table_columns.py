"""Cells that do not stand in their column on the page (``table_columns``): text
the page has where the transcript's row is empty, a cell on another column's line
when its own column's cells are read in runs, a cell off its column's flush-left
line; and the tables read right that must stay quiet (a column of words of one
length with a longer one in it, a cell over two rows centred between them)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.diagnoses.table_columns import Placed
from backend.review.diagnoses.table_other_column import at_other_column
from backend.review.diagnoses.table_rows import tables
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_columns_helpers import CELLS, LETTER, PITCH
from tests.backend.review.diagnoses.table_sample_helpers import COLUMNS, HEADER, ROWS, markdown
from tests.backend.review.diagnoses.table_scan_helpers import named_at
from tests.properties import examples

Run = tuple[int, int]  # the columns an engine reads as one line: first and last


def _page(rows: Sequence[Sequence[str]], runs: dict[int, Run] | None = None) -> AltText:
    """The table as an engine reads it: a line per non-empty cell, set flush left at
    its column, with its box; row ``r``'s (-1: the header's) columns ``runs[r]`` read
    as one line (an engine reads close cells together: the line's box spans them)."""
    runs = runs or {}
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *rows]):
        y = 0.12 + r * PITCH
        first, last = runs.get(r - 1, (-1, -1))
        for c, (x, text) in enumerate(zip(COLUMNS, row, strict=True)):
            if first < c <= last or not text:
                continue  # read in the run, or nothing there
            if c == first:
                joined = "".join(row[first : last + 1])
                end = COLUMNS[last] + LETTER * len(row[last])
                lines.append((joined, (x, y, end, y + LETTER)))
            else:
                lines.append((text, (x, y, x + LETTER * len(text), y + LETTER)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return reading(lines)


@examples(10)
@given(row=st.integers(0, len(ROWS) - 1), column=st.integers(1, 3))
def test_text_the_page_has_where_the_row_is_empty_is_named(row: int, column: int) -> None:
    # The transcript's row left a cell empty that the page fills (its content slid
    # away, or was lost): what the page has there is named at the row.
    written = [list(r) for r in ROWS]
    written[row][column] = ""
    page = _page(ROWS)
    detail = named_at(markdown(written), page, row)
    assert "where its cells are empty" in detail
    assert ROWS[row][column] in detail
    assert found(markdown(ROWS), page, CELLS) == []


# Every row's 數量 and 所有人 read as one line: the 所有人 column's cells are never read
# alone, so it has no place of its own on the page.
RUNS = {r: (2, 3) for r in range(len(ROWS))}


@examples(10)
@given(row=st.integers(0, len(ROWS) - 1), alone=st.sampled_from([4, 2]))
def test_a_cell_on_another_columns_line_is_named_when_its_own_has_none(
    row: int, alone: int
) -> None:
    # The page leaves the row's 所有人 empty; the transcript dropped the empty cell, so
    # its 備註 slid under 所有人 and an empty cell closes the row. ``alone``: how many
    # other rows' 備註 the engine reads alone (the others in a run with 數量 and 所有人):
    # two cells agreeing make a line.
    page_rows = [list(r) for r in ROWS]
    page_rows[row][3] = ""
    written = [list(r) for r in page_rows]
    written[row][3:] = [page_rows[row][4], ""]
    others = [r for r in range(len(ROWS)) if r != row]
    runs = {r: RUNS[r] if k < alone else (2, 4) for k, r in enumerate(others)}
    page = _page(page_rows, runs)
    detail = named_at(markdown(written), page, row)
    assert "cell 4 is under column 5" in detail
    assert found(markdown(page_rows), page, CELLS) == []


@pytest.mark.parametrize("row", range(len(ROWS)))
def test_a_columns_heading_and_one_cell_make_its_line(row: int) -> None:
    # Corpus seed 212 page 26: one other row's 備註 read alone, the rest in runs; the
    # column's heading (read alone, on the same flush-left line) and that one cell say
    # where the column stands, and the slid cell stands there.
    page_rows = [list(r) for r in ROWS]
    page_rows[row][3] = ""
    written = [list(r) for r in page_rows]
    written[row][3:] = [page_rows[row][4], ""]
    others = [r for r in range(len(ROWS)) if r != row]
    runs = {r: RUNS[r] if k < 1 else (2, 4) for k, r in enumerate(others)}
    page = _page(page_rows, runs)
    assert "cell 4 is under column 5" in named_at(markdown(written), page, row)
    assert found(markdown(page_rows), page, CELLS) == []


# A 數量 column set flush left whose cells have other lengths, so only their left
# edges line up; each row's 數量, 所有人 and 備註 read as one line.
VARIED = [
    ["一", "扣案機車", "十五輛", "王○○", "已發還"],
    ["二", "行動電話", "二支", "林○○", "沒收"],
    ["三", "存摺", "一本又二頁", "陳○○", "附卷"],
    ["四", "借據影本", "新臺幣壹萬元", "張○○", "附卷"],
    ["五", "現金", "三份", "李○○", "沒收"],
]


@examples(10)
@given(row=st.integers(0, len(VARIED) - 1))
def test_a_cell_off_its_columns_flush_left_line_is_named(row: int) -> None:
    # The page leaves the row's 數量 empty; the transcript dropped it, so its 所有人
    # slid into 數量: that cell begins a line three columns of letters to the right of
    # where the 數量 column's cells begin.
    page_rows = [list(r) for r in VARIED]
    page_rows[row][2] = ""
    written = [list(r) for r in page_rows]
    written[row][2:] = [*page_rows[row][3:], ""]
    runs = {r: (3, 4) if r == row else (2, 4) for r in range(len(VARIED))}
    page = _page(page_rows, runs)
    detail = named_at(markdown(written), page, row)
    assert "cell 3" in detail
    assert found(markdown(page_rows), page, CELLS) == []


def test_a_longer_word_in_a_column_of_words_of_one_length_is_quiet() -> None:
    # 備註's cells are two letters (沒收, 附卷), so every edge of theirs lines up; one
    # row's is longer, set flush left like the rest, and read in a run with 所有人 (only
    # its right edge measured, off the two-letter words' right edges). It is in its
    # column: the column's left edges line up too, so the right edge proves nothing.
    rows = [list(r) for r in ROWS]
    rows[0][4] = "已發還被告"
    rows[2][4] = rows[3][4] = "沒收"
    page = _page(rows, {0: (3, 4)})
    assert found(markdown(rows), page, CELLS) == []


def test_a_cell_over_two_rows_centred_between_them_is_no_filled_cell() -> None:
    # Corpus seed 515 page 18: 現金 over two rows (rowspan) repeats 現金 above it; the
    # page prints it once, half-way between its two rows, which is no row's height.
    html = [
        "<tr><th>編號</th><th>物品</th><th>所有人</th><th>備註</th></tr>",
        "<tr><td>一</td><td>本票</td><td>丁○○</td><td>現金</td></tr>",
        '<tr><td>二</td><td>存摺</td><td>甲○○</td><td rowspan="2">現金</td></tr>',
        "<tr><td>三</td><td>印章</td><td>乙○○</td></tr>",
        "<tr><td>四</td><td>機車</td><td>丙○○</td><td>沒收</td></tr>",
    ]
    text = "主文\n附表\n<table>" + "".join(html) + "</table>\n以上正本證明與原本無異。"
    grid = [
        ("編號", "物品", "所有人", "備註"),
        ("一", "本票", "丁○○", "現金"),
        ("二", "存摺", "甲○○", ""),
        ("三", "印章", "乙○○", ""),
        ("四", "機車", "丙○○", "沒收"),
    ]
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(grid):
        y = 0.12 + r * PITCH
        for x, cell in zip(COLUMNS, row, strict=False):
            if cell:
                lines.append((cell, (x, y, x + LETTER * len(cell), y + LETTER)))
    y = 0.12 + 2.5 * PITCH  # half-way between rows 二 and 三
    lines.append(("現金", (COLUMNS[3], y, COLUMNS[3] + 2 * LETTER, y + LETTER)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    assert found(text, reading(lines), CELLS) == []


def test_a_long_cell_on_its_own_columns_line_is_in_its_column() -> None:
    # Corpus seed 212 page 29: a long amount, set flush left in its column, ends where
    # the next column's short cells end (a narrow page's columns crowd). It starts on
    # its own column's line, so it is in its column, wherever its other edges fall.
    table = tables(markdown(ROWS))[0]
    placed = [
        Placed(r, c, left, left + LETTER * n, n)
        for r, n in ((1, 2), (2, 4), (3, 3), (4, 5), (5, 11))  # 數量's lengths, flush left
        for c, left in ((2, COLUMNS[2]),)
    ]
    placed += [Placed(r, 3, COLUMNS[3], COLUMNS[3] + 2 * LETTER, 2) for r in range(1, 6)]
    long_cell = placed[4]
    assert long_cell.right == pytest.approx(COLUMNS[3] + 2 * LETTER)  # the next one's line
    assert at_other_column(placed, table, LETTER) == []


@pytest.mark.parametrize("measured", [4, 1])
def test_a_long_cell_measured_by_its_right_edge_alone_on_the_next_columns_line_is_in_its_column(
    measured: int,
) -> None:
    # Corpus seed 1021 page 5: a long date set flush left in a wide column, read in a run
    # ending with it (its right edge measured, not its left), ends where the next
    # column's short cells end. Its letters put its left edge on its own column's line
    # (``measured`` of its column's other cells read alone: 4, the line is known), or
    # its middle nearer its own column's other cells than the next one's (1: no line).
    table = tables(markdown(ROWS))[0]
    placed = [
        Placed(r, 2, COLUMNS[2], COLUMNS[2] + LETTER * n, n)
        for r, n in list(zip(range(1, 5), (8, 4, 9, 5), strict=True))[:measured]
    ]
    placed += [Placed(r, 3, COLUMNS[3], COLUMNS[3] + 2 * LETTER, 2) for r in range(1, 6)]
    long_date = Placed(5, 2, None, COLUMNS[3] + 2 * LETTER, 11)  # starts at COLUMNS[2]
    assert at_other_column([*placed, long_date], table, LETTER) == []


def test_a_long_cell_whose_estimated_left_edge_is_on_its_columns_line_is_in_its_column() -> None:
    # The other way _elsewhere keeps a cell in its column: its middle, as its letters
    # put it, is nearer the next column's cells than its own column's others (a long
    # cell in a column of short ones), but its estimated left edge stands on its own
    # column's flush-left line. Ten letters read at the end of a run whose box ends a
    # letter past them, on the next column's right-hand line: its left edge is
    # estimated a letter right of the line (within OFF), its middle at 0.54, nearer
    # the next column's 0.62 than its own column's 0.445.
    table = tables(markdown(ROWS))[0]
    placed = [
        Placed(r, 2, COLUMNS[2], COLUMNS[2] + LETTER * n, n)
        for r, n in zip(range(1, 5), (2, 8, 3, 2), strict=True)
    ]
    placed += [Placed(r, 3, COLUMNS[3], COLUMNS[3] + 2 * LETTER, 2) for r in range(1, 6)]
    long_cell = Placed(5, 2, None, COLUMNS[3] + 2 * LETTER, 10)
    assert at_other_column([*placed, long_cell], table, LETTER) == []
    # Its own column's line is what keeps it: two letters shorter, its estimated left
    # edge beyond OFF of the line, it is named under the next column.
    moved = Placed(5, 2, None, COLUMNS[3] + 2 * LETTER, 8)
    assert [p.detail for p in at_other_column([*placed, moved], table, LETTER)] == [
        "a table row's cell 3 is under column 4 on the page"
    ]


@examples(8)
@given(row=st.integers(1, len(ROWS) - 1))
def test_a_cell_filled_from_above_in_a_column_read_in_runs_is_named(row: int) -> None:
    # The 所有人 column is only ever read in runs with 數量 (its heading too: row -1),
    # so its middle is unknown; the page leaves the row's 所有人 empty and the
    # transcript repeats the one above.
    page_rows = [list(r) for r in ROWS]
    page_rows[row][3] = ""
    written = [list(r) for r in page_rows]
    written[row][3] = page_rows[row - 1][3]
    runs = {r: run for r, run in RUNS.items() if r != row} | {-1: (2, 3)}
    page = _page(page_rows, runs)
    assert "repeats the cell above it" in named_at(markdown(written), page, row)
    assert found(markdown(page_rows), page, CELLS) == []


def test_each_row_out_of_place_is_a_place_at_its_cell() -> None:
    # Two rows whose 數量 the transcript left empty where the page has it: one
    # diagnosis (at the first), naming both rows, and a place at each empty cell with
    # what the page has there (the Table dock marks each).
    written = [list(r) for r in ROWS]
    written[1][2] = written[3][2] = ""
    text = markdown(written)
    (diagnosis,) = found(text, _page(ROWS), CELLS)
    assert "2 rows of this table" in diagnosis.detail
    rows = tables(text)[0]
    empty = [next(c for c in rows[r + 1].cells if c.column == 2) for r in (1, 3)]
    assert [(p.start, p.end) for p in diagnosis.places] == [(c.start, c.end) for c in empty]
    assert [ROWS[r][2] in p.detail for r, p in zip((1, 3), diagnosis.places, strict=True)] == [
        True,
        True,
    ]
    assert diagnosis.as_json()["places"][1]["detail"] == diagnosis.places[1].detail


def test_a_row_whose_cells_all_repeat_other_rows_is_placed_between_its_neighbours() -> None:
    # Row 三's cells are all row 一's (現金, 王○○, 沒收): no piece places it alone. Its
    # pieces stand below row 二 and above row 四, where only row 三 can be; there the
    # page leaves 數量 empty and the transcript repeats the cell above.
    page_rows = [
        ["一", "現金", "十五輛", "王○○", "沒收"],
        ["二", "存摺", "二支", "林○○", "附卷"],
        ["三", "現金", "", "王○○", "沒收"],
        ["四", "存摺", "三份", "林○○", "附卷"],
    ]
    written = [list(r) for r in page_rows]
    written[2][2] = "二支"
    page = _page(page_rows)
    assert "repeats the cell above it" in named_at(markdown(written), page, 2)
    assert found(markdown(page_rows), page, CELLS) == []


@examples(8)
@given(row=st.integers(0, len(ROWS) - 2))
def test_two_rows_merged_are_named_when_the_engine_reads_each_row_in_one_run(row: int) -> None:
    # Every row of the page read as one line from 物品名稱 to 備註: no piece is one
    # cell, so the merged row's halves are found inside the runs, one row apart.
    joined = [a + b for a, b in zip(ROWS[row], ROWS[row + 1], strict=True)]
    written = [*ROWS[:row], joined, *ROWS[row + 2 :]]
    page = _page(ROWS, {r: (1, 4) for r in range(-1, len(ROWS))})
    assert "holds two rows of the page" in named_at(markdown(written), page, row)
    assert found(markdown(ROWS), page, CELLS) == []
