"""The character diff behind the review aids: categories, offsets, precision on engine noise."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.compare import (
    CompareOptions,
    Comparison,
    compare_texts,
    diff_flags,
)
from backend.review.values import DiffCategory, FlagKind
from tests.backend.review.alt_text_helpers import alt_text
from tests.backend.review.tables import OPTIONS, TABLES
from tests.conftest import DATA
from tests.properties import examples

TRUTH = DATA / "legal-sample.truth.json"
L, P, G, S = (
    DiffCategory.LAYOUT,
    DiffCategory.PUNCTUATION,
    DiffCategory.GLYPH,
    DiffCategory.SUBSTANTIVE,
)
NO_REORDER = CompareOptions(reorder_lines=False, tables=TABLES)


def one(c: Comparison, category: DiffCategory) -> list[tuple[str, str]]:
    return [(h.text, h.alt_text) for h in c.hunks if h.category is category]


# --- categories ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate", "expected"),
    [
        ("確保電子卷證\n與原本", "確保電子卷證與原本", [("\n", "", L)]),
        ("第一條\u3000為規範", "第一條 為規範", [("\u3000", " ", L)]),
        ("掃描，確保", "掃描,確保", [("，", ",", P)]),
        ("（一一四年度）", "(一一四年度)", [("（", "(", P), ("）", ")", P)]),
        ("林○○犯", "林。。犯", [("○○", "。。", P)]),
        ("三二一○號", "三二一0號", [("○", "0", P)]),
        ("作爲前置", "作為前置", [("爲", "為", G)]),
        ("原本內容", "原本内容", [("內", "内", G)]),
        ("應逐字核對", "应逐字核對", [("應", "应", G)]),  # simplified in the alternate
        ("校對人員應予更正", "校對人員得予更正", [("應", "得", S)]),
        (
            "| 一千元 | 定額徵收 |",
            "一千元 定額徵收",
            [("| ", "", L), (" | ", " ", L), (" |", "", L)],
        ),
    ],
)
def test_hunk_categories(transcript: str, alternate: str, expected: list[tuple]) -> None:
    c = compare_texts(transcript, alternate, OPTIONS)
    assert [(h.text, h.alt_text, h.category) for h in c.hunks] == expected


def test_simplified_in_the_transcript_is_flagged() -> None:
    """A Traditional document never has 应: in the transcript it is the model's error."""
    c = compare_texts("应逐字核對", "應逐字核對", OPTIONS)
    assert one(c, S) == [("应", "應")]


def test_a_mask_the_transcript_lacks_or_reads_as_words_is_substantive() -> None:
    assert one(compare_texts("林○○犯", "林大明犯", OPTIONS), S) == [("○○", "大明")]
    assert one(compare_texts("林。犯", "林○犯", OPTIONS), S) == [
        ("。", "○")
    ]  # not the other way round


def test_marker_replaced_by_the_alternates_reading() -> None:
    c = compare_texts("答辯人【模糊】王", "答辯人即被告王", OPTIONS)
    (h,) = c.hunks
    assert (h.text, h.alt_text, h.category) == ("【模糊】", "即被告", S)
    (flag,) = c.flags()
    assert (flag.kind, flag.replacement) == (FlagKind.DIFF, "即被告")


def test_explicit_ignore_spans_on_both_sides() -> None:
    t, a = "甲【看不清楚的字跡內容很長很長】乙", "甲［？］乙"
    spans = [(1, 16)]
    c = compare_texts(t, a, OPTIONS, ignore_spans=spans, alt_ignore_spans=[(1, 4)])
    assert one(c, L) == [(t[1:16], "［？］")]  # ignored text differs only as layout
    assert c.flags() == [] and c.agreement == 1.0


def test_flags_only_substantive_by_default() -> None:
    c = compare_texts("第五條，應逐字為之", "第五條,得逐字爲之", OPTIONS)
    assert [(f.start, f.end, f.replacement) for f in diff_flags(c)] == [(4, 5, "得")]
    every = frozenset(DiffCategory)
    assert len(c.flags(every)) == 3
    assert c.chars_by_category() == {L: 0, P: 1, G: 1, S: 1}


def test_agreement() -> None:
    assert compare_texts("", "", OPTIONS).agreement == 1.0
    assert compare_texts("第一條", "", OPTIONS).agreement == 0.0
    # Normalised: 第一條,得為之 against 第一條,應為之
    assert compare_texts("第一條，得為之", "第一條,應爲之", OPTIONS).agreement == pytest.approx(
        6 / 7
    )


def test_omission_and_addition_are_zero_width_on_the_missing_side() -> None:
    c = compare_texts("不得刪除", "得刪除", OPTIONS)
    assert [(h.start, h.end, h.alt_start, h.alt_end) for h in c.hunks] == [(0, 1, 0, 0)]
    c = compare_texts("得刪除", "不得刪除", OPTIONS)
    assert [(h.start, h.end, h.alt_start, h.alt_end) for h in c.hunks] == [(0, 0, 0, 1)]
    assert c.flags()[0].detail == "the alternate has “不” here; the transcript has nothing"


