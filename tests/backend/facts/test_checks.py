"""The cross-page checks (issue 24 point 2): a misread fact is flagged on its page,
at its span, naming the pages that read it right; two legitimate values are not."""

from __future__ import annotations

from backend.facts.checks import cross_page_flags, page_ranges
from backend.facts.extract import facts_of_page
from backend.facts.groups import group_facts
from backend.facts.model import FactKind
from backend.review.values import CriticalKind, Flag, FlagKind, LegalKind

BODY = "上列當事人間請求返還借款事件，本院判決如下：\n"


def _flags(pages: list[str], glossary: tuple[str, ...] = ()) -> dict[int, list[Flag]]:
    facts = [f for i, text in enumerate(pages) for f in facts_of_page(i, text, glossary)]
    return cross_page_flags(group_facts(facts))


def _header(case: str, *more: str) -> str:
    return "\n".join((case, *more, BODY))


def test_a_case_number_misread_on_one_page_is_flagged_there_with_the_others_pages() -> None:
    pages = [_header("一一四年度訴字第五六號")] * 7 + [_header("一一四年度訴字第五八號")]
    pages += [_header("114年度訴字第56號")] * 4
    flags = _flags(pages)
    assert list(flags) == [7]
    (flag,) = flags[7]
    assert (flag.start, flag.end) == (0, len("一一四年度訴字第五八號"))
    assert flag.kind is FlagKind.CRITICAL and flag.category is CriticalKind.CASE_NUMBER
    assert flag.replacement == "一一四年度訴字第五六號"
    assert flag.detail == (
        "pages 1–7 and 9–12 read 一一四年度訴字第五六號; this page reads 一一四年度訴字第五八號"
    )


def test_two_joined_case_numbers_each_in_every_header_are_not_flagged() -> None:
    pages = [_header("114年度訴字第56號", "114年度訴字第58號")] * 9
    assert _flags(pages) == {}


def test_a_case_number_seen_on_two_pages_beside_one_on_one_page_is_not_judged() -> None:
    pages = [_header("114年度訴字第56號")] * 2 + [_header("114年度訴字第58號")]
    assert _flags(pages) == {}  # the file does not know which is right


def test_two_defendants_one_glyph_apart_named_throughout_are_two_parties() -> None:
    page = "被告　王○○\n被告　汪○○\n" + BODY + "被告王○○則以：否認。被告汪○○則以：同上。\n"
    assert _flags([page] * 6) == {}


def test_a_name_misspelt_on_one_page_is_flagged_and_offered_back_with_its_role() -> None:
    pages = ["原告　林志明\n被告　王○○\n" + BODY] + ["原告林志明主張：被告王○○借款未還。"] * 5
    pages.append("原告林志朋主張：被告王○○借款未還。")
    flags = _flags(pages)
    assert list(flags) == [6]
    (flag,) = flags[6]
    assert pages[6][flag.start : flag.end] == "原告林志朋"
    assert flag.replacement == "原告林志明" and flag.category is LegalKind.PARTY


def test_one_person_given_another_role_on_one_page_is_flagged_at_the_role() -> None:
    pages = ["原告　林志明\n" + BODY] + ["原告林志明主張：借款未還。"] * 4
    pages.append("被告林志明主張：借款未還。")
    (flag,) = _flags(pages)[5]
    assert pages[5][flag.start : flag.end] == "被告林志明"
    assert flag.replacement == "原告林志明"
    assert flag.detail == "pages 1–5 name 林志明 原告; this page names them 被告"


def test_the_amount_of_the_judgment_against_its_reasons() -> None:
    main = "主文\n被告應給付原告新臺幣壹佰貳拾萬元，及自民國一一四年三月五日起算之利息。\n"
    reasons = "理由\n原告請求被告給付新臺幣1,200,000元，為有理由。"
    pages = [main, reasons, reasons, reasons.replace("1,200,000", "1,300,000")]
    flags = _flags(pages)
    assert list(flags) == [3]
    (flag,) = flags[3]
    assert flag.category is CriticalKind.AMOUNT and flag.replacement == "新臺幣1,200,000元"


