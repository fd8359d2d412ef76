"""Reading one page's facts (issue 24 point 1): each kind, both numeral forms, the
offsets, and what is no fact."""

from __future__ import annotations

import re

import pytest

from backend.facts.extract import facts_of_page
from backend.facts.model import Fact, FactKind
from tests.backend.review.tables import RULES


def _of(kind: FactKind, text: str) -> list[Fact]:
    found = [f for f in facts_of_page(3, text) if f.kind is kind]
    for fact in found:
        assert text[fact.start : fact.end] == fact.value and fact.page == 3
    return found


@pytest.mark.parametrize(
    "text",
    [
        "一一四年度訴字第五六號",
        "114年度訴字第56號",
        "１１４年度訴字第５６號",
        "一一四年度 訴 字第 五十六 號",
    ],
)
def test_a_case_number_in_any_numeral_form_has_one_key(text: str) -> None:
    (fact,) = _of(FactKind.CASE_NUMBER, f"臺灣臺北地方法院民事判決　{text}\n")
    assert fact.key == "114年度訴字第56號"


def test_a_case_number_word_folds_tai() -> None:
    (a,) = _of(FactKind.CASE_NUMBER, "114年度台上字第5號")
    (b,) = _of(FactKind.CASE_NUMBER, "114年度臺上字第5號")
    assert a.key == b.key


@pytest.mark.parametrize(
    ("text", "value", "role", "key"),
    [
        ("原　　告　林○○\n", "原　　告　林○○", "原告", "林○○"),
        ("被告　王〇明\n", "被告　王〇明", "被告", "王○明"),  # 〇 and ○ are one mask glyph
        ("被告林ＯＯ。", "被告林ＯＯ", "被告", "林○○"),
        ("法定代理人　陳大文\n", "法定代理人　陳大文", "法定代理人", "陳大文"),
        (
            "被告某某實業股份有限公司應給付",
            "被告某某實業股份有限公司",
            "被告",
            "某某實業股份有限公司",
        ),
        ("被上訴人甲○○則以：", "被上訴人甲○○", "被上訴人", "甲○○"),
        ("原告林志明主張：", "原告林志明", "原告", "林志明"),
        ("選任辯護人　李○○律師", "選任辯護人　李○○", "選任辯護人", "李○○"),
    ],
)
def test_a_party_is_its_role_and_name(text: str, value: str, role: str, key: str) -> None:
    (fact,) = _of(FactKind.PARTY, text)
    assert (fact.value, fact.label, fact.key) == (value, role, key)


@pytest.mark.parametrize(
    "text", ["原告起訴請求被告給付", "被告應給付原告", "原告之訴駁回。", "被告公司應"]
)
def test_prose_after_a_role_is_no_name(text: str) -> None:
    names = [f.key for f in _of(FactKind.PARTY, text)]
    assert not {"起訴請求", "應給付", "之訴駁回", "公司"} & set(names)


def test_the_roles_are_the_rule_tables_party_words() -> None:
    from backend.facts.roles import PARTY_ROLES

    assert set(PARTY_ROLES) == {w.text for w in RULES.words if w.family == "party"}


@pytest.mark.parametrize(
    "text",
    ["新臺幣壹佰貳拾萬元", "新臺幣1,200,000元", "新臺幣１，２００，０００元", "新台幣一百二十萬元"],
)
def test_an_amount_in_any_form_has_one_key_and_its_obligation(text: str) -> None:
    (fact,) = _of(FactKind.AMOUNT, f"被告應給付原告{text}，及自")
    assert (fact.key, fact.label) == ("1200000元", "給付")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("中華民國一一四年三月五日", "114年3月5日"),
        ("114年3月5日", "114年3月5日"),
        ("西元2025年3月5日", "114年3月5日"),  # one date, whichever era writes it
        ("民國一○四年十二月二十一日", "104年12月21日"),
    ],
)
def test_a_date_keys_by_its_day(text: str, key: str) -> None:
    (fact,) = _of(FactKind.DATE, f"被告於{text}向原告借款")
    # its event: the words after the day (Chinese names the event after its day)
    assert fact.key == key and fact.value == text and fact.label == "向原告借"


