"""The whole-page failures the bench seeds (bench/corpus/page_failures.py).

Each kind must be what its name says, made from the page's own text (fluent, not
garbage), and its span must point at the failure in the broken text: the bench
judges "flagged" and the riskiest pages by it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.corpus import generate
from bench.corpus.page_failures import KINDS, Failure, break_page, to_simplified
from bench.corpus.pages import CorpusPage


@pytest.fixture(scope="module")
def pages() -> list[CorpusPage]:
    return generate(202, 30)


def _made(pages: list[CorpusPage], kind: str) -> list[tuple[CorpusPage, Failure]]:
    out = []
    for i, page in enumerate(pages):
        made = break_page(page, kind, random.Random(i))
        if made is not None:
            out.append((page, made))
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_breaks_some_pages_and_points_inside_the_broken_text(
    pages: list[CorpusPage], kind: str
) -> None:
    made = _made(pages, kind)
    assert len(made) >= 3
    for page, f in made:
        assert f.kind == kind
        assert f.text != page.text
        assert 0 <= f.start <= f.end <= len(f.text)


def test_repetition_repeats_one_sentence_of_the_page_40_to_150_times(
    pages: list[CorpusPage],
) -> None:
    for page, f in _made(pages, "repetition"):
        loop = f.text[f.start : f.end]
        unit = page.text[: f.start].rsplit("。", 2)[-2].strip() + "。"
        assert unit.strip("\n") in page.text
        count = loop.count(unit)
        assert 40 <= count <= 150
        assert len(loop.replace(unit, "").strip()) == 0


def test_cut_short_keeps_the_first_half_to_70_percent_and_nothing_else(
    pages: list[CorpusPage],
) -> None:
    for page, f in _made(pages, "cut_short"):
        assert page.text.startswith(f.text)
        assert 0.5 * len(page.text) <= len(f.text) + 1 <= 0.7 * len(page.text) + 1
        assert f.start == f.end == len(f.text)


def test_missing_block_drops_three_to_five_whole_lines_or_the_table(
    pages: list[CorpusPage],
) -> None:
    for page, f in _made(pages, "missing_block"):
        lines, kept = page.text.split("\n"), f.text.split("\n")
        lost = len(lines) - len(kept)
        tabled = any(line.startswith("|") for line in lines) and not any(
            line.startswith("|") for line in kept
        )
        assert 3 <= lost <= 5 or tabled
        assert Counter(lines) - Counter(kept) and not Counter(kept) - Counter(lines)
        assert f.text[: f.start] == page.text[: f.start]


def test_not_on_scan_inserts_fluent_text_that_the_page_does_not_hold(
    pages: list[CorpusPage],
) -> None:
    for page, f in _made(pages, "not_on_scan"):
        inserted = f.text[f.start : f.end]
        assert inserted.strip("　") not in page.text
        assert f.text[: f.start] + f.text[f.end + 1 :] == page.text
        han = sum("\u4e00" <= c <= "\u9fff" for c in inserted)
        assert han >= 0.6 * len(inserted) and len(inserted) >= 20  # words, not noise
        # Not the page's own sentences with other numbers: most of the wording is new.
        pairs = {inserted[i : i + 2] for i in range(len(inserted) - 1)}
        assert sum(p in page.text for p in pairs) < 0.6 * len(pairs)


def test_script_drift_is_the_same_paragraph_in_simplified(pages: list[CorpusPage]) -> None:
    back = {s: t for t, s in to_simplified().items()}
    for page, f in _made(pages, "script_drift"):
        drifted = f.text[f.start : f.end]
        assert sum(c in back for c in drifted) >= 4
        restored = "".join(back.get(c, c) for c in drifted)
        assert restored == page.text[f.start : f.end]
        assert f.text[: f.start] + page.text[f.start : f.end] + f.text[f.end :] == page.text


def test_reading_order_keeps_every_character_in_another_order(pages: list[CorpusPage]) -> None:
    made = _made(pages, "reading_order")
    assert any(page.columns == 2 for page, _ in made)
    for page, f in made:
        assert Counter(f.text.replace("\n", "")) == Counter(page.text.replace("\n", ""))
        if page.columns == 2:  # read across: the left column's first line, then the right's
            first, second = page.text.split("\n")[:2]
            assert not f.text.startswith(first + "\n" + second)


def test_table_cells_lose_one_cell_of_one_row(pages: list[CorpusPage]) -> None:
    for page, f in _made(pages, "table_cells"):
        row = f.text[f.start : f.end]
        at = f.text[: f.start].count("\n")
        was = page.text.split("\n")[at]
        assert "---" not in page.text.split("\n")[at + 1]  # a row of the body, not the header
        assert row.count("|") == was.count("|") - 1
        assert set(row.strip("|").split("|")) < set(was.strip("|").split("|"))
