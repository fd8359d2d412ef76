"""Repetition: a decoding loop is named with its span; text that repeats is not."""

from __future__ import annotations

import random
import re

from hypothesis import example, given
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


def _looped(text: str, rng: random.Random, how: str, alone: bool) -> tuple[str, int, int, int]:
    """``text`` with one unit repeated back to back, as a model stuck on it writes it:
    (text, where the repeats start, where they end, copies in all). With no alternate
    to deny the copies, a sentence needs 10 (legal enumerations repeat a few); a short
    unit, enough copies for 24 characters (１，２０３，２０３ is an amount); a table row, 6."""
    start, end = rng.choice(_units(text, how) or _units(text, "sentence"))
    unit = text[start:end]
    # A table row (a line may be one) is a loop from 6 copies (``min_repeats``: a
    # table's rows repeat a few times on the page), other units from 4 here.
    fewest = (
        8 if how == "char" else max(10 if alone else 6 if "|" in unit else 4, -(-24 // len(unit)))
    )
    copies = rng.randint(fewest, 60)
    looped = text[:end] + unit * (copies - 1) + text[end:]
    # The page's own copies beside the unit (一一一 of a year 111) join the loop: no
    # reading can tell them from the model's, so the loop is the whole run of copies.
    size = len(unit)
    first, last = start, end + size * (copies - 1)
    while looped[first - size : first] == unit:
        first -= size
    while looped[last : last + size] == unit:
        last += size
    return looped, first + size, last, (last - first) // size


@given(
    seed=st.integers(0, 10_000),
    how=st.sampled_from(["sentence", "clause", "line", "char"]),
    with_alternate=st.booleans(),
)
@examples(40)
# Explore: a Markdown table's delimiter row written 14 times (|---|---|---|---|, no
# letters) was never a loop since wide tables' rows were exempted whole.
@example(seed=5112, how="line", with_alternate=True)
# Explore: 一 looped in 中華民國一一一年: the page's own 一一 are the loop's first copies.
@example(seed=1635, how="char", with_alternate=False)
def test_a_loop_is_named_from_its_second_copy_to_its_end(seed, how, with_alternate) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    truth = corpus_text(seed % 500, seed % 7)
    text, start, end, copies = _looped(truth, rng, how, alone=not with_alternate)
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
    # A table 100 columns wide: its delimiter row is 400 characters of |---.
    "wide table": "| "
    + " | ".join(f"欄{c}" for c in range(100))
    + " |\n|"
    + "---|" * 100
    + "\n| "
    + " | ".join(f"{c}元" for c in range(100))
    + " |\n",
}


def test_text_that_repeats_on_the_page_is_no_loop() -> None:
    for name, text in LEGITIMATE.items():
        assert of_kind(reviewed(text), LOOP) == [], name


def test_a_repetition_the_alternate_reads_too_is_on_the_page() -> None:
    line = "本件原告之訴及假執行之聲請均駁回。\n"
    text = "主文\n" + line * 10 + "訴訟費用由原告負擔。\n"
    assert of_kind(reviewed(text), LOOP)  # alone, ten copies are a loop
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


_ROW = ("同上", "同上", "租金", "30,000元")
_HEAD = ("編號", "日期", "項目", "金額")


def _markdown(rows: int) -> str:
    head = "| " + " | ".join(_HEAD) + " |\n| --- | --- | --- | --- |\n"
    return "附表：\n" + head + ("| " + " | ".join(_ROW) + " |\n") * rows + "合計新臺幣240,000元。"


def _html(rows: int) -> str:
    def row(cells: tuple[str, ...], tag: str) -> str:
        return "<tr>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"

    return "附表：\n<table>" + row(_HEAD, "th") + row(_ROW, "td") * rows + "</table>\n合計。"


def _engine(rows: int) -> str:
    """The same table as an engine reads it: cells apart by spaces, no pipes or tags."""
    return "附表：\n" + " ".join(_HEAD) + "\n" + (" ".join(_ROW) + "\n") * rows + "合計。"


def test_identical_table_rows_the_alternate_reads_too_are_on_the_page() -> None:
    """Review finding A: the alternate's agreement was counted over all characters, and
    table syntax (pipes, spaces, tags: more than half a row) is never shared, so eight
    同上 rows were "a loop" even against an identical alternate."""
    rng = random.Random(7)
    for table in (_markdown(8), _html(8)):
        for alternate in (table, _engine(8), noisy(_engine(8), rng, drop_line=0)):
            assert of_kind(reviewed(table, alternate), LOOP) == [], (table, alternate)


def test_a_loop_of_table_rows_is_quoted_as_text() -> None:
    """The alternate reads the row once: the 40 copies are a loop, quoted as a person
    reads the row (no tags, no pipes), from the second row on."""
    for table in (_markdown(40), _html(40)):
        (found,) = of_kind(reviewed(table, _engine(1)), LOOP)
        quoted = found.detail.split("”")[0]
        assert "<" not in quoted and ">" not in quoted and "|" not in quoted, quoted
        assert "同上 同上 租金" in quoted and "40" in found.detail
        assert table[found.start :].startswith(("<tr>", "| 同上"))


ENUMERATIONS = {
    "a judgment's counts": "被告犯詐欺取財罪，處有期徒刑陸月。"
    + "又犯詐欺取財罪，處有期徒刑陸月。" * 3
    + "應執行有期徒刑壹年。",
    "a form's choices": "□同意 □不同意 " * 4 + "\n簽名：",
    "identical rows": _markdown(8),
}


def test_an_enumeration_alone_is_no_loop_but_ten_copies_are() -> None:
    """With no alternate, legal text's few back-to-back repeats are not a loop (they
    were, from 3 copies); a model's loop (10 and more copies) still is."""
    for name, text in ENUMERATIONS.items():
        assert of_kind(reviewed(text), LOOP) == [], name
    clause = "又犯詐欺取財罪，處有期徒刑陸月。"
    looped = "被告犯詐欺取財罪，處有期徒刑陸月。" + clause * 10 + "應執行有期徒刑壹年。"
    assert len(of_kind(reviewed(looped), LOOP)) == 1
    # An alternate that reads the clause once denies the copies: a few are a loop then.
    few = ENUMERATIONS["a judgment's counts"]
    once = few.replace(clause * 3, clause)
    assert len(of_kind(reviewed(few, once), LOOP)) == 1
