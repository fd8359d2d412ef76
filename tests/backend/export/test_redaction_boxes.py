"""Where a finding stands on the scan (``redaction_boxes``)."""

from __future__ import annotations

from backend.export.pages import Layout
from backend.export.redaction_boxes import span_boxes
from backend.models import AltLine


def _one_line(text: str) -> Layout:
    return Layout(text, (AltLine(text, 0, len(text), (0.0, 0.0, 1.0, 0.1)),))


def test_a_name_after_digits_is_boxed_where_half_width_digits_leave_it() -> None:
    # Ten digits print about five Chinese characters wide: the name starts at 5/8 of
    # the line, not 10/13 (review V, item 3: a box cut at 林美 as if it were there).
    text = "0123456789林美玲"
    ((box,),) = span_boxes(text, [(10, 13)], _one_line(text))  # type: ignore[misc]
    assert box[0] <= 5 / 8 and box[2] >= 1.0
    ((digits,),) = span_boxes(text, [(0, 2)], _one_line(text))  # type: ignore[misc]
    assert digits[0] == 0.0 and 1 / 8 <= digits[2] <= 2 / 8  # 09: one full width


def test_a_span_no_character_of_which_matched_is_placed_between_its_neighbours() -> None:
    alt = "原告林美玲主張"
    ((box,),) = span_boxes("原告陳大文主張", [(2, 5)], _one_line(alt))  # type: ignore[misc]
    assert box[0] <= 2 / 7 and box[2] >= 5 / 7
    assert span_boxes("完全不同的內容", [(2, 5)], _one_line(alt)) == [None]
