"""Legal-critical terms: what is found, and when a difference is critical."""

from __future__ import annotations

import fast_diff_match_patch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.review.compare import compare_texts
from backend.review.legal_terms import CriticalTerm, critical_flags, extract_terms
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

K = CriticalKind


def make_hunks(a: str, b: str, category: DiffCategory = DiffCategory.SUBSTANTIVE) -> list[Hunk]:
    """Hunks as a character diff gives them: each run of deletes/inserts is one hunk."""
    raw = fast_diff_match_patch.diff(a, b, counts_only=False, cleanup="Semantic")
    hunks: list[Hunk] = []
    i = j = 0
    span: list[int] | None = None
    for op, text in [*raw, ("=", "")]:
        if op == "=":
            if span:
                s, e, as_, ae = span
                hunks.append(Hunk(s, e, as_, ae, a[s:e], b[as_:ae], category))
            span = None
            i, j = i + len(text), j + len(text)
            continue
        span = span or [i, i, j, j]
        if op == "-":
            i += len(text)
            span[1] = i
        else:
            j += len(text)
            span[3] = j
    return hunks


def test_make_hunks_offsets() -> None:
    [h] = make_hunks("被告得上訴", "被告不得上訴")
    assert (h.start, h.end, h.alt_start, h.alt_end, h.text, h.alt_text) == (2, 2, 2, 3, "", "不")


def terms(text: str) -> list[tuple[CriticalKind, str, object]]:
    return [(t.kind, t.text, t.value) for t in extract_terms(text)]


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
    for term in extract_terms(text):
        assert text[term.start : term.end] == term.text
    assert extract_terms(text)[1] == CriticalTerm(5, 15, K.AMOUNT, "新臺幣12,000元", 12000)


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
    assert [t.text for t in extract_terms(text) if t.kind is K.MODAL] == modal


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
    ("１２，０００元", "12,800元", "１２，０００", "12,800"),
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
    flags = critical_flags(transcript, alternate, make_hunks(transcript, alternate))
    if flagged is None:
        assert flags == []
        return
    [flag] = flags
    assert flag.kind is FlagKind.CRITICAL
    assert transcript[flag.start : flag.end] == flagged
    assert flag.replacement == replacement
    assert alternate[flag.alt_start : flag.alt_end] == replacement
    # Accepting the flag gives the alternate's reading.
    assert transcript[: flag.start] + replacement + transcript[flag.end :] == alternate


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
    [flag] = critical_flags(transcript, alternate, make_hunks(transcript, alternate))
    assert flag.detail == detail


def test_flag_category_is_the_critical_kind() -> None:
    [flag] = critical_flags("第3條", "第8條", make_hunks("第3條", "第8條"))
    assert flag.category == "article"


@pytest.mark.parametrize(
    "category", [DiffCategory.LAYOUT, DiffCategory.PUNCTUATION, DiffCategory.GLYPH]
)
def test_noise_categories_are_never_critical(category: DiffCategory) -> None:
    hunks = make_hunks("應給付", "得給付", category)
    assert critical_flags("應給付", "得給付", hunks) == []


def test_only_terms_near_a_hunk_are_compared() -> None:
    transcript, alternate = "被告應給付，原告之訴駁回", "被告應給付，原告之訢駁回"
    # Without hunks nothing is flagged, whatever the terms.
    assert critical_flags("應給付", "得給付", []) == []
    assert critical_flags(transcript, alternate, make_hunks(transcript, alternate)) == []


def test_two_changes_in_one_date_give_one_flag() -> None:
    a, b = "中華民國112年3月5日", "中華民國113年8月5日"
    [flag] = critical_flags(a, b, make_hunks(a, b))
    assert (flag.start, flag.end) == (a.index("2年"), a.index("月"))  # from one change to the other
    assert flag.detail == "date: transcript 中華民國112年3月5日, alternate 中華民國113年8月5日"


# A judgment page, for the recall/precision goal: every seeded modal-word and
# number error is flagged critical, while ordinary misreadings stay under 1%.
PAGE = """臺灣臺北地方法院民事判決　112年度訴字第1234號
原　　　告　王○○
被　　　告　甲○○
上列當事人間請求給付買賣價金事件，本院於中華民國112年3月5日言詞辯論終結，判決如下：
主　文
被告應給付原告新臺幣壹拾貳萬參仟元，及自民國112年1月10日起至清償日止，按週年利率百分之五計算之利息。
原告其餘之訴駁回。
訴訟費用由被告負擔。
本判決第一項於原告以新臺幣4萬1千元供擔保後，得假執行。但被告如以新臺幣123,000元為原告預供擔保，得免為假執行。
事實及理由
一、按當事人得以合意定第一審管轄法院，民事訴訟法第24條第1項定有明文。
二、原告主張：被告於111年12月1日向原告購買貨物，約定價金新臺幣12萬3千元，被告迄未給付。被告取得之不動產，應不受影響。
三、被告則以：伊無須給付，且原告未依約交貨等語置辯。
四、按買受人對於出賣人，有交付約定價金及受領標的物之義務，民法第三百六十七條定有明文。又依民法第二百三十三條之一規定，債務人不得拒絕給付。
五、本件事證已臻明確，兩造其餘攻擊防禦方法，核與判決結果不生影響，爰不一一論列，併此敘明。
中　　華　　民　　國　　112　　年　　3　　月　　15　　日
"""

