"""A decimal point one reading has and the other lacks between two digits is a critical
change (issue 22: a changed number inside a number phrase): 每公升0.55毫克 read 055,
利率1.5% read 15%, 3.5公尺 read 35. The same digits with a thousands separator moved
or dropped (1,000 / 1000), a point of the other width (3．5 / 3.5), a zero written
〇 or 0, spaces, and a full stop after a number are the same number: not critical.

Through ``review_page``, the review a page gets."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import Flag, FlagKind
from tests.backend.review.tables import SETTINGS
from tests.properties import examples


def critical(transcript: str, alternate: str) -> list[Flag]:
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    return [f for f in review.flags if f.kind is FlagKind.CRITICAL]


def touching(flags: list[Flag], start: int, end: int) -> bool:
    """A flag overlaps or abuts [start, end)."""
    return any(f.start <= end and start <= f.end for f in flags)


# (with the point, without it): each is checked with either reading as the transcript.
DROPPED = [
    ("酒精濃度每公升0.55毫克", "酒精濃度每公升055毫克"),
    ("約定利率1.5%計算", "約定利率15%計算"),
    ("距離3.5公尺處", "距離35公尺處"),
    ("距離3．5公尺處", "距離35公尺處"),  # a full-width point is a decimal point too
    ("距離３．５公尺處", "距離３５公尺處"),
    ("給付新臺幣1.5萬元", "給付新臺幣15萬元"),  # an amount
    ("重量10.05公斤", "重量1005公斤"),
]


@pytest.mark.parametrize(("pointed", "plain"), DROPPED)
@pytest.mark.parametrize("transcript_has_it", [True, False])
def test_a_decimal_point_one_reading_lacks_is_critical(
    pointed: str, plain: str, transcript_has_it: bool
) -> None:
    transcript, alternate = (pointed, plain) if transcript_has_it else (plain, pointed)
    flags = critical(transcript, alternate)
    digits = [i for i, c in enumerate(transcript) if c.isdigit()]
    assert touching(flags, digits[0], digits[-1] + 1), (transcript, alternate, flags)


# In zh_TW a point between digits is a decimal point and a comma a thousands separator
# (1,000) or nothing a number is written with (1,5): a point read as a comma is another
# number (1.5 / 1,5 is one and a half against two numbers), whichever reading has which.
COMMA_FOR_POINT = [
    ("距離1.5公尺處", "距離1,5公尺處"),
    ("距離1.5公尺處", "距離1，5公尺處"),
    ("含量0.250毫克", "含量0,250毫克"),  # no thousands are grouped 0,250
]


@pytest.mark.parametrize(("pointed", "comma"), COMMA_FOR_POINT)
@pytest.mark.parametrize("transcript_has_it", [True, False])
def test_a_decimal_point_read_as_a_comma_is_critical(
    pointed: str, comma: str, transcript_has_it: bool
) -> None:
    transcript, alternate = (pointed, comma) if transcript_has_it else (comma, pointed)
    flags = critical(transcript, alternate)
    digits = [i for i, c in enumerate(transcript) if c.isdigit()]
    assert touching(flags, digits[0], digits[-1] + 1), (transcript, alternate, flags)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("應繳裁判費1.220元", "應繳裁判費1,220元"),
        ("供擔保新臺幣2.087,493元", "供擔保新臺幣2,087,493元"),
    ],
)
def test_a_thousands_comma_the_transcript_read_as_a_point_is_critical(
    transcript: str, alternate: str
) -> None:
    """1.220元 is one and a fifth: the transcript's number is another."""
    digits = [i for i, c in enumerate(transcript) if c.isdigit()]
    assert touching(critical(transcript, alternate), digits[0], digits[-1] + 1)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("應繳裁判費1,220元", "應繳裁判費1.220元"),
        ("供擔保新臺幣2,087,493元", "供擔保新臺幣2.087,493元"),
        ("供擔保新臺幣2,087,493元", "供擔保新臺幣2.087.493元"),
        ("重量1,000公斤", "重量1.000公斤"),
    ],
)
def test_a_thousands_comma_the_alternate_read_as_a_point_is_its_misreading(
    transcript: str, alternate: str
) -> None:
    """An engine reads a comma's tail away (Tesseract at 150 dpi on the bench corpus):
    the transcript writes the number as zh_TW groups it, the alternate misread it."""
    assert critical(transcript, alternate) == []


