"""The table checks' indexes answer what scanning every row, column or piece answered
(they are only faster), and a table of repeated values is not scanned once per piece
(a 100x100 table with repeated columns took about 16 s to review)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.diagnoses import table_heights, table_scan
from backend.review.diagnoses.table_pieces import MIN_PIECE, Piece, in_order_count
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.properties import examples

LETTERS = "一二三元份"
CELLS = st.lists(st.lists(st.text(LETTERS, max_size=4), max_size=4), max_size=5)


@examples(30)
@given(cells=CELLS, letters=st.text(LETTERS, max_size=8))
def test_the_cells_a_piece_holds_are_found_by_their_texts(
    cells: list[list[str]], letters: str
) -> None:
    scanned = {
        r: inside
        for r, row in enumerate(cells)
        if (inside := [c for c, t in enumerate(row) if len(t) >= MIN_PIECE and t in letters])
    }
    assert table_scan._CellIndex(cells).inside(letters) == scanned


def _down_a_column(letters: str, cells: list[list[str]]) -> bool:
    """Every column from every row, as table_scan tried it before ``_Columns``."""
    width = max((len(row) for row in cells), default=0)
    for c in range(width):
        column = [row[c] if c < len(row) else "" for row in cells]
        for first in range(len(column)):
            run = ""
            for text in column[first:]:
                run += text
                if not letters.startswith(run):
                    break
                if run == letters and text:
                    return True
    return False


@examples(30)
@given(cells=CELLS, letters=st.text(LETTERS, max_size=8))
def test_letters_read_down_a_column_are_found_from_the_cells_they_begin_with(
    cells: list[list[str]], letters: str
) -> None:
    assert table_scan._Columns(cells).down(letters) == _down_a_column(letters, cells)


def test_a_run_down_a_column_skips_its_empty_cells() -> None:
    cells = [["7", "甲"], ["", "乙"], ["8", ""], ["九", "丙"]]
    columns = table_scan._Columns(cells)
    assert columns.down("78九")
    assert not columns.down("79")  # 8 stands between them
    assert not columns.down("甲丙")


@examples(30)
@given(
    heights=st.lists(st.none() | st.floats(0, 1), max_size=8),
    y=st.floats(0, 1),
)
def test_a_rows_bounds_are_the_placed_rows_around_it(heights: list[float | None], y: float) -> None:
    bounds = table_heights.bounds(heights)
    for row in range(len(heights)):
        above = [h for h in heights[:row] if h is not None]
        below = [h for h in heights[row + 1 :] if h is not None]
        between = bool(above) and bool(below) and max(above) < y < min(below)
        assert table_heights.between(bounds[row], y) == between


def test_the_cells_holding_a_piece_are_found_once_for_its_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Columns of 現金 and 已繳 down a table of 30 rows, each cell read alone: the cells
    # holding them are looked for once for all their pieces, not once per piece (each
    # look scans the table, and a 100x100 table has 10,000 pieces).
    rows = [[f"第{r}期", "現金", "已繳"] for r in range(30)]
    text = "主文\n" + "\n".join(
        ["| 期別 | 方式 | 狀態 |", "|---|---|---|"] + ["| " + " | ".join(r) + " |" for r in rows]
    )
    lines = [("主文", (0.45, 0.02, 0.55, 0.04))]
    for r, row in enumerate([["期別", "方式", "狀態"], *rows]):
        y = 0.06 + r * 0.03
        lines += [
            (t, (0.1 + 0.3 * c, y, 0.1 + 0.3 * c + 0.02 * len(t), y + 0.02))
            for c, t in enumerate(row)
        ]
    looked: list[str] = []
    holders = table_scan._holders

    def counted(piece: Piece, *args: Any) -> set[tuple[int, int]]:
        looked.append(piece.letters)
        return holders(piece, *args)

    monkeypatch.setattr(table_scan, "_holders", counted)
    assert found(text, reading(lines), DiagnosisKind.TABLE_CELLS) == []
    assert looked.count("現金") == 1
    assert looked.count("已繳") == 1
    assert len(looked) == len(set(looked))


def _in_order_count(a: str, b: str) -> int:
    """The longest common subsequence, as table_filled counted it before."""
    row = [0] * (len(b) + 1)
    for ch in a:
        before = 0
        for j, other in enumerate(b, 1):
            keep = row[j]
            row[j] = before + 1 if ch == other else max(row[j], row[j - 1])
            before = keep
    return row[-1]


@examples(30)
@given(a=st.text("一二三元份甲", max_size=12), b=st.text("一二三元份乙", max_size=12))
def test_letters_in_order_are_counted_without_the_letters_one_side_lacks(a: str, b: str) -> None:
    assert in_order_count(a, b) == _in_order_count(a, b)