def test_round_sums_one_digit_apart_are_two_sums() -> None:
    pages = ["以新臺幣壹仟元折算壹日。"] * 5 + ["裁判費新臺幣6,000元。", "新臺幣貳仟元。"]
    assert _flags(pages) == {}


def test_many_values_around_one_are_no_misreading_of_it() -> None:
    pages = ["於114年3月15日清償。"] * 6
    pages += [f"於114年3月1{d}日清償。" for d in (1, 2, 3)]  # three dates near it: a run of days
    assert _flags(pages) == {}


def test_two_sums_one_digit_from_a_recurring_one_are_sums_of_their_own() -> None:
    pages = ["分期給付新臺幣22,000元。"] * 3 + ["新臺幣27,000元。", "新臺幣28,000元。"]
    assert _flags(pages) == {}
    assert list(_flags(pages[:4])) == [3]  # one alone: its misreading


def test_an_article_of_the_main_statute_misread_once() -> None:
    pages = ["依民法第四百七十八條規定。"] * 4 + ["依民法第四百七十九條規定。"]
    (flag,) = _flags(pages)[4]
    assert flag.category is CriticalKind.ARTICLE and flag.replacement == "第四百七十八條"


def test_numbered_exhibits_are_never_misreadings_of_each_other() -> None:
    pages = ["有原證一可稽。"] * 5 + ["有原證二可稽。"]
    facts = [f for i, t in enumerate(pages) for f in facts_of_page(i, t)]
    assert _flags(pages) == {}
    assert all(not g.conflict for g in group_facts(facts) if g.kind is FactKind.EXHIBIT)


def test_a_glossary_terms_variant_is_flagged_wherever_it_stands() -> None:
    pages = ["證人林志明到庭。", "證人林志朋到庭。"]
    (flag,) = _flags(pages, ("林志明",))[1]
    assert pages[1][flag.start : flag.end] == "林志朋" and flag.replacement == "林志明"
    assert _flags(pages) == {}  # without the term: one page each, nothing known


def test_page_ranges_count_from_one_in_runs() -> None:
    assert page_ranges([0]) == "1"
    assert page_ranges([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11]) == "1–6 and 8–12"
    assert page_ranges([2, 0, 4, 5]) == "1, 3 and 5–6"


def test_values_named_side_by_side_are_two_values_however_rare_one_is() -> None:
    # A joined case number written only in the first header, under the main one; a
    # second defendant named only in the heading; 民法第185條 cited once, right after
    # 第184條: each is listed beside the recurring value, so none is its misreading.
    first = "一一三年度訴字第一二三四號\n一一三年度訴字第一二三五號\n原　　告　陳大同\n"
    first += "被　　告　王小明\n被　　告　王小華\n" + BODY
    later = "一一三年度訴字第一二三四號\n被告王小明則以：依民法第一百八十四條，否認。\n"
    cited = later + "按民法第一百八十四條、民法第一百八十五條規定。\n"
    assert _flags([first, later, later, cited, later]) == {}


def test_a_value_beside_the_recurring_one_on_one_page_and_alone_on_another_is_flagged() -> None:
    # Listed beside it once does not excuse the place where it stands in its stead.
    later = "一一三年度訴字第一二三四號\n" + BODY
    first = "一一三年度訴字第一二三四號\n一一三年度訴字第一二三五號\n" + BODY
    alone = "一一三年度訴字第一二三五號\n" + BODY
    flags = _flags([first, *[later] * 8, alone])
    assert 9 in flags


MAIN = "主文\n被告應給付原告新臺幣壹佰貳拾參萬元。\n"
GRANTED = "理由\n從而，原告請求被告給付新臺幣壹佰貳拾參萬元，為有理由。\n"


def test_a_claim_in_the_reasons_is_not_the_sum_granted_one_digit_apart() -> None:
    claim = "理由\n原告起訴請求被告給付新臺幣壹佰貳拾捌萬元，及法定遲延利息。\n"
    pages = [MAIN, GRANTED, GRANTED, claim + "本院審酌全案證據，認原告之請求一部有理由。"]
    assert _flags(pages) == {}  # the claim (1,280,000) is not the grant (1,230,000) misread


