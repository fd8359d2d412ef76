"""Critical flags on pages written elsewhere: roles, outcomes, masks, and which side is wrong.

Hand-written sentences in the style of judgments, rulings and contracts (none
from the sample or tests/data). Each case goes through the review's own
comparison (``compare_texts`` then ``critical_flags``), both directions where
the change is symmetric.
"""

from __future__ import annotations

import pytest

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import Flag
from tests.backend.review.tables import OPTIONS, TABLES


def review(transcript: str, alternate: str) -> list[Flag]:
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    return critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)


def flagged_at(flags: list[Flag], transcript: str, word: str) -> list[Flag]:
    at = transcript.index(word)
    return [f for f in flags if f.start <= at + len(word) and f.end >= at]


# (transcript, alternate, the transcript's changed text, category)
SWAPS = [
    (
        "上訴人即原審被告不服原判決，提起上訴。",
        "上訴人即原審原告不服原判決，提起上訴。",
        "被告",
        "party",
    ),
    ("被上訴人應給付上訴人新臺幣十萬元。", "上訴人應給付上訴人新臺幣十萬元。", "被上訴人", "party"),
    ("聲請人與相對人間請求返還借款事件。", "聲請人與聲請人間請求返還借款事件。", "相對人", "party"),
    ("告訴人指稱遭被告毆打成傷。", "被告指稱遭被告毆打成傷。", "告訴人", "party"),
    ("抗告人之抗告駁回。", "相對人之抗告駁回。", "抗告人", "party"),
    ("債務人應於三日內清償債權人。", "債權人應於三日內清償債權人。", "債務人", "party"),
    ("承租人應按月給付租金予出租人。", "出租人應按月給付租金予出租人。", "承租人", "party"),
    ("乙方如逾期付款，甲方得終止契約。", "甲方如逾期付款，甲方得終止契約。", "乙方", "party"),
    ("原　　　告　王○○", "被　　　告　王○○", "原　　　告", "party"),  # a heading, spaced out
    ("上訴駁回。", "上訴准許。", "駁回", "outcome"),
    ("原判決撤銷。", "原判決維持。", "撤銷", "outcome"),
    ("被告無罪。", "被告有罪。", "無罪", "outcome"),
    ("本件免訴。", "本件不受理。", "免訴", "outcome"),
    ("處有期徒刑四月，緩刑二年。", "處拘役四月，緩刑二年。", "有期徒刑", "outcome"),
    ("併科罰金新臺幣三萬元。", "併科罰鍰新臺幣三萬元。", "罰金", "outcome"),
    ("扣案之刀械一把沒收。", "扣案之刀械一把發還。", "沒收", "outcome"),
]


@pytest.mark.parametrize(("transcript", "alternate", "changed", "category"), SWAPS)
def test_roles_and_outcomes_swapped_are_critical_both_ways(
    transcript: str, alternate: str, changed: str, category: str
) -> None:
    here = flagged_at(review(transcript, alternate), transcript, changed)
    assert [f.category for f in here] == [category]
    back = review(alternate, transcript)
    assert any(f.category == category for f in back), back


def test_an_outcome_holding_a_negation_is_one_flag_naming_the_outcome() -> None:
    [flag] = review("被告無罪。", "被告有罪。")
    assert flag.detail == "outcome: transcript 無罪 (not guilty), alternate 有罪 (guilty)"
    [flag] = review("本件不受理。", "本件受理。")
    assert flag.category == "outcome" and "不受理 (not accepted)" in flag.detail


@pytest.mark.parametrize(
    ("transcript", "alternate", "changed"),
    [
        ("被告迄今未清償借款。", "被告迄今清償借款。", "未"),
        ("此非被告所能預見。", "此被告所能預見。", "非"),
        ("並非無據。", "並無據。", "非"),  # next to another negation: not folded into it
        ("證人未曾見過被告。", "證人曾見過被告。", "未"),
        ("被告否認犯罪。", "被告承認犯罪。", "否"),
        ("請勿任意停車。", "請任意停車。", "勿"),
        ("被告無正當理由拒絕到庭。", "被告有正當理由拒絕到庭。", "無"),
    ],
)
def test_a_negation_dropped_or_inserted_is_critical(
    transcript: str, alternate: str, changed: str
) -> None:
    assert [f.category for f in flagged_at(review(transcript, alternate), transcript, changed)]
    assert review(alternate, transcript)


def test_a_change_between_words_of_one_force_says_so() -> None:
    [flag] = review("租賃物不得轉租。", "租賃物不應轉租。")
    assert flag.detail == (
        "modal word: transcript 不得 (must not), alternate 不應 (must not); "
        "same force, another word"
    )
    [flag] = review("出租人應負修繕責任。", "出租人得負修繕責任。")
    assert flag.detail == "modal word: transcript 應 (must), alternate 得 (may)"  # a flip: no note