# --- reading order and ghosts ----------------------------------------------------


def test_flowchart_boxes_in_another_order_are_not_flagged() -> None:
    transcript = "流程圖\n起訴\n分案\n準備程序\n言詞辯論\n辯論終結\n宣示判決\n和解成立"
    boxes = ["流程圖", "起訴", "準備程序", "辯論終結", "分案", "言詞辯論", "宣示判決", "和解成立"]
    c = compare_texts(transcript, alt_text([(b, 0.99) for b in boxes]), OPTIONS)
    assert c.reordered
    assert c.flags() == []
    assert c.agreement == 1.0


def test_a_misread_inside_reordered_lines_is_still_flagged_at_its_place() -> None:
    transcript = (
        "附表\n逾十萬元至一百萬元部分\t每萬元一百元\n逾一百萬元至一千萬元部分\t每萬元九十元"
    )
    cells = [
        "附表",
        "逾十萬元至一百萬元部分",
        "逾一百萬元至一千萬元部分",
        "每萬元一百元",
        "每萬元八十元",
    ]
    alt = alt_text([(cell, 0.98) for cell in cells])
    c = compare_texts(transcript, alt, OPTIONS)
    (flag,) = c.flags()
    assert transcript[flag.start : flag.end] == "九" and flag.replacement == "八"
    assert alt.text[flag.alt_start : flag.alt_end] == "八"


def test_lines_already_in_order_stay_in_order() -> None:
    c = compare_texts("甲乙丙丁戊\n己庚辛壬癸", "甲乙丙丁戊\n子丑寅卯辰", OPTIONS)
    assert not c.reordered
    assert one(c, S) == [("己庚辛壬癸", "子丑寅卯辰")]


def test_moved_block_without_line_layout_is_layout() -> None:
    opts = CompareOptions(reorder_lines=False, tables=TABLES)
    c = compare_texts("甲乙丙丁戊己庚辛壬癸子丑寅卯", "甲乙丙丁辛壬癸子丑寅卯戊己庚", opts)
    assert one(c, L) == [("戊己庚", ""), ("", "戊己庚")]
    c = compare_texts("甲乙丙丁戊己庚辛壬癸子丑寅卯", "甲乙丙丁辛壬癸子丑寅卯戊己", opts)
    assert {h.category for h in c.hunks} == {S}  # not the same text: a real difference


def test_bleed_through_in_low_score_lines_is_not_flagged() -> None:
    transcript = "準備書狀\n案號：一一四年度重訴字第一九號"
    ghost = "證據清單：甲證一借據影本"
    alt = alt_text([("準備書狀", 0.99), (ghost, 0.62), ("案號:一一四年度重訴字第一九號", 0.97)])
    c = compare_texts(transcript, alt, OPTIONS)
    assert c.flags() == []
    assert [h.alt_text for h in c.ghosts] == [ghost]
    scored_high = alt_text(
        [("準備書狀", 0.99), (ghost, 0.95), ("案號:一一四年度重訴字第一九號", 0.97)]
    )
    assert [f.replacement for f in compare_texts(transcript, scored_high, OPTIONS).flags()] == [
        ghost
    ]


def test_a_line_the_alternate_could_not_read_is_flagged() -> None:
    transcript = "答辯狀\n答辯人即被告\u3000王○○\n此致"
    alt = alt_text([("答辯狀", 0.99), ("此致", 0.99)])
    (flag,) = compare_texts(transcript, alt, OPTIONS).flags()
    assert transcript[flag.start : flag.end] == "答辯人即被告\u3000王○○"


# --- a realistic engine ------------------------------------------------------------

ENGINE_PUNCT = str.maketrans({"，": ",", "：": ":", "；": ";", "（": "(", "）": ")", "？": "?"})
SEEDED = [  # (page, what the scan says, what the transcript wrongly has)
    (1, "校對人員應予更正", "校對人員得予更正"),
    (2, "處有期徒刑陸月", "處有期徒刑捌月"),
    (2, "未經告訴人同意", "經告訴人同意"),
    (3, "定額徵收", "定額微收"),
    (4, "辯論終結", "辯論終給"),
    (5, "新臺幣貳拾萬元", "新臺幣貳拾伍萬元"),
    (6, "第二百五十四條", "第二百五十六條"),
]


def engine_line(line: str) -> str:
    noisy = line.translate(ENGINE_PUNCT).replace("○○", "。。").replace("內", "内")
    return noisy.replace("\u3000", " ").replace("為", "爲", 1)


