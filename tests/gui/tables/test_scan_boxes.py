"""A table cell on the scan: the alternate's line that reads it, only when that is sure."""

from __future__ import annotations

from backend.models import AltLine, AltText
from backend.review.values import PageReview
from backend.tables import TableCell
from gui.tables.scan_boxes import cell_boxes, union

TRANSCRIPT = "| 品名 | 金額 |\n| 手機 | 1,000 |\n| 刀 | 1,000 |"
BOX_A, BOX_B, BOX_C = (0.1, 0.2, 0.3, 0.25), (0.5, 0.2, 0.7, 0.25), (0.5, 0.3, 0.7, 0.35)


def _cell(value: str, nth: int = 0) -> TableCell:
    start = -1
    for _ in range(nth + 1):
        start = TRANSCRIPT.index(value, start + 1)
    return TableCell(1, 1, start, start + len(value), value, value)


def _review(*, aligned: bool) -> PageReview:
    alt = "手機\n1,000\n刀\n1,000"
    lines = (
        AltLine("手機", 0, 2, BOX_A),
        AltLine("1,000", 3, 8, BOX_B),
        AltLine("刀", 9, 10, None),
        AltLine("1,000", 11, 16, BOX_C),
    )
    second = TRANSCRIPT.index("1,000", TRANSCRIPT.index("1,000") + 1)
    blocks = ((TRANSCRIPT.index("手機"), 0, 2), (second, 11, 5)) if aligned else ()
    return PageReview(0, None, alternate=AltText(alt, "rapidocr", lines), equal_blocks=blocks)


def test_the_one_line_reading_the_value_is_marked() -> None:
    assert cell_boxes(_cell("手機"), _review(aligned=False)) == [BOX_A]


def test_two_lines_alike_are_told_apart_by_the_alignment_or_not_at_all() -> None:
    # Two cells of 1,000: without an alignment nothing says which box is which cell's.
    assert cell_boxes(_cell("1,000", 1), _review(aligned=False)) == []
    assert cell_boxes(_cell("1,000", 1), _review(aligned=True)) == [BOX_C]


def test_nothing_to_go_by_marks_nothing() -> None:
    assert cell_boxes(_cell("品名"), _review(aligned=True)) == []  # no line reads it
    assert cell_boxes(_cell("手機"), None) == []
    assert cell_boxes(_cell("刀"), _review(aligned=False)) == []  # read, but with no box
    empty = TableCell(0, 0, 3, 3, "", "")
    assert cell_boxes(empty, _review(aligned=True)) == []
    assert union([]) is None
    assert union([BOX_B, BOX_C]) == (0.5, 0.2, 0.7, 0.35)
