"""Table cells: a row that lost a cell (the cells after it slide left: a quantity
under the owner) is named, from the row's count of cells alone or, when the count
was kept (an empty cell added at the end), from where the engine read each cell on
the page; a table read right is quiet against a noisy cell-by-cell reading."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.diagnoses.table_rows import tables
from backend.review.values import DiagnosisKind
from bench.corpus.pages import make_page
from tests.backend.review.diagnoses.layout_helpers import (
    box,
    found,
    misread,
    reading,
    text_lines,
)
from tests.backend.review.diagnoses.table_sample_helpers import (
    COLUMNS,
    HEADER,
    ROWS,
    cell_by_cell,
    markdown,
)
from tests.properties import examples

CELLS = DiagnosisKind.TABLE_CELLS


def lost(row: int, cell: int, pad: bool) -> list[list[str]]:
    rows = [list(r) for r in ROWS]
    rows[row] = rows[row][:cell] + rows[row][cell + 1 :] + ([""] if pad else [])
    return rows


@examples(10)
@given(
    row=st.integers(0, len(ROWS) - 1),
    cell=st.integers(1, 3),
    with_alternate=st.booleans(),
    noise=st.floats(0.0, 0.15),
)
def test_a_row_that_lost_a_cell_is_named(
    row: int, cell: int, with_alternate: bool, noise: float
) -> None:
    text = markdown(lost(row, cell, pad=False))
    alternate = cell_by_cell(random.Random(row), noise) if with_alternate else None
    (found_row,) = found(text, alternate, CELLS)
    broken = tables(text)[0][row + 1]
    assert (found_row.start, found_row.end) == (broken.start, broken.end)
    assert "4 cells where its table has 5" in found_row.detail


@examples(10)
@given(row=st.integers(0, len(ROWS) - 1), cell=st.integers(1, 3), noise=st.floats(0.0, 0.1))
def test_cells_slid_left_under_other_columns_are_named_from_the_page(
    row: int, cell: int, noise: float
) -> None:
    # The count is kept (an empty cell at the end): only the page says it is wrong.
    text = markdown(lost(row, cell, pad=True))
    (found_row,) = found(text, cell_by_cell(random.Random(row), noise), CELLS)
    assert found_row.start == tables(text)[0][row + 1].start
    assert f"cell {cell + 1} is under column {cell + 2}" in found_row.detail


@examples(10)
@given(seed=st.integers(0, 1000), noise=st.floats(0.0, 0.15))
def test_a_table_read_right_is_quiet(seed: int, noise: float) -> None:
    text = markdown(ROWS)
    assert found(text, cell_by_cell(random.Random(seed), noise), CELLS) == []
    assert found(text, None, CELLS) == []


def test_html_rows_are_read_too() -> None:
    def html(rows: list[list[str]]) -> str:
        head = "<tr>" + "".join(f"<th>{c}</th>" for c in HEADER) + "</tr>"
        body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
        return f"附表\n<table>{head}{body}</table>"

    assert found(html(ROWS), None, CELLS) == []
    (row,) = found(html(lost(2, 2, pad=False)), None, CELLS)
    assert html(lost(2, 2, pad=False))[row.start : row.end].startswith("<tr><td>三</td>")


# ---- An engine reading a row, or a few close cells, as one line ----------------------


def in_runs(rng: random.Random, noise: float) -> AltText:
    """The table as RapidOCR often reads it: close cells merged into one line (a run of
    a row's cells, up to the whole row), read without the pipes, in one box."""
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *ROWS]):
        y = 0.12 + r * 0.03
        cuts = sorted(rng.sample(range(1, len(row)), rng.randint(0, len(row) - 1)))
        for a, b in zip([0, *cuts], [*cuts, len(row)], strict=True):
            text = " ".join(row[a:b])
            x0, x1 = COLUMNS[a], COLUMNS[b - 1] + 0.02 * len(row[b - 1])
            lines.append((misread(text, rng, noise), (x0, y, x1, y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return reading(lines)


@examples(20)
@given(seed=st.integers(0, 1000), noise=st.floats(0.0, 0.15))
@example(seed=367, noise=0.15)  # helper R: a5b439a named 附卷 filled (last column, no middle)
def test_cells_read_in_one_line_with_others_say_nothing_of_their_column(
    seed: int, noise: float
) -> None:
    # A line holding several cells has the middle of all of them: rows of other
    # lengths would look shifted if that middle placed each of its cells.
    assert found(markdown(ROWS), in_runs(random.Random(seed), noise), CELLS) == []


@pytest.mark.parametrize("seed", range(400, 420))
def test_generated_tables_read_a_row_a_line_are_quiet(seed: int) -> None:
    # bench/corpus pages with tables, each row read as one pipe-less line (misread 10%)
    for index in range(3):
        text = make_page(seed, index).text
        lines = [t for t in text_lines(text) if any(c.isalnum() for c in t)]
        if "|" not in text:
            continue
        rng = random.Random(seed * 7 + index)
        size = 0.84 / max(len(t) for t in lines)
        alternate = reading(
            [
                (misread(re.sub(r"\s*\|\s*", " ", t).strip(), rng, 0.1), box(0.08, r, len(t), size))
                for r, t in enumerate(lines)
            ]
        )
        assert found(text, alternate, CELLS) == []


# ---- HTML cells spanning columns and rows ---------------------------------------------

SPANNED = (
    "附表\n<table><tr><th>編號</th><th>項目</th><th>金額</th></tr>"
    '<tr><td rowspan="2">1</td><td>醫療費</td><td>1,000元</td></tr>'
    "<tr><td>看護費</td><td>2,000元</td></tr>"
    "<tr><td>2</td><td>交通費</td><td>500元</td></tr>"
    '<tr><td colspan="2">合計</td><td>3,500元</td></tr></table>\n以上正本證明與原本無異。'
)


def test_a_total_row_over_two_columns_and_a_group_under_one_cell_are_quiet() -> None:
    engine = reading(
        [
            (t, (0.1, 0.05 + 0.03 * n, 0.5, 0.07 + 0.03 * n))
            for n, t in enumerate(
                [
                    "附表",
                    "編號 項目 金額",
                    "1 醫療費 1,000元",
                    "看護費 2,000元",
                    "2 交通費 500元",
                    "合計 3,500元",
                    "以上正本證明與原本無異。",
                ]
            )
        ]
    )
    assert found(SPANNED, None, CELLS) == []
    assert found(SPANNED, engine, CELLS) == []


def test_a_spanned_row_that_lost_a_cell_is_still_named() -> None:
    text = SPANNED.replace("<td>2,000元</td>", "").replace("<td>3,500元</td>", "")
    (row,) = found(text, None, CELLS)
    assert text[row.start : row.end] == "<tr><td>看護費</td></tr>"
    assert "2 cells where its table has 3" in row.detail


# ---- One finding a table ----------------------------------------------------------------


def test_a_table_ragged_throughout_is_one_finding_naming_its_first_row_and_count() -> None:
    rows = [list(r) for r in ROWS * 600]  # 3,000 rows
    for n in range(7, len(rows), 3):
        del rows[n][2]
    text = markdown(rows)
    (row,) = found(text, None, CELLS)
    assert (row.start, row.end) == (tables(text)[0][8].start, tables(text)[0][8].end)
    assert "4 cells where its table has 5 (998 rows of this table" in row.detail
    # each table is its own finding
    two = found(text + "\n\n" + markdown(lost(1, 1, pad=False)), None, CELLS)
    assert len(two) == 2 and "rows of this table" not in two[1].detail
