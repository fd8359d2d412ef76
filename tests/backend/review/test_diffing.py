from __future__ import annotations

from backend.review.diffing import DiffPart, Op, char_diff, similarity


def test_one_character_that_flips_the_law() -> None:
    assert char_diff("第一條得為之", "第一條應為之") == [
        DiffPart(Op.EQUAL, "第一條"),
        DiffPart(Op.DELETE, "得"),
        DiffPart(Op.INSERT, "應"),
        DiffPart(Op.EQUAL, "為之"),
    ]


def test_parts_rebuild_both_texts() -> None:
    old, new = "原告之訴駁回。\n訴訟費用由原告負擔。", "原告之訴駁回。\n訴訟費用由被告負擔。\n"
    parts = char_diff(old, new)
    assert "".join(p.text for p in parts if p.op is not Op.INSERT) == old
    assert "".join(p.text for p in parts if p.op is not Op.DELETE) == new


def test_similarity() -> None:
    assert similarity("", "") == 1.0
    assert similarity("abcd", "abcd") == 1.0
    assert similarity("abcd", "abXd") == 0.75
