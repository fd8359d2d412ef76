"""Legal-critical terms: what is found. When a difference is critical is in
test_legal_terms_flags.py, test_legal_terms_page.py and test_legal_terms_alignment.py."""

from __future__ import annotations

import pytest

from backend.review.legal_terms import CriticalTerm, extract_terms
from backend.review.values import CriticalKind
from tests.backend.review.legal_terms_helpers import make_hunks
from tests.backend.review.tables import RULES

K = CriticalKind


def test_make_hunks_offsets() -> None:
    [h] = make_hunks("被告得上訴", "被告不得上訴")
    assert (h.start, h.end, h.alt_start, h.alt_end, h.text, h.alt_text) == (2, 2, 2, 3, "", "不")


def terms(text: str) -> list[tuple[CriticalKind, str, object]]:
    return [(t.kind, t.text, t.value) for t in extract_terms(text, RULES)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("第十五條之一", [(K.ARTICLE, "第十五條之一", (15, "條", 1))]),
        ("第3條", [(K.ARTICLE, "第3條", (3, "條", None))]),
        ("第 25 條", [(K.ARTICLE, "第 25 條", (25, "條", None))]),
        (
            "第1條第2項第3款",
            [
                (K.ARTICLE, "第1條", (1, "條", None)),
                (K.ARTICLE, "第2項", (2, "項", None)),
                (K.ARTICLE, "第3款", (3, "款", None)),
            ],
        ),
        ("新臺幣壹萬貳仟元", [(K.AMOUNT, "新臺幣壹萬貳仟元", 12000)]),
        ("新台幣12,000元", [(K.AMOUNT, "新台幣12,000元", 12000)]),
        ("1萬2千元", [(K.AMOUNT, "1萬2千元", 12000)]),
        ("１２，０００元", [(K.AMOUNT, "１２，０００元", 12000)]),
        ("中華民國112年3月5日", [(K.DATE, "中華民國112年3月5日", (112, 3, 5))]),
        ("民國一一二年三月五日", [(K.DATE, "民國一一二年三月五日", (112, 3, 5))]),
        ("112年8月5日", [(K.DATE, "112年8月5日", (112, 8, 5))]),
        ("民國112年", [(K.DATE, "民國112年", (112, None, None))]),
        (
            "中　華　民　國　112　年　3　月　15　日",
            [(K.DATE, "中　華　民　國　112　年　3　月　15　日", (112, 3, 15))],
        ),
        # a prison term, not a date: two numbers
        ("有期徒刑3年6月", [(K.NUMBER, "3", 3), (K.NUMBER, "6", 6)]),
        ("112年度訴字第1234號", [(K.CASE_NUMBER, "112年度訴字第1234號", (112, "訴", 1234))]),
        ("一一二年度上字第五號", [(K.CASE_NUMBER, "一一二年度上字第五號", (112, "上", 5))]),
        ("112年度台上字第9號", [(K.CASE_NUMBER, "112年度台上字第9號", (112, "臺上", 9))]),
        ("王○○", [(K.MASK, "王○○", "王○○")]),
        ("甲〇〇", [(K.MASK, "甲〇〇", "甲○○")]),  # the other circle: same value
        ("王○明", [(K.MASK, "王○明", "王○明")]),
        ("不得上訴", [(K.MODAL, "不得", "must not")]),
        ("應不受理", [(K.MODAL, "應不", "must not")]),
        ("無須給付", [(K.MODAL, "無須", "no need")]),
        ("毋庸置疑", [(K.MODAL, "毋庸", "no need")]),
        ("不得不", [(K.MODAL, "不得不", "must")]),
        ("得以", [(K.MODAL, "得以", "may")]),
        ("一般人", []),
    ],
)
def test_extract_terms(text: str, expected: list[tuple[CriticalKind, str, object]]) -> None:
    assert terms(text) == expected


def test_spans_are_code_points_into_the_text() -> None:
    text = "被告應給付新臺幣12,000元"
    for term in extract_terms(text, RULES):
        assert text[term.start : term.end] == term.text
    assert extract_terms(text, RULES)[1] == CriticalTerm(5, 15, K.AMOUNT, "新臺幣12,000元", 12000)


@pytest.mark.parametrize(
    ("text", "modal"),
    [
        ("得上訴", ["得"]),
        ("始得為之", ["得"]),
        ("取得所有權", []),
        ("獲得賠償", []),
        ("所得稅", []),
        ("懂得", []),
        ("得知", []),
        ("得到", []),
        ("應給付", ["應"]),
        ("理應如此", ["應"]),
        ("對應", []),
        ("相應", []),
        ("反應", []),
        ("應變", []),
        ("應用於", ["應"]),  # may be "shall apply to": recall wins
        ("應有部分", []),
        ("須經同意", ["須"]),
        ("必須", ["必須"]),
        ("須知", []),
        ("不動產", []),
        ("不服判決", ["不"]),
        ("無罪", ["無"]),  # 有罪/無罪: keep negation
        ("無論如何", []),
        ("未遂", ["未"]),
        ("未來", []),
        ("非法", ["非"]),
        ("非常", []),
        ("捨不得", []),
        ("不得已", []),
        ("得不到", []),
        ("應得之利益", ["應"]),  # 應 is "shall"; 得 is "receive"
        ("不得取得", ["不得"]),
        ("非經登記不得對抗", ["非", "不得"]),  # not 記不得 (cannot remember)
        ("至少不得低於", ["不得"]),
        ("原告得主張", ["得"]),  # not 得主 (winner)
        ("得分別請求", ["得"]),
        ("被告應對原告負責", ["應"]),  # not 應對 (cope with)
        ("應允許", ["應"]),
        ("物權之得喪變更", []),
        ("不當得利", ["不"]),
    ],
)
def test_modal_words_in_context(text: str, modal: list[str]) -> None:
    assert [t.text for t in extract_terms(text, RULES) if t.kind is K.MODAL] == modal
