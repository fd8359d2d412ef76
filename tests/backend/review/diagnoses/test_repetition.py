"""Repetition: a decoding loop is named with its span; text that repeats is not."""

from __future__ import annotations

import random
import re

from hypothesis import given
from hypothesis import strategies as st

from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.diagnoses_helpers import (
    corpus_text,
    legal_pages,
    noisy,
    of_kind,
    reviewed,
)
from tests.properties import examples

LOOP = DiagnosisKind.REPETITION


def _units(text: str, how: str) -> list[tuple[int, int]]:
    """Where ``text`` has a unit of this kind a model could loop on: (start, end)."""
    if how == "sentence":
        found = re.finditer(r"[^。\n]{8,}。", text)
    elif how == "clause":
        found = re.finditer(r"(?<=[，。])[^，。\n]{3,9}，", text)
    elif how == "line":
        found = re.finditer(r"(?<=\n)[^\n]{6,}\n", text)
    else:  # one Han character
        found = re.finditer(r"[\u4e00-\u9fff]", text)
    return [m.span() for m in found]


def _looped(text: str, rng: random.Random, how: str) -> tuple[str, int, int, int]:
    """``text`` with one unit repeated back to back, as a model stuck on it writes it:
    (text, where the repeats start, where they end, copies in all)."""
    start, end = rng.choice(_units(text, how) or _units(text, "sentence"))
    unit = text[start:end]
    copies = rng.randint(8, 60) if how == "char" else rng.randint(4, 60)
    looped = text[:end] + unit * (copies - 1) + text[end:]
    return looped, end, end + len(unit) * (copies - 1), copies


@given(
    seed=st.integers(0, 10_000),
    how=st.sampled_from(["sentence", "clause", "line", "char"]),
    with_alternate=st.booleans(),
)
@examples(40)
def test_a_loop_is_named_from_its_second_copy_to_its_end(seed, how, with_alternate) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    truth = corpus_text(seed % 500, seed % 7)
    text, start, end, copies = _looped(truth, rng, how)
    alternate = noisy(truth, rng) if with_alternate else None
    found = of_kind(reviewed(text, alternate), LOOP)
    assert len(found) == 1, (how, found)
    period = (end - start) // (copies - 1)
    # The loop may seem to start a little early when the text before it ends as the
    # unit does (。): the span is the loop's, turned by less than one copy.
    assert abs(found[0].start - start) < period and abs(found[0].end - end) < period
    assert str(copies) in found[0].detail or str(copies + 1) in found[0].detail


@given(seed=st.integers(0, 10_000), with_alternate=st.booleans())
@examples(30)
def test_a_clean_generated_page_has_no_loop(seed, with_alternate) -> None:  # type: ignore[no-untyped-def]
    truth = corpus_text(seed % 500, seed % 11)
    alternate = noisy(truth, random.Random(seed)) if with_alternate else None
    assert of_kind(reviewed(truth, alternate), LOOP) == []


def test_the_legal_sample_has_no_loop() -> None:
    rng = random.Random(5)
    for text in legal_pages():
        assert of_kind(reviewed(text), LOOP) == []
        assert of_kind(reviewed(text, noisy(text, rng)), LOOP) == []


LEGITIMATE = {
    "a list of exhibits": "".join(f"原證{n}：存證信函影本。\n" for n in "一二三四五六七八九十"),
    "rows sharing most cells": "".join(
        f"| {n} | 王小明 | 新臺幣壹萬元 | 同上 |\n" for n in range(1, 13)
    ),
    "a blank form's rows": "| 編號 | 品名 | 金額 |\n" + "|  |  | 元 |\n" * 12,
    "headers that recur": "".join(
        f"理由\n{n}、{what}。\n"
        for n, what in zip("一二三", ("原告主張", "被告抗辯", "本院判斷"), strict=True)
    ),
    "a masked identity number": "身分證統一編號：Ａ○○○○○○○○○號，住臺北市○○區○○路○○號。",
    "a large amount": "新臺幣100000000元，及自民國一一一年一月一日起算之利息。",
    "a leader in a table of contents": "第一章　總則" + "．" * 60 + "一\n",
    "a certification once": "以上正本證明與原本無異。\n書記官　王〇〇\n",
    "dashes ruling a table": "| 項目 | 金額 |\n|"
    + "-" * 40
    + "|"
    + "-" * 40
    + "|\n| 裁判費 | 1,000 |\n",
}


def test_text_that_repeats_on_the_page_is_no_loop() -> None:
    for name, text in LEGITIMATE.items():
        assert of_kind(reviewed(text), LOOP) == [], name


def test_a_repetition_the_alternate_reads_too_is_on_the_page() -> None:
    line = "本件原告之訴及假執行之聲請均駁回。\n"
    text = "主文\n" + line * 5 + "訴訟費用由原告負擔。\n"
    assert of_kind(reviewed(text), LOOP)  # alone, five copies are a loop
    alternate = noisy(text, random.Random(1), drop_line=0)
    assert of_kind(reviewed(text, alternate), LOOP) == []
    # An alternate that is the transcript's own reading proves nothing.
    assert of_kind(reviewed(text, text, same_reading=True), LOOP)


def test_runs_of_one_character_beyond_any_text() -> None:
    for run in ("。" * 12, "一" * 9, "的" * 30):
        text = "本院認為" + run + "被告應給付原告。"
        found = of_kind(reviewed(text), LOOP)
        assert len(found) == 1, run
        assert (found[0].start, found[0].end) == (5, 4 + len(run))


def test_a_long_looped_page_is_named_once() -> None:
    sentence = "被告應給付原告新臺幣伍拾萬元，及自起訴狀繕本送達翌日起至清償日止之利息。\n"
    text = "主文\n" + sentence * 560  # 20,000 characters
    assert len(text) > 20_000
    found = of_kind(reviewed(text), LOOP)
    assert [(d.start, d.end) for d in found] == [(3 + len(sentence), len(text))]
    assert "560" in found[0].detail
