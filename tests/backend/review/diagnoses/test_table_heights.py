"""Where a table's rows stand on the page (``table_heights``): a row an engine read as
one run with letters misread (no cell's letters whole in it) is placed by that run when
it stands between two placed rows and is mostly the row's letters in order."""

from __future__ import annotations

from backend.review.diagnoses.table_heights import misread_rows
from backend.review.diagnoses.table_pieces import Piece
from backend.review.diagnoses.table_rows import tables
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_heights_helpers import CELLS
from tests.backend.review.diagnoses.table_sample_helpers import COLUMNS, HEADER, ROWS, markdown

# Corpus seed 1223 page 6's row 五 as RapidOCR read it: 五 apart, 元中 read as 神.
RUN = "柒萬參仟柒佰參拾神華民國九九年十二月十八日"


def _heights(*pieces: Piece) -> list[float | None]:
    return misread_rows(list(pieces), [set() for _p in pieces], [0.25, None, 0.315], CELLS)


def test_a_row_read_as_one_misread_run_is_placed_by_it() -> None:
    assert _heights(Piece(0.5, 0.282, RUN)) == [0.25, 0.282, 0.315]


def test_a_run_of_other_letters_or_beyond_the_rows_around_places_nothing() -> None:
    assert _heights(Piece(0.5, 0.282, "以上正本證明與原本無異")) == [0.25, None, 0.315]
    assert _heights(Piece(0.5, 0.35, RUN)) == [0.25, None, 0.315]  # below row 六
    # A few of the row's letters (a date's) are not the row.
    assert _heights(Piece(0.5, 0.282, "民國九九年")) == [0.25, None, 0.315]


def test_a_run_two_unplaced_rows_share_alike_places_neither() -> None:
    cells = [CELLS[0], CELLS[1], CELLS[1], CELLS[2]]
    piece = Piece(0.5, 0.3, RUN)
    assert misread_rows([piece], [set()], [0.25, None, None, 0.35], cells) == [
        0.25,
        None,
        None,
        0.35,
    ]


def test_a_shifted_row_read_as_one_misread_run_is_named() -> None:
    # Row 四 has no 物品名稱; its transcript lost that empty cell, so 新臺幣參仟元 and
    # the cells after it slid left. The engine read the row from 數量 on as one run,
    # 仟 and 卷 misread: no two of its cells whole in it, so only the run places it.
    rows = [*ROWS[:3], ["四", "", "新臺幣參仟元", "張○○", "附卷"], ROWS[4]]
    shifted = [*rows[:3], ["四", "新臺幣參仟元", "張○○", "附卷", ""], ROWS[4]]
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *rows]):
        y = 0.12 + r * 0.03
        if r == 4:
            run = "新臺幣參阡元張○○附券"
            lines.append((run, (COLUMNS[2], y, COLUMNS[4] + 0.04, y + 0.02)))
            continue
        for x, text in zip(COLUMNS, row, strict=True):
            if text:
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    (diagnosis,) = found(markdown(shifted), reading(lines), DiagnosisKind.TABLE_CELLS)
    row = tables(markdown(shifted))[0][4]
    (place,) = diagnosis.places
    assert row.start <= place.start < place.end <= row.end
    assert place.detail == "a table row's cell 2 is under column 3 on the page"
    assert found(markdown(rows), reading(lines), DiagnosisKind.TABLE_CELLS) == []
