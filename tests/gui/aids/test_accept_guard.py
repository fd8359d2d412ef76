"""The accept guard names a critical item when the change is at its place, by the one
definition of "the same place" (``Span.overlaps``): the side the item stands on does
not matter (it did: an item just after the change was named, one just before not)."""

from __future__ import annotations

from typing import Any

import pytest

from backend.models import AltLine, AltText
from backend.review.markers import MarkerSet
from backend.review.values import Flag, FlagKind, PageReview
from gui.aids.accept_guard import AcceptGuard

TEXT = "被告得於三十日內上訴。"


def _asks_about_critical(change: tuple[int, int], item: tuple[int, int]) -> bool:
    accepted = Flag(*change, FlagKind.DIFF, "alternate reads 卅", replacement="卅")
    critical = Flag(*item, FlagKind.CRITICAL, "modal word: 得 / 應")
    review = PageReview(0, 0.9, (accepted, critical))
    reasons = AcceptGuard().reasons(accepted, review, TEXT, MarkerSet.default())
    return any("legal-critical" in r for r in reasons)


@pytest.mark.parametrize(
    ("change", "item", "asks"),
    [
        ((4, 6), (2, 3), False),  # 得|於三十: the item two characters before
        ((3, 4), (2, 3), False),  # 得|於: the item just before (side by side: two places)
        ((2, 3), (3, 4), False),  # the same two, the item just after: the same answer
        ((2, 4), (3, 4), True),  # overlapping
        ((3, 3), (2, 3), True),  # an insertion right after 得 is at 得
        ((2, 2), (2, 3), True),  # and one right before it
    ],
)
def test_a_critical_item_is_named_when_the_change_is_at_its_place(
    qapp: Any, change: tuple[int, int], item: tuple[int, int], asks: bool
) -> None:
    assert _asks_about_critical(change, item) is asks


def _reasons(flag: Flag, alternate: AltText) -> list[str]:
    review = PageReview(0, 0.9, (flag,), alternate=alternate)
    return AcceptGuard().reasons(flag, review, TEXT, MarkerSet.default())


def test_an_alternate_with_nothing_here_is_said_to_have_no_text_not_to_have_failed(
    qapp: Any,
) -> None:
    # Issue 28: the question said the alternate "could not read this region" where
    # RapidOCR had read the line; what is known is only that its text has nothing here.
    alt = AltText("被告上訴。", "rapidocr", (AltLine("被告上訴。", 0, 5, score=0.98),))
    flag = Flag(2, 8, FlagKind.DIFF, "alternate has nothing", 2, 2, replacement="")
    reasons = _reasons(flag, alt)
    assert "The alternate has no text at this place." in reasons
    assert not any("could not read" in r for r in reasons)


def test_a_low_score_is_said_as_the_engines_own_doubt_with_its_score(qapp: Any) -> None:
    alt = AltText(
        "被告卅於三十日內上訴。",
        "rapidocr",
        (AltLine("被告卅於三十日內上訴。", 0, 11, score=0.42),),
    )
    flag = Flag(2, 3, FlagKind.DIFF, "alternate reads 卅", 2, 3, replacement="卅")
    reasons = _reasons(flag, alt)
    assert reasons == ["The alternate is unsure of its own reading here (score 42%)."]
    sure = AltText(alt.text, "rapidocr", (AltLine(alt.text, 0, 11, score=0.95),))
    assert _reasons(flag, sure) == []