def test_a_date_a_period_runs_from_has_no_event() -> None:
    (fact,) = _of(FactKind.DATE, "及自民國一一四年三月五日起算之利息")
    assert fact.label == ""


def test_a_year_and_month_alone_are_no_date() -> None:
    assert _of(FactKind.DATE, "處有期徒刑3年6月") == []


def test_a_statute_is_labelled_by_its_law_and_same_law_follows_it() -> None:
    text = "依民法第一百八十四條第一項前段及同法第195條規定，係犯刑法第320條第1項之罪。本契約第三條"
    found = _of(FactKind.STATUTE, text)
    assert [(f.label, f.key) for f in found] == [
        ("民法", "民法第184條第1項"),
        ("民法", "民法第195條"),
        ("刑法", "刑法第320條第1項"),
    ]  # 本契約第三條 names no law: no citation


def test_exhibits_but_not_a_count_of_annexes() -> None:
    found = _of(FactKind.EXHIBIT, "有原證一、被證3及附表二可稽，含附件三份。")
    assert [(f.label, f.key) for f in found] == [
        ("原證", "原證1"),
        ("被證", "被證3"),
        ("附表", "附表2"),
    ]


def test_glossary_terms_and_their_one_glyph_variants() -> None:
    text = "林志明與林志朋及臺北銀行、台北銀行，臺中銀行。"
    found = [
        f for f in facts_of_page(0, text, ["林志明", "臺北銀行"]) if f.kind is FactKind.GLOSSARY
    ]
    assert [(f.value, f.label, f.key) for f in found] == [
        ("林志明", "林志明", "林志明"),
        ("林志朋", "林志明", "林志朋"),
        ("臺北銀行", "臺北銀行", "臺北銀行"),
        ("台北銀行", "臺北銀行", "臺北銀行"),  # 台 is 臺: the term itself
        ("臺中銀行", "臺北銀行", "臺中銀行"),
    ]


def test_facts_come_in_text_order() -> None:
    text = "114年度訴字第56號\n原告　林○○\n被告應給付原告新臺幣5萬元。"
    found = facts_of_page(0, text)
    assert [f.kind for f in found] == [FactKind.CASE_NUMBER, FactKind.PARTY, FactKind.AMOUNT]
    assert [f.start for f in found] == sorted(f.start for f in found)


def test_an_amount_after_a_section_heading_is_labelled_with_it() -> None:
    text = "主　　文\n被告應給付原告新臺幣5萬元。\n事實及理由\n原告請求被告給付新臺幣5萬元。"
    # 原告請求…: a claim, which the sentence does not grant (請求給付, not 給付)
    assert [f.label for f in _of(FactKind.AMOUNT, text)] == ["主文 給付", "事實及理由 請求給付"]


@pytest.mark.parametrize(
    "text",
    [
        "原告主張被告於民國一一二年借款",
        "請求被告返還已給付之價金",
        "告訴人同意給予緩刑",
        "被告逾期仍未履行",
    ],
)
def test_a_verb_after_a_role_in_running_text_is_no_name(text: str) -> None:
    assert _of(FactKind.PARTY, text) == []


def test_a_name_in_a_heading_needs_no_surname_we_know() -> None:
    (fact,) = _of(FactKind.PARTY, "原告　艷陽天\n")
    assert fact.key == "艷陽天"


@pytest.mark.parametrize("text", ["原告材志明主張：", "原告材志明因借款事件", "原告材志明，"])
def test_a_name_whose_surname_was_misread_is_still_a_name(text: str) -> None:
    (fact,) = _of(FactKind.PARTY, text)
    assert fact.key == "材志明"


