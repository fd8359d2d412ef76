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


# (transcript, alternate): the alternate read a character of the phrase's own frame
# (第, 條, 元, 年, 第 of a case number) as a numeral, joining it to the number beside it.
FRAME_READ_AS_NUMERAL = [
    ("依民法第193條第1項規定", "依民法第193條柒1項規定"),  # 第 of 第1項: 柒1 (71)
    ("依民法第196條規定請求", "依民法第196九規定請求"),  # 條: 196九
    ("| 1 | 醫療費用 | 25,000元 | 原證一 |", "| 1 | 醫療費用 | 25,000八 | 原證一 |"),  # 元
    ("伊已於112年2月間清償部分借款", "伊已於112參2月間清償部分借款"),  # a counter, 年
    ("本院於民國113年3月5日言詞辯論終結", "本院於民國113貳3月5日言詞辯論終結"),  # a date's 年
    ("本院112年度訴字第1234號判決", "本院112年度訴字一1234號判決"),  # a case number's 第
    ("被告應給付新臺幣拾伍萬元及利息。", "被告應給付新臺壹拾伍萬元及利息。"),  # 新臺幣
]


@pytest.mark.parametrize(("transcript", "engine"), FRAME_READ_AS_NUMERAL)
def test_a_frame_the_alternate_read_as_a_numeral_is_its_misreading(
    transcript: str, engine: str
) -> None:
    """The transcript has the number and its frame: no numeral of it was lost, whatever
    the alternate's longer numeral parses to (review finding D: 民法第193條第1項 against
    柒1項 was a critical item on a clean page)."""
    assert critical_of(transcript, engine) == []
    assert comparison(transcript, engine).flags()  # still a difference to look at


def test_a_numeral_that_makes_the_alternates_phrase_malformed_is_its_misreading() -> None:
    """捌112年: no number is written with a Chinese digit before Arabic ones, while the
    transcript's 於112年 is well formed: the alternate misread 於."""
    assert critical_of("伊已於112年2月間清償部分借款", "伊已捌112年2月間清償部分借款") == []


def test_a_stray_numeral_after_a_table_row_is_no_table_cell() -> None:
    """| 帳冊 | 二十 |一: what follows the pipe that closes a row is outside the table (an
    engine's reading of a rule or a speck), not a numeral cell the transcript lacks."""
    page = "| 品名 | 數量 |\n| 帳冊 | 二十 |\n以上物品均沒收。"
    engine = "| 品名 | 數量 |\n| 帳冊 | 二十 |一\n以上物品均沒收。"
    assert critical_of(page, engine) == []


def test_a_numeral_cell_of_a_row_the_transcript_lacks_is_still_critical() -> None:
    """The mirror of the stray: a whole row the alternate reads holds a numeral cell."""
    rows = "| 品名 | 數量 |\n| 帳冊 | 二十 |\n| 手機 | 三 |\n"
    [flag] = critical_of(rows, rows + "| 現金 | 五 |\n")
    assert flag.category is CriticalKind.NUMBER and "五" in flag.replacement


@pytest.mark.parametrize("line", ["按週年利率百分之五計算。", "附表一"])
def test_a_line_with_a_number_the_transcript_lacks_is_still_critical(line: str) -> None:
    """The stray's rule is the closing pipe only: a percentage or a numeral alone in a
    whole line the alternate reads and the transcript lacks is still its omission."""
    page = "被告應給付原告新臺幣五萬元。\n"
    [flag] = critical_of(page, f"{page}{line}\n")
    assert flag.category is CriticalKind.NUMBER


def test_a_last_cell_of_a_row_without_outer_pipes_is_still_a_cell() -> None:
    """帳冊 | 壹佰: a row written without its outer pipes has its last cell after the pipe
    (壺佰 parses as 佰, the same value: only the cell's frame finds the lost numeral)."""
    [flag] = critical_of("品名 | 數量\n帳冊 | 壺佰\n", "品名 | 數量\n帳冊 | 壹佰\n")
    assert flag.kind is FlagKind.CRITICAL and flag.replacement == "壹"