SAME_NUMBER = [
    ("給付新臺幣1,000元", "給付新臺幣1000元"),  # a thousands separator
    ("給付新臺幣3,127,023元", "給付新臺幣3127，023元"),  # separators misplaced
    ("給付新臺幣1，000元", "給付新臺幣1000元"),
    ("距離3．5公尺處", "距離3.5公尺處"),  # a point of the other width
    ("距離３．５公尺處", "距離3.5公尺處"),
    ("重量1〇.05公斤", "重量10.05公斤"),  # a zero written 〇
    ("距離3. 5公尺處", "距離3.5公尺處"),  # a space after the point
    ("依刑法第3條.本件", "依刑法第3條本件"),  # a full stop after a number, no digit next
    ("共計3.本院認為", "共計3本院認為"),
]


@pytest.mark.parametrize(("one", "other"), SAME_NUMBER)
@pytest.mark.parametrize("swap", [False, True])
def test_the_same_number_written_otherwise_is_not_critical(
    one: str, other: str, swap: bool
) -> None:
    transcript, alternate = (other, one) if swap else (one, other)
    assert critical(transcript, alternate) == [], (transcript, alternate)


FRAMES = (
    "酒精濃度每公升{}毫克",
    "面積{}平方公尺",
    "約定利率{}%計算",
    "重量{}公斤",
    "給付新臺幣{}萬元",
    "扣案之毒品{}公克沒收",
)


@examples(60)
@given(
    frame=st.sampled_from(FRAMES),
    whole=st.integers(0, 99_999),
    fraction=st.text(alphabet="0123456789", min_size=1, max_size=3),
    point=st.sampled_from(".．"),
    transcript_has_it=st.booleans(),
)
def test_any_dropped_decimal_point_is_critical(
    frame: str, whole: int, fraction: str, point: str, transcript_has_it: bool
) -> None:
    assume(whole or fraction.strip("0"))  # 0.0 and 00 are both zero: no other number
    pointed = frame.format(f"{whole}{point}{fraction}")
    plain = frame.format(f"{whole}{fraction}")
    transcript, alternate = (pointed, plain) if transcript_has_it else (plain, pointed)
    start = frame.index("{")
    end = start + len(transcript) - len(frame) + 2
    assert touching(critical(transcript, alternate), start, end), (transcript, alternate)


@examples(60)
@given(
    frame=st.sampled_from(FRAMES),
    number=st.integers(1_000, 10**10),
    separator=st.sampled_from(",，"),
    transcript_has_them=st.booleans(),
)
def test_any_dropped_thousands_separator_is_not_critical(
    frame: str, number: int, separator: str, transcript_has_them: bool
) -> None:
    grouped = frame.format(f"{number:,}".replace(",", separator))
    plain = frame.format(str(number))
    transcript, alternate = (grouped, plain) if transcript_has_them else (plain, grouped)
    assert critical(transcript, alternate) == [], (transcript, alternate)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("1、113年5月3日原告起訴。", "1.113年5月3日原告起訴。"),  # Tesseract's 1、 read 1.
        ("1．113年5月3日原告起訴。", "1、113年5月3日原告起訴。"),
        ("1．113年5月3日原告起訴。", "1 113年5月3日原告起訴。"),
        ("2、112年度訴字第5號判決", "2.112年度訴字第5號判決"),
        ("3.7月1日起生效", "3、7月1日起生效"),
    ],
)
def test_an_items_number_before_a_date_is_no_decimal_point(transcript: str, alternate: str) -> None:
    # A year or a month is whole: the point ends the item's number (the review of
    # 3d6aeac found these critical, "its year 1.113 is not a whole number").
    page = "本院審理後認定事實如下：\n"
    assert critical(page + transcript, page + alternate) == []
    assert critical(page + alternate, page + transcript) == []
