"""A number whose written form no zh_TW page has is a critical item, even where both
readings agree or the alternate has nothing there (issue 22: 新臺幣56,000元 read
56,00 by both engines under a stamp; 伍佰貳拾 read 伍佰贰拾 by a Simplified-trained
engine, a number that parses to no value, so no value comparison saw it)."""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import CriticalKind, FlagKind
from backend.session.review_tables import default_settings
from tests.backend.review.legal_terms_helpers import critical_of

# (text both readings agree on, the flagged part, its kind)
ODD = [
    ("上訴人請求賠償精神慰撫金新臺幣56,00元，核屬過高。", "56,00", CriticalKind.AMOUNT),
    ("被告應給付原告新臺幣12,0000元。", "12,0000", CriticalKind.AMOUNT),
    ("被告應給付原告新臺幣1,218,83元。", "1,218,83", CriticalKind.AMOUNT),
    ("應以新臺幣 5,\n301,57 元為適當。", "5,\n301,57", CriticalKind.AMOUNT),  # wrapped
    ("供擔保新臺幣伍佰贰拾陸萬元後，得免為假扣押。", "贰", CriticalKind.NUMBER),
    ("扣案之帳冊拾陆件沒收。", "陆", CriticalKind.NUMBER),
    ("被告應給付原告新臺幣１，２００，００元。", "１，２００，００", CriticalKind.AMOUNT),
    ("被告應賠償56,00元予原告。", "56,00", CriticalKind.AMOUNT),  # framed by 元 alone
    ("擔保金新臺幣56,00，由被告負擔。", "56,00", CriticalKind.AMOUNT),  # by 新臺幣 alone
    # An ordinal whose number was lost or read as a letter (both engines under a stamp).
    ("行政程序補充規定\n第\n本條例自公布日施行。", "第", CriticalKind.NUMBER),
    ("依民法第l84條規定，請求損害賠償。", "第", CriticalKind.NUMBER),
    ("臺灣高等法院一一二年度上字第號民事判決", "第", CriticalKind.NUMBER),
]

WELL_FORMED = [
    "被告應給付原告新臺幣1,218,830元。",
    "應以新臺幣 5,\n301,574 元為適當。",  # a line break inside the number
    "並應向被害人支付新臺幣79,00\n0元。",  # ... and inside a group
    "但被告如以新臺幣８１，５０\n０元為原告預供擔保",
    "如附表編號1,2所示之物沒收。",  # a list: no amount
    "共計12,34件。",  # not framed as an amount
    "新臺幣1,2元",  # one digit after the separator: a list, not a group
    "被告萬一敗訴，應給付新臺幣壹萬元。",
    "被告应给付原告新台币。",  # Simplified, but no numeral beside it
    "新臺幣12345,67元",  # no thousands grouped before the separator: not a grouping
    "其有贰心者，依法論處。",  # a Simplified numeral as a word, no numeral beside it
    "詳如附表編號1，2000元。",  # a clause's comma after a list's number
    "詳如附表編號1，20元。",
    "依民法第\n一八四條第一項前段",  # a line end between 第 and its number
    "第○條所定之期間",  # a masked or circled digit
    "第壹審判決",
    "依第Ⅱ類",
    "民國一一二年度上字第１２３號",
    "爰依次第審酌如下。",
    "其人及第後任官。",
    "門第之見",
    "被告之第宅",  # words, no ordinals
]


@pytest.mark.parametrize(("text", "part", "kind"), ODD)
def test_a_number_no_zh_tw_page_writes_is_a_critical_item(
    text: str, part: str, kind: CriticalKind
) -> None:
    [flag] = [f for f in critical_of(text, text) if f.kind is FlagKind.CRITICAL]
    assert text[flag.start : flag.end] == part
    assert flag.category is kind


@pytest.mark.parametrize("text", WELL_FORMED)
def test_a_well_formed_number_is_no_item(text: str) -> None:
    assert critical_of(text, text) == []


def test_the_page_review_shows_it_where_the_alternate_read_nothing_there() -> None:
    text = "供擔保新臺幣伍佰贰拾陸萬元後，得免為假扣押。"
    alternate = AltText("供擔保新臺幣伍佰拾陸萬元後，得免為假扣押。", "tesseract")
    review = review_page(0, text, alternate, settings=default_settings())
    critical = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    assert any(f.start <= text.index("贰") < f.end for f in critical)


def test_a_long_spaced_run_of_digits_leaves_the_amount_after_it_found() -> None:
    # The bounded run (no number is 40 digits) still finds an odd amount after a long
    # spaced run of digits and a clause comma.
    from backend.review.number_forms import _bad_groups

    text = " ".join("7" * 2000) + "，新臺幣56,00元"
    [flag] = list(_bad_groups(text))
    assert text[flag.start : flag.end] == "56,00"
