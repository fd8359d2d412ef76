"""Table cells: a row that lost a cell (the cells after it slide left: a quantity
under the owner) is named, from the row's count of cells alone or, when the count
was kept (an empty cell added at the end), from where the engine read each cell on
the page; a table read right is quiet against a noisy cell-by-cell reading."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.diagnoses.table_rows import tables
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import found, misread, reading
from tests.properties import examples

CELLS = DiagnosisKind.TABLE_CELLS
HEADER = ["編號", "物品名稱", "數量", "所有人", "備註"]
ROWS = [
    ["一", "扣案機車", "十五輛", "王○○", "已發還"],
    ["二", "行動電話", "二支", "林○○", "沒收"],
    ["三", "存摺", "一本", "陳○○", "附卷"],
    ["四", "借據影本", "三份", "張○○", "附卷"],
    ["五", "現金", "新臺幣壹萬元", "李○○", "沒收"],
]
COLUMNS = [0.08, 0.2, 0.42, 0.6, 0.78]  # where each column starts across the page


def markdown(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "主文\n附表\n" + "\n".join(lines) + "\n以上正本證明與原本無異。"


def cell_by_cell(rng: random.Random, noise: float) -> AltText:
    """The table as RapidOCR reads it: a line per cell, each with its box."""
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *ROWS]):
        y = 0.12 + r * 0.03
        for x, text in zip(COLUMNS, row, strict=True):
            lines.append((misread(text, rng, noise), (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return reading(lines)


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
