"""Normalisation before comparing: each fold, and the map back to the real transcript."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.textnorm import CompareOptions, fold, normalise
from tests.backend.review.tables import TABLES, with_user_variants

ALL = CompareOptions(tables=TABLES)
OFF = CompareOptions.raw(TABLES)


def only(**on: bool) -> CompareOptions:
    """Every normalisation off except those named."""
    fields = ("ignore_whitespace", "fold_width", "fold_variants", "ignore_markers")
    return CompareOptions(
        **{f: on.get(f, False) for f in fields}, ignore_markdown=False, tables=TABLES
    )


@pytest.mark.parametrize(
    ("options", "text", "expected"),
    [
        (
            only(ignore_whitespace=True),
            "第一條\u3000為規範\n法院 文書\t之",
            "第一條為規範法院文書之",
        ),
        (only(fold_width=True), "掃描，確保：（一）１２３ＡＢ", "掃描,確保:(一)123AB"),
        (only(fold_width=True), "甲、乙。「丙」『丁』《戊》〔己〕", '甲,乙."丙""丁"<戊>(己)'),
        (only(fold_width=True), "林○○ 林〇〇 林◯◯", "林○○ 林○○ 林○○"),
        (only(fold_width=True), "︰︙﹐｡", "︰︙,."),  # vertical forms NFKC would lengthen stay
        (only(fold_width=True), "爲着裏峯", "爲着裏峯"),  # width never touches ideographs
        (only(fold_variants=True), "爲着裏峯敍綫內説", "為著裡峰敘線內說"),
        (only(fold_variants=True), "臺灣台北", "臺灣臺北"),
        (only(fold_variants=True), "併科並科于於里裡", "併科並科于於里裡"),  # different words
        (only(fold_variants=True), "\uf901\u2f08", "更人"),  # compatibility ideograph, radical
        (only(fold_variants=True), "应为", "应为"),  # simplified: only in the alternate
        (only(fold_width=True), "ＡＢ，", "AB,"),
        (only(ignore_markers=True), "不得【模糊】補正【?】【？】【blurry】", "不得補正"),
        (
            only(ignore_markers=True),
            "【附表一：民事第一審裁判費徵收標準示例】",
            "【附表一：民事第一審裁判費徵收標準示例】",
        ),
        (
            CompareOptions(False, False, False, False, True, tables=TABLES),
            "| 金額 | 比例 |\n|---|:---:|\n",
            " 金額  比例 \n\n",
        ),
        (
            CompareOptions(False, False, False, False, True, tables=TABLES),
            "## 主文\n**駁回**原告之訴",
            "主文\n駁回原告之訴",
        ),
        (
            CompareOptions(False, False, False, False, True, tables=TABLES),
            "- 第一項<br>第二項",
            "第一項第二項",
        ),
        (  # an HTML table's tags are layout, as Qwen writes tables; the cells stay
            CompareOptions(False, False, False, False, True, tables=TABLES),
            '<TABLE border="1">\n<tr><th>編號</th><td colspan="2">新臺幣1,200元</td></tr>'
            "\n</table>",
            "\n編號新臺幣1,200元\n",
        ),
        (  # angle brackets that are no table tag stay: 〈…〉 titles, a < in an amount
            CompareOptions(False, False, False, False, True, tables=TABLES),
            "<td 名稱\n<tdx>金額<5萬",
            "<td 名稱\n<tdx>金額<5萬",
        ),
        (
            CompareOptions(False, False, False, False, True, tables=TABLES),
            "二、辯護人-被告",
            "二、辯護人-被告",
        ),
        (ALL, "第一條　為規範，\n| 新臺幣【模糊】元 |", "第一條為規範,新臺幣元"),
        (OFF, "第一條　為規範，\n| 新臺幣【模糊】元 |", "第一條　為規範，\n| 新臺幣【模糊】元 |"),
    ],
)
def test_normalise(options: CompareOptions, text: str, expected: str) -> None:
    assert normalise(text, options).text == expected


def test_simplified_forms_fold_in_the_alternate_only() -> None:
    assert normalise("应为", ALL, alternate=True).text == "應為"
    assert normalise("应为", ALL).text == "应为"


def test_ignore_spans_as_ranges_or_a_pattern() -> None:
    text = "甲〔看不清〕乙"
    assert normalise(text, OFF, [(1, 6)]).text == "甲乙"
    assert normalise(text, OFF, re.compile(r"〔[^〕]*〕")).text == "甲乙"
    assert normalise(text, OFF, [(-3, 2), (6, 99)]).text == "看不清〕"  # clamped


def test_map_back_to_the_original() -> None:
    text = "第一條\u3000為規範，\n【模糊】確保"
    n = normalise(text, ALL)
    assert n.text == "第一條為規範,確保"
    assert n.source_range(3, 6) == (4, 7)
    assert text[slice(*n.source_range(3, 6))] == "為規範"
    assert n.source_range(3, 3) == (3, 3)  # an insertion point: after 條, before the space
    assert n.source_range(7, 7) == (8, 8)
    assert n.gap(7) == (8, 13)  # the line break and the marker
    assert n.source_range(9, 9) == (len(text), len(text))
    assert n.span_of(4, 8) == (3, 7)


def test_user_variant_file_extends_and_chains(tmp_path: Path) -> None:
    extra = tmp_path / "mine.tsv"
    extra.write_text("# mine\n甯\t寧\n寗\t甯\tchains to 寧\n", "utf-8")
    options = with_user_variants(extra)
    assert normalise("甯寗爲", options).text == "寧寧為"
    assert normalise("甯寗", ALL).text == "甯寗"


def test_fold_keeps_everything() -> None:
    assert fold("為規範，\n", TABLES, width=True) == "為規範,\n"
    assert fold("爲，", TABLES, width=True, variants=True) == "為,"


ALPHABET = "第一條為爲規範內内○〇，,。.：:（）() \n\u3000\t|-#*【模糊】应"


@given(st.text(alphabet=ALPHABET, max_size=80), st.sampled_from([ALL, OFF, only(fold_width=True)]))
def test_every_normalised_character_comes_from_its_source(
    text: str, options: CompareOptions
) -> None:
    n = normalise(text, options)
    assert len(n.to_source) == len(n.text)
    assert all(a < b for a, b in zip(n.to_source, n.to_source[1:], strict=False))
    assert all(
        n.text[k] == fold(text[i], TABLES, width=options.fold_width, variants=options.fold_variants)
        for k, i in enumerate(n.to_source)
    )
    folded = fold(text, TABLES, width=options.fold_width, variants=options.fold_variants)
    for a in range(len(n.text) + 1):
        start, end = n.source_range(a, a)
        assert 0 <= start == end <= len(text)
        for b in {a + 1, len(n.text)} - {a} if a < len(n.text) else ():
            start, end = n.source_range(a, b)
            assert 0 <= start < end <= len(text)
            assert (folded[start], folded[end - 1]) == (n.text[a], n.text[b - 1])
    if options == OFF:
        assert n.text == text


def test_a_user_variant_file_edited_in_place_is_read_again(tmp_path: Path) -> None:
    extra = tmp_path / "mine.tsv"
    extra.write_text("甯\t寧\n", "utf-8")
    options = with_user_variants(extra)
    assert normalise("甯", options).text == "寧"
    extra.write_text("# the pair was wrong\n", "utf-8")
    assert normalise("甯", options).text == "寧"  # the tables it was handed
    assert normalise("甯", with_user_variants(extra)).text == "甯"  # what the session reads now
