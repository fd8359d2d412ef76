"""Numbers and name masks in text the alternate could not read are critical items to check.

A line the alternate lacks (or read as unrelated characters) is not compared,
but nothing vouches for the numbers in it: each gets a narrow critical "check
it against the scan" item over its numerals. The same line read identically
gives none. Hand-written sentences, none from the sample or the corpus.
"""

from __future__ import annotations

import pytest

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import Flag
from tests.backend.review.tables import OPTIONS, TABLES

CHECK = "the alternate could not read this; check"


def review(transcript: str, alternate: str) -> list[Flag]:
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    return critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)


# (the line the alternate lacks, the spans its critical items cover, category)
UNREAD = [
    ("扣案之行動電話三支均沒收。", ["三"], "number"),
    ("依刑法第二百七十七條第一項論處。", ["二百七十七", "一"], "article"),
    ("週年利率按百分之五計算。", ["百分之五"], "number"),
    ("本契約附表3所列物品由乙方保管。", ["3"], "number"),
    ("證人李○○到庭具結作證。", ["李○○"], "mask"),
]


@pytest.mark.parametrize(("line", "covered", "category"), UNREAD)
def test_a_number_or_mask_in_a_line_the_alternate_lacks_is_to_be_checked(
    line: str, covered: list[str], category: str
) -> None:
    transcript = f"理由\n{line}\n本件事證明確。"
    flags = review(transcript, "理由\n本件事證明確。")
    mine = [f for f in flags if f.category not in ("modal", "outcome")]  # 沒收: as before
    assert [transcript[f.start : f.end] for f in mine] == covered
    assert all(CHECK in f.detail and f.category == category for f in mine)


@pytest.mark.parametrize(("line", "covered", "category"), UNREAD)
def test_the_same_line_read_identically_gives_no_item(
    line: str, covered: list[str], category: str
) -> None:
    del covered, category
    transcript = f"理由\n{line}\n本件事證明確。"
    assert review(transcript, transcript) == []


@pytest.mark.parametrize(
    "line",
    [
        "\u3000\u3000二、被告應於本判決確定後履行。",  # an item's label (二、)
        "| 三 | 行動電話 | 新臺幣五萬元 |",  # a table row's number cell; the sum is the omission's
        "第十二條\u3000本契約自簽訂日起生效。",  # a statute's article heading
    ],
)
def test_a_label_in_an_unread_line_is_no_item(line: str) -> None:
    transcript = f"主文\n{line}\n以上正本證明與原本無異。"
    flags = review(transcript, "主文\n以上正本證明與原本無異。")
    assert [transcript[f.start : f.end] for f in flags if f.category != "modal"] == []
    assert compare_texts(transcript, "主文\n以上正本證明與原本無異。", OPTIONS, folded=False).hunks


def test_a_number_changed_in_a_line_both_read_is_compared_not_to_be_checked() -> None:
    transcript = "扣案之行動電話三支均沒收。"
    [flag] = review(transcript, transcript.replace("三支", "六支"))
    assert CHECK not in flag.detail and flag.category == "number"
