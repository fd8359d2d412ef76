"""Legal-critical terms: when a difference between the transcript and an alternate is
critical, what the flag says, and that a changed zero is critical."""

from __future__ import annotations

import pytest

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import DiffCategory, FlagKind
from tests.backend.review.legal_terms_helpers import critical_of
from tests.backend.review.tables import OPTIONS, TABLES

# (transcript, alternate, flagged transcript text or None, replacement)
CASES = [
    ("被告得上訴", "被告不得上訴", "得", "不得"),
    ("被告不得上訴", "被告得上訴", "不得", "得"),
    ("應不受理", "應受理", "應不", "應"),
    ("應受理", "應不受理", "應", "應不"),
    ("被告應給付", "被告得給付", "應", "得"),
    ("被告上訴", "被告不得上訴", "", "不得"),
    ("被告得上訴", "被告上訴", "得", ""),
    ("原告無須給付", "原告須給付", "無須", "須"),
    ("迄未給付", "迄已給付", "未", "已"),
    ("取得所有權", "獲得所有權", None, None),  # 取得 is not modal
    ("取得所有權", "取消所有權", None, None),
    ("應予駁回", "應子駁回", None, None),  # next to a modal word, which is unchanged
    ("新臺幣壹萬貳仟元", "新臺幣12,000元", None, None),
    ("1萬2千元", "12000元", None, None),
    ("一萬二千元", "12,000元", None, None),
    ("１２，０００元", "12,000元", None, None),
    # A long term's flag covers what changed in it; its text names the whole term.
    ("新臺幣12,000元", "新臺幣13,000元", "2", "3"),
    ("一萬二千元", "13000元", "一萬二千元", "13000元"),
    # Normalised first: only the digit that differs after width folding is flagged.
    ("１２，０００元", "12,800元", "０", "8"),
    ("共3人", "共8人", "3", "8"),
    ("第十五條之一", "第十五條", "第十五條之一", "第十五條"),
    ("第十五條", "第15條", None, None),
    ("第十五條", "第十六條", "第十五條", "第十六條"),
    ("112年度訴字第1234號", "112年度訴字第1284號", "3", "8"),
    ("一一二年度上字第五號", "112年度上字第5號", None, None),
    ("中華民國112年3月5日", "中華民國112年8月5日", "3", "8"),
    ("中華民國112年3月5日", "中華民國一一二年三月五日", None, None),
    ("王○○", "王。。", None, None),  # the mask read as punctuation: a look-alike
    ("王○○", "王〇〇", None, None),
    ("王○○", "王小明", "王○○", "王小明"),  # a real name where the court masked one
    ("王○○", "李○○", "王○○", "李○○"),  # another party
]


@pytest.mark.parametrize(("transcript", "alternate", "flagged", "replacement"), CASES)
def test_critical_flags(
    transcript: str, alternate: str, flagged: str | None, replacement: str | None
) -> None:
    flags = critical_of(transcript, alternate)
    if flagged is None:
        assert flags == []
        return
    [flag] = flags
    assert flag.kind is FlagKind.CRITICAL
    assert transcript[flag.start : flag.end] == flagged
    assert flag.replacement == replacement
    assert alternate[flag.alt_start : flag.alt_end] == replacement
    # Accepting the flag gives the alternate's reading (up to what normalisation folds).
    accepted = transcript[: flag.start] + replacement + transcript[flag.end :]
    assert compare_texts(accepted, alternate, OPTIONS).agreement == 1.0


@pytest.mark.parametrize(
    ("transcript", "alternate", "detail"),
    [
        ("應給付", "得給付", "modal word: transcript 應 (must), alternate 得 (may)"),
        ("12,000元", "13,000元", "amount: transcript 12,000, alternate 13,000"),
        ("壹萬貳仟元", "13,000元", "amount: transcript 壹萬貳仟 (12,000), alternate 13,000"),
        ("被告上訴", "被告不得上訴", "modal word: alternate 不得 (must not), transcript omits it"),
        ("被告得上訴", "被告上訴", "modal word: transcript 得 (may), alternate omits it"),
        ("王○○", "王小明", "name mask: transcript 王○○, alternate reads 「王小明」"),
    ],
)
def test_flag_details(transcript: str, alternate: str, detail: str) -> None:
    [flag] = critical_of(transcript, alternate)
    assert flag.detail == detail


def test_flag_category_is_the_critical_kind() -> None:
    [flag] = critical_of("第3條", "第8條")
    assert flag.category == "article"


@pytest.mark.parametrize(
    "category", [DiffCategory.LAYOUT, DiffCategory.PUNCTUATION, DiffCategory.GLYPH]
)
def test_noise_categories_are_never_critical(category: DiffCategory) -> None:
    assert critical_of("應給付", "得給付") != []  # the same change, substantive
    assert critical_of("應給付", "得給付", category) == []


def test_only_terms_near_a_hunk_are_compared() -> None:
    transcript, alternate = "被告應給付，原告之訴駁回", "被告應給付，原告之訢駁回"
    # Without hunks nothing is flagged, whatever the terms.
    assert critical_flags("應給付", "得給付", [], tables=TABLES) == []
    assert critical_of(transcript, alternate) == []


def test_two_changes_in_one_date_give_one_flag() -> None:
    a, b = "中華民國112年3月5日", "中華民國113年8月5日"
    [flag] = critical_of(a, b)
    assert (flag.start, flag.end) == (a.index("2年"), a.index("月"))  # from one change to the other
    assert flag.detail == "date: transcript 中華民國112年3月5日, alternate 中華民國113年8月5日"


# --- a changed zero is critical -----------------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate", "kind"),
    [
        ("中華民國一〇〇年一月一日", "中華民國一〇年一月一日", "date"),
        ("給付新臺幣二〇〇〇〇元", "給付新臺幣二〇〇〇元", "amount"),
        ("一〇五年度台上字第一〇〇號", "一〇五年度台上字第一〇號", "case_number"),
    ],
)
def test_a_zero_the_alternate_lacks_is_critical(transcript: str, alternate: str, kind: str) -> None:
    c = compare_texts(transcript, alternate, OPTIONS)
    [flag] = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    assert flag.category == kind
    assert flag.replacement is not None
    assert transcript[: flag.start] + flag.replacement + transcript[flag.end :] == alternate


@pytest.mark.parametrize("category", [DiffCategory.PUNCTUATION, DiffCategory.GLYPH])
def test_a_value_changed_in_a_noise_hunk_is_still_critical(category: DiffCategory) -> None:
    a, b = "第一〇〇條", "第一〇條"
    [flag] = critical_of(a, b, category)
    assert flag.category == "article"
