"""A numeral of a number phrase the transcript replaced with a non-numeral (issue 22, point 3).

The phrase is found by its frame (新臺幣…元, 第…條, …年度…字第…號, …年…月…日, a
counted quantity, a table cell), the numeral by the numeral classes: never a list
of look-alikes. Each case has its mirror: the same misreading made by the
alternate is the alternate's, a plain difference. Sentences are written for this
test (the issue's three amounts are its examples of the failure, kept as such).
"""

from __future__ import annotations

import pytest

from backend.review.values import CriticalKind, FlagKind
from tests.backend.review.legal_terms_helpers import comparison, critical_of

# (what the page says, what the transcript wrote): the value parses the same or not at all.
TRANSCRIPT_LOST = [
    ("被告應給付原告新臺幣壹佰貳拾萬元。", "被告應給付原告新臺幣坦佰貳拾萬元。"),
    ("被告應給付新臺幣壹萬伍仟元。", "被告應給付新臺幣壺萬伍仟元。"),
    ("被告應給付新臺幣壹拾伍萬元及利息。", "被告應給付新臺敝拾伍萬元及利息。"),
    ("賠償金額為新臺幣一百萬元整。", "賠償金額為新臺幣丁百萬元整。"),  # a plain numeral
    ("依民法第一百八十四條規定", "依民法第一百八十囚條規定"),  # an article
    ("中華民國一一二年三月五日判決", "中華民國一一二年三月丑日判決"),  # a date
    ("本院一一二年度訴字第三二號判決", "本院一一二年度訴字第三吉號判決"),  # a case number
    ("扣案之手機三支及帳冊十件沒收。", "扣案之手機三支及帳冊干件沒收。"),  # a quantity
    ("| 品名 | 數量 |\n| 帳冊 | 二十 |\n", "| 品名 | 數量 |\n| 帳冊 | 工十 |\n"),  # a cell
    # The value parses the same without its leading numeral (拾件 is 壹拾件):
    ("扣案之帳冊壹拾件沒收。", "扣案之帳冊坦拾件沒收。"),
    ("| 品名 | 數量 |\n| 帳冊 | 壹佰 |\n", "| 品名 | 數量 |\n| 帳冊 | 壺佰 |\n"),
]


@pytest.mark.parametrize(("page", "transcript"), TRANSCRIPT_LOST)
def test_a_numeral_the_transcript_replaced_is_a_critical_change(page: str, transcript: str) -> None:
    flags = critical_of(transcript, page)
    [flag] = [f for f in flags if f.kind is FlagKind.CRITICAL]
    changed = {i for i, (a, b) in enumerate(zip(page, transcript, strict=False)) if a != b}
    assert changed & set(range(flag.start, flag.end))  # it points at the replaced numeral
    assert flag.category in {*CriticalKind}


@pytest.mark.parametrize(("page", "engine"), TRANSCRIPT_LOST)
def test_the_same_misreading_by_the_alternate_is_its_own(page: str, engine: str) -> None:
    """The transcript has the numeral, the alternate a non-numeral: the alternate's
    misreading, a difference the diff flags, not a changed number."""
    assert critical_of(page, engine) == []
    assert comparison(page, engine).flags()


@pytest.mark.parametrize(
    ("page", "transcript"),
    [
        ("中華民國一○九年九月十四日", "中華民國一〇九年九月十四日"),  # one circle for another
        ("中華民國一〇九年九月十四日", "中華民國一0九年九月十四日"),  # a digit zero
        ("新臺幣1,000元", "新臺幣1,O00元"),  # a zero read as the letter O
    ],
)
def test_a_zero_written_another_way_is_not_critical(page: str, transcript: str) -> None:
    assert critical_of(transcript, page) == []


def test_a_simplified_numeral_is_the_same_numeral() -> None:
    """伍万 / 伍萬: the alternate's Simplified form is folded, no numeral is lost."""
    assert critical_of("被告應給付新臺幣伍萬元。", "被告應給付新臺幣伍万元。") == []


def test_a_heading_read_as_numerals_is_critical_both_ways() -> None:
    """Numerals where the alternate reads words (主文 read 二六), and words where it
    reads numerals: a numeral alone on its line counts nothing, so the alternate's
    word there is no misread digit."""
    page, misread = "主文\n原告之訴駁回。", "二六\n原告之訴駁回。"
    assert critical_of(misread, page)
    assert critical_of(page, misread)


def test_a_counted_numeral_the_alternate_read_as_a_letter_stays_its_misreading() -> None:
    """八把 read 人把: the counter says a number stands there; the alternate misread."""
    assert critical_of("扣案之水果刀八把沒收。", "扣案之水果刀人把沒收。") == []
