"""The evidence that the alternate misread a term (``backend.review.misreadings``), both ways.

Each rule lowers a difference the alternate made from critical to an ordinary
difference (the diff still flags it). Each is tested with its mirror: the same
change made by the transcript stays critical, so no rule can hide a transcript's
error. Sentences are written for this test (none from the sample or the corpus).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.misreadings import misread_value
from backend.review.numerals import find_numbers, well_formed
from backend.review.values import Flag, FlagKind
from tests.backend.review.tables import OPTIONS, RULES, TABLES
from tests.properties import examples


def review(transcript: str, alternate: str) -> tuple[list[Flag], list[Flag]]:
    """(critical flags, difference flags)."""
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    return critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES), c.flags()


# (what the page says = the transcript, what the engine read)
ALTERNATE_MISREADS = [
    ("被告應給付新臺幣3,127,023元。", "被告應給付新臺幣3127，023元。"),  # separators
    ("被告應給付新臺幣九萬六千八百元。", "被告應給付新臺幣去萬千人百元。"),  # no number
    ("扣案之水果刀八把沒收。", "扣案之水果刀人把沒收。"),  # a digit read as a letter
]


@pytest.mark.parametrize(("page", "engine"), ALTERNATE_MISREADS)
def test_a_value_the_alternate_misread_is_a_difference_not_critical(page: str, engine: str) -> None:
    critical, diffs = review(page, engine)
    assert critical == []
    # The reviewer still sees where the readings differ (where more than
    # punctuation does: a comma moved between the same digits is no difference).
    assert bool(diffs) is ("3127" not in engine)


@pytest.mark.parametrize(("page", "engine"), [m for m in ALTERNATE_MISREADS if "3127" not in m[1]])
def test_the_same_change_made_by_the_transcript_is_critical(page: str, engine: str) -> None:
    """(Separators misplaced are the same digits either way: no change of the value.)"""
    critical, _ = review(engine, page)
    assert critical and all(f.kind is FlagKind.CRITICAL for f in critical)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("中華民國一○九年九月", "中華民國一○四年九月"),  # another digit: a changed value
        ("中華民國一○九年九月", "中華民國一一九年九月"),  # the circle read as a digit
        ("新臺幣3,127,023元", "新臺幣3,127,028元"),
        ("新臺幣九萬六千八百元", "新臺幣九萬六千三百元"),
        ("水果刀八把", "水果刀六把"),
    ],
)
def test_a_digit_for_another_digit_stays_critical_both_ways(
    transcript: str, alternate: str
) -> None:
    assert review(transcript, alternate)[0]
    assert review(alternate, transcript)[0]


LOST_ZEROS = [
    ("判決確定於中華民國一○九年九月十四日。", "判決確定於中華民國一九年九月十四日。"),
    ("一〇五年度訴字第三二號判決。", "一五年度訴字第三二號判決。"),
    ("自中華民國一一○\n年三月八日起給付。", "自中華民國一一\n年三月八日起給付。"),  # 110
    ("於西元二〇〇九年五月執行完畢。", "於西元二九年五月執行完畢。"),  # both circles
]


@pytest.mark.parametrize(("page", "engine"), LOST_ZEROS)
def test_a_zero_the_alternate_read_as_nothing_is_its_misreading(page: str, engine: str) -> None:
    """Engines often read a ○ after a numeral as nothing: the transcript's number
    stands, and the difference is an ordinary one (issue 22: a zero's spelling is
    never critical)."""
    critical, diffs = review(page, engine)
    assert critical == []
    assert diffs


@pytest.mark.parametrize(("page", "engine"), LOST_ZEROS)
def test_a_zero_the_transcript_lacks_stays_critical_and_names_the_transcript(
    page: str, engine: str
) -> None:
    [flag] = review(engine, page)[0]
    assert "transcript is more likely wrong: it lacks a ○ zero" in flag.detail


@pytest.mark.parametrize(
    ("page", "engine"),
    [
        ("判決確定於中華民國一○九年九月十四日。", "判決確定於中華民國一九一年九月十四日。"),
        ("判決確定於中華民國一○九年九月十四日。", "判決確定於中華民國一○年九月十四日。"),
    ],
)
def test_a_zero_lost_beside_another_change_stays_critical(page: str, engine: str) -> None:
    assert review(page, engine)[0]


def test_misread_value_compares_the_two_sides_it_is_given() -> None:
    assert misread_value(["3,127,023元"], [], "3,127,023元", "3127，023元")
    assert not misread_value(["3,127,023元"], ["3,127,028元"], "3,127,023元", "3,127,028元")


WELL_FORMED = [
    *[("九萬六千八百", True), ("三千萬", True), ("1萬2千", True), ("一百十四", True)],
    *[("二〇二三", True), ("壹萬玖仟貳佰", True), ("１２，０００", True), ("一○五", True)],
    *[("一千零五", True), ("一萬二千三百四十五", True)],
    *[("萬千", False), ("千百", False), ("3二7", False), ("十六六", False)],
]


@pytest.mark.parametrize(("text", "ok"), WELL_FORMED)
def test_well_formed_numerals(text: str, ok: bool) -> None:
    assert well_formed(text) is ok


def test_a_surname_that_is_a_numeral_with_its_mask_is_no_number() -> None:
    for text in ("告訴人陸○○到庭", "被告伍〇〇", "證人萬○○稱"):
        assert list(find_numbers(text, RULES.excluded(text))) == []
    assert [v for _, _, v in find_numbers("民國一○○年", RULES.excluded("民國一○○年"))] == [
        100
    ]  # plain digits: ○ is a zero
    critical, _ = review("告訴人陸○○到庭陳述。", "告訴人陸○到庭陳述。")
    assert critical == []  # a circle fewer in a mask, not 600 read as 60


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("被告王○○與原告李○○和解。", "被告王與原告李○○和解。"),  # the circles dropped
        ("被告王○○與原告李○○和解。", "被告王。。與原告李○○和解。"),
        ("| 1 | 鑰匙 | 二把 | 王○○ |", "| 1 | 鑰匙 | 二把 | 王。。 |"),  # in a table cell
        ("| 1 | 鑰匙 | 二把 | 王○○ |", "1 鑰匙 二把 王。"),
    ],
)
def test_a_mask_the_engine_read_as_marks_or_nothing_is_not_critical(
    transcript: str, alternate: str
) -> None:
    assert review(transcript, alternate)[0] == []


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("被告王志○與原告和解。", "被告王與原告和解。"),  # a character where the mask was
        ("被告王志明與原告和解。", "被告王○○與原告和解。"),  # a name written out
        ("被告黃○○與原告和解。", "被告王○○與原告和解。"),  # another surname
    ],
)
def test_a_mask_filled_in_or_another_surname_stays_critical(
    transcript: str, alternate: str
) -> None:
    assert review(transcript, alternate)[0]


def test_a_number_only_in_simplified_garbage_is_not_critical_but_flagged() -> None:
    page = "本件訴訟費用由被告負擔。\n如不服本判決，應於送達後二十日內提出上訴狀。"
    engine = "本件訴訟費用由被告负担宝圆六一另。\n如不服本判決，應於送達後二十日內提出上訴狀。"
    critical, diffs = review(page, engine)
    assert critical == [] and diffs
    assert "the alternate is more likely wrong: it has the Simplified 宝圆" in diffs[-1].detail
    # A change of the transcript's own number next to such garbage stays critical.
    changed = page.replace("二十日", "三十日")
    assert review(changed, engine)[0]


def test_terms_in_a_stretch_the_alternate_read_as_other_characters_are_to_be_checked() -> None:
    page = "第八百三十七條第四項　本法施行前已發生之事項，不適用本法之規定。"
    engine = "金用其更變意鬱臺高不哎奢"  # a seal and bleed-through over the line
    critical, diffs = review(page, engine)
    assert diffs
    # Not compared with the garbage (no "alternate reads 不"): the law's words there
    # are items to check (the article numbers are in the difference's flag).
    assert [page[f.start : f.end] for f in critical] == ["不"]
    assert all("could not read this; check" in f.detail for f in critical)


def test_a_table_cell_the_alternate_could_not_read_is_flagged_not_compared() -> None:
    page = "| 編號 | 扣案物品 | 數量 |\n| 1 | 鑰匙 | 二把 |\n| 2 | 手機 | 三支 |"
    engine = "編號 扣案物品 數量\n1 鑰匙\n2 手機 三支"
    critical, diffs = review(page, engine)
    assert [page[f.start : f.end] for f in diffs] == ["二把"]
    # Not compared, but nothing vouches for the count: an item to check on the scan.
    assert [page[f.start : f.end] for f in critical] == ["二"]
    assert "could not read this; check 二" in critical[0].detail
    # A count changed inside a cell both read is critical.
    assert review(page.replace("二把", "六把"), engine.replace("鑰匙", "鑰匙 二把"))[0]


@pytest.mark.parametrize(
    ("transcript", "alternate", "flagged"),
    [
        ("被告應給付，並負擔費用。", "被告應給付並負擔費用。", False),  # a comma the engine lost
        ("被告應給付、並負擔費用。", "被告應給付，並負擔費用。", False),
        ("被告應給付，並負擔費用。", "被告應給付吾並負擔費用。", True),  # a character for it
    ],
)
def test_punctuation_one_reading_lacks_is_no_difference(
    transcript: str, alternate: str, flagged: bool
) -> None:
    assert bool(review(transcript, alternate)[1]) is flagged


# --- a party's name where the engine read the mask's circles as nothing -------------


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("為義務人姜志柏積欠貨款。", "為義務人姜柏積欠貨款。"),  # 姜○柏 read 姜柏: 志 filled in
        ("為義務人姜柏積欠貨款。", "為義務人姜志柏積欠貨款。"),  # the other way round
        ("原告　黃○○　住臺北市", "原告　王　住臺北市"),  # another surname, circles lost
    ],
)
def test_a_name_changed_after_its_role_is_critical(transcript: str, alternate: str) -> None:
    [flag] = review(transcript, alternate)[0]
    assert flag.detail.startswith("name")  # "name after 義務人: …" (or the mask's own flag)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("原告　黃○○　住臺北市", "原告　黃　住臺北市"),  # only the circles lost
        ("原告　黃○○　住臺北市", "原告　黃。。　住臺北市"),
        ("本件原告之訴駁回。", "本件原告之訴駁回"),  # no name there
    ],
)
def test_circles_alone_after_a_role_are_no_name_change(transcript: str, alternate: str) -> None:
    assert review(transcript, alternate)[0] == []


# A low-resolution Latin reading of a Han page (Tesseract at 100-150 dpi): circles read
# as round letters or halves, spaced from the Han characters; Han words read as Latin.
@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("告訴人余○○到庭陳述。", "告訴人余 0C0 到庭陳述。"),  # spaced, an open circle
        ("告訴人何○○到庭陳述。", "告訴人何 C0C) 到庭陳述。"),  # its "number" 0 too
        ("被告魏○雄到庭陳述。", "被告魏 () 雄到庭陳述。"),  # a circle read as its halves
        ("證人賴○○到庭陳述。", "證人賴 Q0 到庭陳述。"),
    ],
)
def test_a_mask_read_as_round_latin_letters_is_not_critical(
    transcript: str, alternate: str
) -> None:
    assert review(transcript, alternate)[0] == []


def test_the_zeros_of_a_number_still_count() -> None:
    """Circles that are a number's zeros (二〇〇九) are no mask: a transcript writing
    another count of them, some as round letters, writes another number."""
    for transcript in ("於西元二0O0九年四月三日", "於西元二 0O0 九年四月三日"):
        critical, _ = review(transcript, "於西元二〇○九年四月三日")
        assert critical, transcript


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("本件被告范宇住臺北市。", "本件 BA CF 住臺北市。"),  # a party word read as Latin
        ("訴訟費用由原告負擔。", "訴訟費用由 RAMS 負擔。"),
    ],
)
def test_a_term_the_alternate_read_as_latin_letters_is_not_critical(
    transcript: str, alternate: str
) -> None:
    critical, diffs = review(transcript, alternate)
    assert critical == []
    assert diffs


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("本件 BA CF 住臺北市。", "本件被告范宇住臺北市。"),  # the transcript's Latin junk
        ("訴訟費用由原告負擔。", "訴訟費用由被告負擔。"),  # another party: a change
        ("訴訟費用由原告負擔。", "訴訟費用由。負擔。"),  # a mark alone: read nothing
        ("週年利率為百分之5。", "週年利率為百分之59 ©。"),  # a digit: a reading of a numeral
    ],
)
def test_latin_letters_excuse_only_the_alternate(transcript: str, alternate: str) -> None:
    assert review(transcript, alternate)[0]


# A value written in Arabic and Chinese numerals at once (第648條之三: article 648-3,
# 民國110年十二月): the same Arabic digits on both sides are no evidence of a misread
# separator when a Chinese numeral of the value differs; either side's change is critical.
CHINESE = "一二三四五六七八九"


@given(
    st.integers(1, 999),
    st.sampled_from(CHINESE),
    st.sampled_from(CHINESE),
    st.booleans(),
    st.booleans(),
)
@examples(60)
def test_chinese_numeral_of_a_mixed_value_changed_is_critical(
    n: int, sub: str, other: str, spaced: bool, transcript_wrong: bool
) -> None:
    assume(sub != other)
    gap = " " if spaced else ""
    page = f"被告所為，應論以刑法第{gap}{n}{gap}條之{sub}之罪。"
    misread = f"被告所為，應論以刑法第{gap}{n}{gap}條之{other}之罪。"
    transcript, alternate = (misread, page) if transcript_wrong else (page, misread)
    crit, _ = review(transcript, alternate)
    at = transcript.index("條之") + 2
    assert [f.start <= at < f.end for f in crit] == [True]


@pytest.mark.parametrize(
    ("t_seen", "a_seen"), [("第648條之二", "第648條之三"), ("110年十二月", "110年十一月")]
)
def test_same_arabic_digits_with_other_chinese_numerals_is_no_misreading(
    t_seen: str, a_seen: str
) -> None:
    assert not misread_value([t_seen], [a_seen], t_seen, a_seen)


@pytest.mark.parametrize(
    ("seen", "wrong"),
    [
        ("BA CF", True),  # 被告 read in Latin letters: no reading of the term
        ("5%", False),  # a digit: a numeral's reading, compared
        ("B5", False),
        ("。", False),  # marks alone: an omission
        ("", False),
        ("被吿", False),  # Han: a reading
    ],
)
def test_wrong_script_is_latin_letters_without_han_or_digits(seen: str, wrong: bool) -> None:
    from backend.review.misreadings import wrong_script

    assert wrong_script(seen) is wrong