def engine_reading(page: dict) -> AltText:
    """What an engine like RapidOCR makes of a true page: half-width punctuation,
    ○ read as 。, variants here and there, table cells and flowchart boxes in
    column order, a bleed-through line with a low score, a blurred line lost."""
    lost = page.get("blurred_lines", [])[:1]
    lines = [engine_line(ln) for ln in page["text"].split("\n") if ln not in lost]
    if page["kind"] == "table":
        rows = [ln.split("\t") for ln in lines[1:]]
        lines = lines[:1] + [row[col] for col in range(3) for row in rows]
    if page["kind"] == "flowchart":
        lines = lines[:1] + lines[1::2] + lines[2::2]
    scored = [(ln, 0.97) for ln in lines]
    for ghost in page.get("bleed_through_must_not_appear", []):
        scored.insert(3, (ghost, 0.55))
    return alt_text(scored)


def seeded_transcript(page: dict) -> tuple[str, list[str]]:
    text, wrong = page["text"], []
    for number, right, bad in SEEDED:
        if number == page["page"]:
            assert text.count(right) == 1
            text = text.replace(right, bad)
            wrong.append(bad)
    return text, wrong


def test_engine_noise_is_not_flagged_but_seeded_errors_are() -> None:
    pages = json.loads(TRUTH.read_text("utf-8"))["pages"]
    flagged = total = caught = 0
    for page in pages:
        transcript, wrong = seeded_transcript(page)
        flags = compare_texts(transcript, engine_reading(page), OPTIONS).flags()
        covered = {i for f in flags for i in range(f.start, max(f.end, f.start + 1))}
        flagged, total = flagged + len(covered), total + len(transcript)
        for bad in wrong:
            at = transcript.index(bad)
            caught += any(at <= f.start and f.end <= at + len(bad) for f in flags)
    assert caught == len(SEEDED)
    # The seeded errors and the blurred line the engine lost are all that is flagged.
    assert flagged / total < 0.03, f"{flagged}/{total} characters flagged"


# --- a numeral zero is not a name mask ----------------------------------------------

ZERO_CASES = [
    ("中華民國一〇〇年一月一日", "中華民國一〇年一月一日"),
    ("給付新臺幣二〇〇〇〇元", "給付新臺幣二〇〇〇元"),
    ("一〇五年度台上字第一〇〇號", "一〇五年度台上字第一〇號"),
    ("一○○年", "一○年"),
]


@pytest.mark.parametrize(("transcript", "alternate"), ZERO_CASES)
def test_a_zero_the_alternate_lacks_is_substantive(transcript: str, alternate: str) -> None:
    c = compare_texts(transcript, alternate, OPTIONS)
    assert [h.category for h in c.hunks] == [S]
    assert len(c.flags()) == 1


@pytest.mark.parametrize(
    ("transcript", "alternate", "category"),
    [
        ("林○○犯", "林○犯", P),  # a name mask a circle short
        ("林○○犯", "林。。犯", P),
        ("林○○犯", "林OO犯", P),
        ("三二一○號", "三二一0號", P),  # a zero read as 0, one for one
        ("○○犯", "○犯", S),  # no name before the circles
        ("林○○3", "林○3", S),  # a numeral after them
        ("第1○○號", "第1○號", S),
    ],
)
def test_circles_a_mask_only_outside_numbers(
    transcript: str, alternate: str, category: DiffCategory
) -> None:
    assert [h.category for h in compare_texts(transcript, alternate, OPTIONS).hunks] == [category]


@examples(150)
@given(
    st.text(alphabet="一二三四五六七八九十百千萬0123456789", min_size=1, max_size=4),
    st.integers(1, 4),
    st.integers(0, 3),
    st.sampled_from("〇○◯"),
    st.sampled_from(["", "年", "元", "號", "月"]),
)
def test_a_circle_more_or_fewer_next_to_a_numeral_is_always_flagged(
    head: str, zeros: int, fewer: int, circle: str, tail: str
) -> None:
    fewer = min(fewer, zeros)
    transcript = "前" + head + circle * zeros + tail
    alternate = "前" + head + circle * (zeros - fewer) + tail
    c = compare_texts(transcript, alternate, OPTIONS)
    if fewer == 0:
        assert c.hunks == ()
    else:
        assert [h.category for h in c.hunks] == [S]
        assert len(c.flags()) == 1
        # And the other way round: a zero the transcript lacks.
        assert [h.category for h in compare_texts(alternate, transcript, OPTIONS).hunks] == [S]


# --- what accepting an insertion replaces -------------------------------------------


@pytest.mark.parametrize(
    ("transcript", "alternate", "accepted"),
    [
        ("| 甲 | 乙 |", "甲丙乙", "| 甲丙 | 乙 |"),  # the cells stay apart
        ("被告**應**給付", "被告應即給付", "被告**應即**給付"),  # the bold marks stay
        ("答辯人 【模糊】 王", "答辯人即被告王", "答辯人 即被告 王"),  # only the marker goes
    ],
)
def test_an_insertion_replaces_only_a_marker(
    transcript: str, alternate: str, accepted: str
) -> None:
    (flag,) = compare_texts(transcript, alternate, OPTIONS).flags()
    assert flag.replacement is not None
    assert transcript[: flag.start] + flag.replacement + transcript[flag.end :] == accepted
