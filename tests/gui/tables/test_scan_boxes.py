"""A table cell on the scan: the alternate's line that reads it, only when that is sure,
and inside the table's region when the page's layout has one."""

from __future__ import annotations

from backend.models import AltLine, AltText, LayoutKind, LayoutRegion, LayoutRegions
from backend.models import box_union as union
from backend.review.values import PageReview
from backend.tables import TableCell, find_tables
from gui.tables.scan_boxes import Box, cell_boxes, table_region

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


# The layout's table region: the table sits at y 0.2-0.4; prose above and below it.
TABLE_BOX, OTHER_TABLE = (0.05, 0.15, 0.95, 0.4), (0.05, 0.7, 0.95, 0.9)
PROSE_1000, PROSE_PHONE = (0.1, 0.05, 0.4, 0.08), (0.1, 0.5, 0.3, 0.53)


def _layout(*boxes: Box) -> LayoutRegions:
    regions = [LayoutRegion(LayoutKind.TEXT, 0.9, (0.0, 0.0, 1.0, 0.1))]
    regions += [LayoutRegion(LayoutKind.TABLE, 0.9, box) for box in boxes]
    return LayoutRegions(tuple(regions), "test")


def _page_review() -> PageReview:
    """The alternate read the prose's 1,000 and 手機 too, each exactly, outside the table."""
    alt = "1,000\n手機\n1,000\n手機"
    lines = (
        AltLine("1,000", 0, 5, PROSE_1000),
        AltLine("手機", 6, 8, PROSE_PHONE),
        AltLine("1,000", 9, 14, BOX_B),  # the table's cells, inside TABLE_BOX
        AltLine("手機", 15, 17, BOX_A),
    )
    return PageReview(0, None, alternate=AltText(alt, "rapidocr", lines))


def test_inside_the_table_region_a_value_read_in_the_prose_too_is_found() -> None:
    review = _page_review()
    table = find_tables(TRANSCRIPT)[0]
    region = table_region(table, review, _layout(TABLE_BOX))
    assert region == TABLE_BOX
    # The page: two lines read 1,000 exactly, so nothing said which; in the table, one.
    assert cell_boxes(_cell("1,000"), review) == []
    assert cell_boxes(_cell("1,000"), review, region) == [BOX_B]
    assert cell_boxes(_cell("手機"), review, region) == [BOX_A]


def test_a_value_read_only_in_the_prose_is_not_marked_as_the_cell() -> None:
    alt = "手機\n1,000"
    lines = (AltLine("手機", 0, 2, PROSE_PHONE), AltLine("1,000", 3, 8, BOX_B))
    review = PageReview(0, None, alternate=AltText(alt, "rapidocr", lines))
    assert cell_boxes(_cell("手機"), review) == [PROSE_PHONE]  # the page's only 手機
    assert cell_boxes(_cell("手機"), review, TABLE_BOX) == []  # but not in the table


def test_the_tables_region_is_the_one_holding_its_lines_or_the_only_one() -> None:
    review, table = _page_review(), find_tables(TRANSCRIPT)[0]
    assert table_region(table, review, _layout(OTHER_TABLE, TABLE_BOX)) == TABLE_BOX
    assert table_region(table, None, _layout(OTHER_TABLE)) == OTHER_TABLE  # the only one
    assert table_region(table, review, None) is None  # no layout: the whole page, as before
    assert table_region(table, review, _layout()) is None  # a layout with no table region
    far = _layout(OTHER_TABLE, (0.05, 0.92, 0.95, 0.99))  # neither holds a line of it
    assert table_region(table, review, far) is None
    assert table_region(None, review, _layout(TABLE_BOX)) is None


def test_the_alignment_ties_misread_lines_to_the_table() -> None:
    # The engine misread every cell (no line reads one exactly); the alignment still ties
    # the lines in TABLE_BOX to the table's markup, and none of those in the other region.
    table = find_tables(TRANSCRIPT)[0]
    alt = "品明\n金頟\n他處"
    lines = (
        AltLine("品明", 0, 2, BOX_A),
        AltLine("金頟", 3, 5, BOX_B),
        AltLine("他處", 6, 8, (0.1, 0.75, 0.3, 0.8)),
    )
    at = TRANSCRIPT.index("品名")
    blocks = ((at, 0, 1), (TRANSCRIPT.index("金額"), 3, 1))
    review = PageReview(0, None, alternate=AltText(alt, "rapidocr", lines), equal_blocks=blocks)
    assert table_region(table, review, _layout(OTHER_TABLE, TABLE_BOX)) == TABLE_BOX
    unaligned = PageReview(0, None, alternate=review.alternate)
    assert table_region(table, unaligned, _layout(OTHER_TABLE, TABLE_BOX)) is None