# --- masked names -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("被告陳○○於警詢時供稱。", "被告陳㊞○於警詢時供稱。"),  # a seal stamped over the mask
        ("被告陳○○於警詢時供稱。", "被告陳印○於警詢時供稱。"),
        ("被告陳○○於警詢時供稱。", "被告陳◎於警詢時供稱。"),
        ("| 2 | 證人 | 陳○○ | 到庭 |", "2證人陳。。到座"),  # ○ read as 。 in a table row
        ("| 2 | 證人 | 陳○○ | 到庭 |", "2證人陳。到座"),  # and a circle fewer
        ("證人林○明到庭。", "證人林。明到庭。"),
    ],
)
def test_a_mask_misread_by_the_alternate_is_not_critical(transcript: str, alternate: str) -> None:
    assert [f for f in review(transcript, alternate) if f.category == "mask"] == []
    assert [f for f in review(alternate, transcript) if f.category == "mask"] == []


def test_a_mask_filled_in_or_another_surname_is_critical() -> None:
    [flag] = review("被告陳○○於警詢時供稱。", "被告陳大同於警詢時供稱。")
    assert flag.category == "mask"
    [flag] = review("被告陳○○於警詢時供稱。", "被告林○○於警詢時供稱。")
    assert flag.category == "mask"
    [flag] = review("證人林○明到庭。", "證人林小明到庭。")
    assert flag.category == "mask"


def test_a_name_written_out_where_the_other_reading_masks_it_is_a_privacy_leak() -> None:
    [flag] = review("被告陳大同於警詢時供稱。", "被告陳○○於警詢時供稱。")
    assert flag.category == "mask"
    assert "privacy leak" in flag.detail


# --- which side is more likely wrong --------------------------------------------------


def test_simplified_characters_mark_the_side_that_misread() -> None:
    # A Traditional legal text never holds 应: the transcript (the model) misread.
    [flag] = review("被告应给付原告。", "被告應給付原告。")
    assert flag.category == "modal"
    assert "the transcript is more likely wrong: it has the Simplified 应" in flag.detail
    # In the alternate, the same Simplified form is folded: no difference at all.
    assert review("被告應給付原告。", "被告应给付原告。") == []
    # But a Simplified form of another word is the alternate's misreading, and says so.
    [flag] = review("被告得給付原告。", "被告应给付原告。")
    assert "the alternate is more likely wrong: it has the Simplified 应" in flag.detail


@pytest.mark.parametrize(
    ("transcript", "alternate", "note"),
    [
        (
            "被告於民國一一四年二月二十八日到庭。",
            "被告於民國一一四年二月三十日到庭。",
            "the alternate is more likely wrong: its 2月30日 is not a calendar date",
        ),
        (
            "被告於民國一一四年十三月一日到庭。",
            "被告於民國一一四年十二月一日到庭。",
            "the transcript is more likely wrong: its month 13 is not a month",
        ),
        (
            "中華民國一一三年二月二十九日",  # 2024 is a leap year
            "中華民國一一二年二月二十九日",
            "the alternate is more likely wrong: its 2月29日 is not a calendar date",
        ),
        (
            "中華民國一一四年五月一日",
            "中華民國九一四年五月一日",
            "the alternate is more likely wrong: 914 is no plausible year",
        ),
    ],
)
def test_an_impossible_date_marks_the_side_that_misread(
    transcript: str, alternate: str, note: str
) -> None:
    [flag] = review(transcript, alternate)
    assert flag.category == "date"
    assert note in flag.detail


def test_the_page_s_other_dates_vouch_for_a_year() -> None:
    page = (
        "本院於中華民國一一四年三月五日言詞辯論終結，"
        "並於中華民國一一四年三月二十日宣判（一一四年度訴字第三號）。"
    )
    misread = page.replace("一一四年三月五日", "一二四年三月五日")
    [flag] = review(page, misread)
    assert flag.category == "date"
    assert "the page's other dates agree with the transcript's year 114" in flag.detail
    [flag] = review(misread, page)
    assert "the page's other dates agree with the alternate's year 114" in flag.detail


def test_without_evidence_a_flag_names_no_culprit() -> None:
    [flag] = review("中華民國一一四年五月一日", "中華民國一一四年五月七日")
    assert "more likely wrong" not in flag.detail and "agree" not in flag.detail


# --- what a reading that lacks whole lines says -----------------------------------------


def test_terms_in_a_line_the_alternate_could_not_read_are_to_be_checked() -> None:
    transcript = "主文\n被告應給付原告新臺幣五萬元。\n訴訟費用由被告負擔。"
    alternate = "主文\n訴訟費用由被告負擔。"
    flags = review(transcript, alternate)
    # Not compared (the alternate says nothing there), but no second reading vouches
    # for them: the law's words there (not the sums: the omission's flag has them)
    # are items to check on the scan.
    assert [transcript[f.start : f.end] for f in flags] == ["應"]
    assert all("the alternate could not read this; check" in f.detail for f in flags)
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    assert c.hunks  # the diff still shows the line


def test_a_clause_dropped_inside_a_line_is_critical() -> None:
    transcript = "被告應給付原告新臺幣五萬元，但原告不得請求利息。"
    alternate = "被告應給付原告新臺幣五萬元。"
    assert {f.category for f in review(transcript, alternate)} >= {"modal"}