SEEDED = [  # (unique text on the page, what the alternate reads instead)
    ("被告應給付", "被告得給付"),
    ("，得假執行", "，不得假執行"),
    ("得免為", "應免為"),
    ("應不受", "應受"),
    ("伊無須", "伊須"),
    ("迄未給付", "迄已給付"),
    ("人不得拒絕", "人得拒絕"),
    ("不生影響", "生影響"),
    ("原告未依約", "原告已依約"),
    ("得以合意", "應以合意"),
    ("壹拾貳萬參仟元", "壹拾貳萬伍仟元"),
    ("4萬1千元", "4萬7千元"),
    ("123,000元", "128,000元"),
    ("12萬3千元", "12萬8千元"),
    ("百分之五", "百分之六"),
    ("第24條", "第34條"),
    ("第1項定有", "第7項定有"),
    ("第三百六十七條", "第三百六十八條"),
    ("三十三條之一", "三十三條"),
    ("112年3月5日", "112年8月5日"),
    ("112年1月10日", "112年1月16日"),
    ("111年12月1日", "111年12月7日"),
    ("15　　日", "16　　日"),
    ("第1234號", "第1284號"),
    ("告　王○○", "告　王大明"),
]

NOISE = [  # ordinary misreadings, some right next to critical terms
    ("民事判決", "民事判快"),
    ("買賣價金", "買賣價全"),
    ("言詞辯論", "言詞辨論"),
    ("應給付原告", "應給附原告"),
    ("供擔保後", "供擔堡後"),
    ("管轄法院", "管辖法院"),
    ("購買貨物", "購買貨務"),
    ("攻擊防禦", "攻擊防御"),
    ("已臻明確", "已臻明碓"),
    ("交貨等語", "交貸等語"),
    ("之義務", "之義努"),
    ("標的物", "標的牣"),
    ("其餘之訴", "其餘之訢"),
    ("五計算", "五訃算"),
    ("清償日止", "清償目止"),
    ("王○○", "王。。"),
    ("敘明", "叙明"),
]


def test_every_seeded_error_is_flagged_critical() -> None:
    missed = []
    for old, new in SEEDED:
        assert PAGE.count(old) == 1, old
        at = PAGE.index(old)
        alternate = PAGE.replace(old, new)
        flags = critical_flags(PAGE, alternate, make_hunks(PAGE, alternate))
        if not any(f.start <= at + len(old) and f.end >= at for f in flags):
            missed.append(old)
    assert missed == []


def test_ordinary_misreadings_flag_under_one_percent() -> None:
    alternate = PAGE
    for old, new in NOISE:
        alternate = alternate.replace(old, new, 1)
    hunks = make_hunks(PAGE, alternate)
    assert len(hunks) == len(NOISE)
    flagged = sum(f.end - f.start for f in critical_flags(PAGE, alternate, hunks))
    assert flagged <= 0.01 * len(PAGE)


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
    c = compare_texts(transcript, alternate)
    [flag] = critical_flags(transcript, alternate, c.hunks, c.matches)
    assert flag.category == kind
    assert flag.replacement is not None
    assert transcript[: flag.start] + flag.replacement + transcript[flag.end :] == alternate


@pytest.mark.parametrize("category", [DiffCategory.PUNCTUATION, DiffCategory.GLYPH])
def test_a_value_changed_in_a_noise_hunk_is_still_critical(category: DiffCategory) -> None:
    a, b = "第一〇〇條", "第一〇條"
    [flag] = critical_flags(a, b, make_hunks(a, b, category))
    assert flag.category == "article"


# --- where a flag lies in the alternate ---------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [("金額新63", "金額3付"), ("221新被790", "21被790"), ("利息388", "利息給38")],
)
def test_flags_map_through_the_whole_alignment(transcript: str, alternate: str) -> None:
    c = compare_texts(transcript, alternate)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches)
    assert flags
    for flag in flags:
        assert_sound(flag, transcript, alternate)


def test_one_flag_per_term_over_every_hunk_it_touches() -> None:
    a, b = "金額新63", "金額3付"
    flags = critical_flags(a, b, make_hunks(a, b))
    assert len(flags) == 1


def assert_sound(flag: Flag, transcript: str, alternate: str) -> None:
    assert 0 <= flag.start <= flag.end <= len(transcript)
    if flag.replacement is None:
        assert flag.alt_start is None and flag.alt_end is None
        return
    assert flag.alt_start is not None and flag.alt_end is not None
    assert 0 <= flag.alt_start <= flag.alt_end <= len(alternate)
    assert flag.replacement == alternate[flag.alt_start : flag.alt_end]
    # Accepting it brings that stretch closer to the alternate, never further.
    accepted = transcript[: flag.start] + flag.replacement + transcript[flag.end :]
    assert distance(accepted, alternate) <= distance(transcript, alternate)


def distance(a: str, b: str) -> int:
    """Characters the diff deletes or inserts."""
    return sum(n for op, n in fast_diff_match_patch.diff(a, b, cleanup="Semantic") if op != "=")


TERMISH = st.lists(
    st.sampled_from(
        [
            *"0123456789一二三〇○新被給利息金額付應得不年月日元第條號王",
            "新臺幣",
            "民國",
            "年度",
            "字第",
        ]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(TERMISH, TERMISH, st.booleans())
def test_every_flag_names_valid_spans_and_a_true_replacement(
    transcript: str, alternate: str, folded: bool
) -> None:
    c = compare_texts(transcript, alternate, folded=folded)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches)
    for flag in flags:
        assert_sound(flag, transcript, alternate)
    # Without the runs too (the identical text between hunks is used instead).
    for flag in critical_flags(transcript, alternate, c.hunks):
        assert_sound(flag, transcript, alternate)
    # No two flags for one stretch of a term.
    spans = [(f.start, f.end) for f in flags]
    assert len(spans) == len(set(spans))