def test_the_main_amount_against_the_reasons_amount_each_written_once() -> None:
    reasons = "理由\n從而，原告請求被告給付新臺幣壹佰貳拾捌萬元，為有理由。\n"
    flags = _flags([MAIN, "原告主張之事實，有借據為證。", reasons])
    assert list(flags) == [2]
    (flag,) = flags[2]
    assert reasons[flag.start : flag.end] == "新臺幣壹佰貳拾捌萬元"
    assert flag.category is CriticalKind.AMOUNT and flag.replacement == "新臺幣壹佰貳拾參萬元"
    assert flag.detail == "page 1 reads 新臺幣壹佰貳拾參萬元; this page reads 新臺幣壹佰貳拾捌萬元"


def test_the_main_amount_and_a_reasons_amount_of_another_obligation_are_two_sums() -> None:
    reasons = "理由\n從而，原告請求被告返還新臺幣壹佰貳拾捌萬元，為有理由。\n"
    assert _flags([MAIN, reasons]) == {}


def test_two_events_dated_one_digit_apart_are_two_dates() -> None:
    signed = "兩造於民國一一四年十月三日簽訂借款契約，約定按月清償。\n"
    paid = "原告於民國一一四年十月八日交付借款予被告。\n"
    pages = [BODY + signed] * 3 + [BODY + paid]
    assert _flags(pages) == {}  # 十月八日 (交付) is not 十月三日 (簽訂) misread


def test_a_date_once_against_the_same_event_dated_once_elsewhere() -> None:
    # Which of the two is misread the file cannot say: both are flagged, each
    # naming the other, so the reviewer is taken to both.
    pages = [BODY + "兩造於民國一一四年十月三日簽訂借款契約。", "原告主張之事實，有借據為證。"]
    pages.append("查兩造確於民國一一四年十月八日簽訂借款契約，為被告所不爭執。")
    flags = _flags(pages)
    assert sorted(flags) == [0, 2]
    (flag,) = flags[2]
    assert pages[2][flag.start : flag.end] == "民國一一四年十月八日"
    assert flag.category is CriticalKind.DATE and flag.replacement == "民國一一四年十月三日"
    assert flag.detail == "page 1 reads 民國一一四年十月三日; this page reads 民國一一四年十月八日"
    (first,) = flags[0]
    assert pages[0][first.start : first.end] == "民國一一四年十月三日"
    assert first.category is CriticalKind.DATE and first.replacement == "民國一一四年十月八日"
    assert first.detail == "page 3 reads 民國一一四年十月八日; this page reads 民國一一四年十月三日"


def test_two_periods_running_from_days_one_digit_apart_are_not_one_event() -> None:
    page = "被告應給付原告新臺幣5萬元，及自民國一一四年十月三日起算之利息。\n"
    other = "被告應給付原告新臺幣3萬元，及自民國一一四年十月八日起算之利息。\n"
    assert _flags([page, other]) == {}  # 起: a period's start, no event of its own


def test_a_zero_misread_in_an_amount_written_in_arabic_digits_is_one_digit() -> None:
    # 600,000 in 主文; 理由 concludes with 600,001: one glyph as written (a zero is a
    # glyph in Arabic digits), where 陸拾萬 / 陸拾萬零壹 would be another number.
    main = "主文\n被告應給付原告新臺幣陸拾萬元。\n"
    reasons = "理由\n從而，原告請求被告給付新臺幣600,001元，為有理由。\n"
    flags = _flags([main, "原告主張之事實，有借據為證。", reasons])
    assert list(flags) == [2]
    (flag,) = flags[2]
    assert reasons[flag.start : flag.end] == "新臺幣600,001元"


def test_a_zero_misread_in_a_years_digits_is_the_same_event_misdated() -> None:
    # 107 written in Arabic digits on two pages, 一三七 on a third: as values one digit
    # apart, a zero for a three (a year is read digit by digit, its zero a glyph).
    pages = [BODY + "本件於107年7月25日言詞辯論終結。"] * 2
    pages.append("本件於中華民國一三七年七月二十五日言詞辯論終結。")
    (flag,) = _flags(pages)[2]
    assert pages[2][flag.start : flag.end] == "中華民國一三七年七月二十五日"
    assert flag.replacement == "107年7月25日"