def test_a_numeral_is_matched_no_longer_than_any_numeral_is_written() -> None:
    # A run that fails is tried again from each of its glyphs: were the run matched
    # whole, a page of 100,000 digits would cost 100,000² steps (minutes; bounded,
    # 0.1 s). So a numeral is at most 40 glyphs, and one that runs on is none.
    from backend.facts import extract

    numeral = re.compile(extract._N)
    assert extract._LONGEST == 40
    assert numeral.fullmatch("1" * 40)
    assert numeral.match("1" * 41) is None
    assert numeral.match("壹億貳仟參佰肆拾伍萬陸仟柒佰捌拾玖")  # the longest one writes
    assert numeral.match("1,234,567,890.00")
    assert "1000元" in [f.key for f in facts_of_page(0, "9" * 100_000 + "元，新臺幣1,000元")]


def test_a_page_with_crlf_line_ends_reads_the_facts_its_lf_twin_reads() -> None:
    # A text brought from Windows ends its lines with \r\n: the heading's parties and
    # the 主文 an amount belongs to are read as on the same page with \n.
    lf = "原　　告　陳大同\n被　　告　王小明\n主　　文\n被告應給付原告新臺幣壹佰萬元。\n"
    crlf = lf.replace("\n", "\r\n")
    read = facts_of_page(0, crlf)
    assert all(crlf[f.start : f.end] == f.value for f in read)
    twin = [(f.kind, f.label, f.key) for f in facts_of_page(0, lf)]
    assert [(f.kind, f.label, f.key) for f in read] == twin
    assert (FactKind.AMOUNT, "主文 給付", "1000000元") in twin
    assert [f.key for f in read if f.kind is FactKind.PARTY] == ["陳大同", "王小明"]


def test_articles_listed_after_one_law_are_that_laws_citations() -> None:
    # 民法第184條第1項前段、第185條: the second cites 民法 too (the court names the law
    # once); a contract's 第三條 after a comma is no citation of it.
    text = "依民法第184條第1項前段、第185條及第195條規定；契約第三條、第四條。民法第1條，第三條約定"
    keys = [f.key for f in facts_of_page(0, text) if f.kind is FactKind.STATUTE]
    assert keys == ["民法第184條第1項", "民法第185條", "民法第195條", "民法第1條"]


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("裁判費每萬元一百元", ["一百元"]),  # a rate's unit: no sum of its own
        ("千元以下部分免徵", []),  # a unit without its digit is no written sum
        ("賠償十萬元", ["十萬元"]),  # 十 stands alone in a sum as written
        ("新臺幣萬元", ["新臺幣萬元"]),  # with its currency: the reader must look
    ],
)
def test_a_unit_written_without_its_digit_is_no_amount(text: str, amounts: list[str]) -> None:
    assert [f.value for f in _of(FactKind.AMOUNT, text)] == amounts


@pytest.mark.parametrize(
    ("tail", "label"),
    [
        ("，為有理由，應予准許。", "給付"),
        ("，洵屬有據，應予准許。", "給付"),  # a conclusion's other words for granting
        ("，及自起訴狀繕本送達翌日起至清償日止，按週年利率百分之五計算之利息，為有理由。", "給付"),
        ("，及自起訴狀繕本送達翌日起至清償日止，按週年利率百分之五計算之利息。", "請求給付"),
        ("，為無理由，應予駁回。", "請求給付"),
        ("，是否有理由，分述如下。", "請求給付"),  # asks, grants nothing
        ("，是否有據，應審究之。", "請求給付"),
        ("。本院審酌後，認為有理由。", "請求給付"),  # another sentence's
    ],
)
def test_a_claim_is_granted_by_its_own_sentence_wherever_it_says_so(tail: str, label: str) -> None:
    (fact,) = _of(FactKind.AMOUNT, f"從而，原告請求被告給付新臺幣1,230,000元{tail}")
    assert fact.label == label
