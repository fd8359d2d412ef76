"""Lines one above the other in a column keep the engine's order; side by side they may not.

An engine reads a column top to bottom, so a transcript that has two such lines
the other way round moved them (a VLM error to flag), while table cells and
columns side by side may come in either order (the engine's order is no guide).
"""

from __future__ import annotations

from backend.models import AltLine, AltText
from backend.review.compare import compare_texts
from tests.backend.review.tables import OPTIONS

Box = tuple[float, float, float, float]


def reading(lines: list[tuple[str, Box]]) -> AltText:
    out, pos = [], 0
    for text, box in lines:
        out.append(AltLine(text, pos, pos + len(text), box, 0.99))
        pos += len(text) + 1
    return AltText("\n".join(t for t, _ in lines), "rapidocr", tuple(out))


FIRST = "被告應於本判決確定後三十日內給付原告新臺幣五萬元"
SECOND = "原告其餘之訴駁回並由被告負擔訴訟費用之全部"


def test_two_lines_of_one_column_swapped_by_the_transcript_are_flagged() -> None:
    engine = reading([(FIRST, (0.1, 0.10, 0.9, 0.12)), (SECOND, (0.1, 0.13, 0.9, 0.15))])
    c = compare_texts(f"{SECOND}\n{FIRST}", engine, OPTIONS)
    assert c.flags()  # the transcript moved a line
    assert not c.reordered


def test_cells_side_by_side_may_come_in_either_order() -> None:
    left, right = "扣案物品鑰匙二把", "所有人王○○持有"
    engine = reading([(right, (0.55, 0.10, 0.9, 0.12)), (left, (0.1, 0.10, 0.45, 0.12))])
    c = compare_texts(f"{left}\n{right}", engine, OPTIONS)
    assert c.flags() == []
    assert c.reordered


def test_without_boxes_a_moved_block_is_layout_as_before() -> None:
    engine = AltText(f"{FIRST}\n{SECOND}", "import")
    assert compare_texts(f"{SECOND}\n{FIRST}", engine, OPTIONS).flags() == []
