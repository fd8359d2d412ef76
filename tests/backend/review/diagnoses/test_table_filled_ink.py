"""A cell that repeats the one above is no fill where the scan shows ink under it
(issue 22's clean pages: RapidOCR missed a table's third 鑑定費, the transcript had it
right, and the page was named "a cell repeats the cell above it, which the page does
not show"). The scan's detected lines say the page shows it; a real fill leaves no
ink there, and a line across the whole row excuses no cell.
"""

from __future__ import annotations

import pytest

from backend.models import AltText, ScanLines
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_sample_helpers import COLUMNS, HEADER, ROWS, markdown
from tests.backend.review.diagnoses.table_scan_helpers import CELLS

Box = tuple[float, float, float, float]
COLUMN = 4  # 備註: 沒收 / 附卷 repeat down it on the page


def _boxes(rows: list[list[str]], skip: tuple[int, int] | None = None) -> list[tuple[str, Box]]:
    """Each non-empty cell as a line with its box (the header is row -1); ``skip``: the
    (row, column) of a cell left out."""
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *rows], start=-1):
        y = 0.12 + (r + 1) * 0.03
        for c, (x, text) in enumerate(zip(COLUMNS, row, strict=True)):
            if text and (r, c) != skip:
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return lines


def _scan(lines: list[tuple[str, Box]]) -> ScanLines:
    return ScanLines(tuple(box for _text, box in lines), "test")


def _repeating(row: int) -> list[list[str]]:
    """The page's rows with ``row``'s last cell the same as the one above (printed)."""
    rows = [list(r) for r in ROWS]
    rows[row][COLUMN] = rows[row - 1][COLUMN]
    return rows


@pytest.mark.parametrize("row", range(1, len(ROWS)))
def test_a_repeated_cell_the_engine_missed_is_no_fill_where_the_scan_has_ink(row: int) -> None:
    page = _repeating(row)
    engine: AltText = reading(_boxes(page, skip=(row, COLUMN)))
    assert found(markdown(page), engine, CELLS, _scan(_boxes(page))) == []
    # Without the scan's lines the same page is named: the ink is what excuses it.
    [diagnosis] = found(markdown(page), engine, CELLS)
    assert "repeats the cell above it" in diagnosis.detail


@pytest.mark.parametrize("row", range(1, len(ROWS)))
def test_a_real_fill_is_named_with_the_scan_given(row: int) -> None:
    page = [list(r) for r in ROWS]
    page[row][COLUMN] = ""  # empty on the page: no ink, no line
    written = [list(r) for r in page]
    written[row][COLUMN] = page[row - 1][COLUMN]
    [diagnosis] = found(markdown(written), reading(_boxes(page)), CELLS, _scan(_boxes(page)))
    assert "repeats the cell above it" in diagnosis.detail


@pytest.mark.parametrize("column", range(1, len(HEADER)))
def test_a_line_across_the_whole_row_excuses_no_empty_cell(column: int) -> None:
    """Whichever column is empty: a row-wide line's middle falls under a middle column
    (found by this stop's review, D: column 2 was excused)."""
    row = 2
    page = [list(r) for r in ROWS]
    page[row][column] = ""
    written = [list(r) for r in page]
    written[row][column] = page[row - 1][column]
    y = 0.12 + (row + 1) * 0.03
    # The detector found the row as one line over every column, the empty one too.
    across: Box = (COLUMNS[0], y, COLUMNS[4] + 0.08, y + 0.02)
    scan = ScanLines((*_scan(_boxes(page)).boxes, across), "test")
    [diagnosis] = found(markdown(written), reading(_boxes(page)), CELLS, scan)
    assert "repeats the cell above it" in diagnosis.detail
