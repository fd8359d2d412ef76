"""Numbers and name masks in text the alternate could not read are critical items to check.

A line the alternate lacks (or read as unrelated characters) is not compared,
but nothing vouches for the numbers in it: each gets a narrow critical "check
it against the scan" item over its numerals. The same line read identically
gives none. Hand-written sentences, none from the sample or the corpus.
"""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.page_aids import review_page
from backend.review.values import Flag, FlagKind
from tests.backend.review.tables import OPTIONS, SETTINGS, TABLES

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


def page_flags(transcript: str, alternate: str) -> list[Flag]:
    return list(review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS).flags)


@pytest.mark.parametrize(("line", "covered", "category"), UNREAD)
def test_the_line_stays_a_difference_and_only_its_terms_are_critical(
    line: str, covered: list[str], category: str
) -> None:
    """On the page, an unread line's critical items keep to its terms (the goal counts
    characters): the line is a difference, not a critical item as a whole."""
    transcript = f"理由\n{line}\n本件事證明確。"
    flags = page_flags(transcript, "理由\n本件事證明確。")
    mine = [f for f in flags if f.kind is FlagKind.CRITICAL and f.category == category]
    assert [transcript[f.start : f.end] for f in mine] == covered
    assert not any(f.also_diff for f in flags)
    [diff] = [f for f in flags if f.kind is FlagKind.DIFF]
    assert line in transcript[diff.start : diff.end]


def test_a_line_read_as_unrelated_characters_keeps_its_critical_items_to_the_terms() -> None:
    line = "本件被告王○○被訴侵占部分，公訴不受理。"
    transcript = f"主文\n{line}\n以上正本證明與原本無異。"
    flags = page_flags(transcript, "主文\n臺\n以上正本證明與原本無異。")
    critical = [transcript[f.start : f.end] for f in flags if f.kind is FlagKind.CRITICAL]
    assert critical and all(len(c) <= 3 for c in critical), critical
    assert any(f.kind is FlagKind.DIFF and line in transcript[f.start : f.end] for f in flags)


def test_a_term_changed_in_a_line_both_read_is_still_one_item() -> None:
    transcript = "扣案之行動電話三支均沒收。"
    flags = page_flags(transcript, transcript.replace("三支", "六支"))
    [item] = [f for f in flags if f.kind is not FlagKind.MARKER]
    assert item.kind is FlagKind.CRITICAL and item.also_diff
