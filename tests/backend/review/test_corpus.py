"""The generated evaluation corpus (bench/corpus): varied, reproducible, seeded exactly.

No OCR here: what RapidOCR makes of the pages is measured by
``test_seeded_errors.py`` (a subset) and ``python -m bench --only critical``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from PIL import Image, ImageChops

from bench.corpus import CRITICAL_FAMILIES, FINDERS, generate, seed_errors
from bench.corpus.documents import KINDS
from bench.corpus.render import DEFECTS, FACES, font
from tests.conftest import DATA

TRUTH = DATA / "legal-sample.truth.json"


@pytest.fixture(scope="module")
def pages():  # type: ignore[no-untyped-def]
    return generate(13, 200)


def test_same_seed_same_pages_other_seed_other_pages(pages) -> None:  # type: ignore[no-untyped-def]
    again = generate(13, 10)
    assert [p.text for p in again] == [p.text for p in pages[:10]]
    assert [p.text for p in generate(14, 10)] != [p.text for p in again]


def test_the_corpus_is_varied(pages) -> None:  # type: ignore[no-untyped-def]
    assert len(pages) >= 200
    assert {p.kind for p in pages} == set(KINDS)
    assert {p.face for p in pages} == set(FACES) == {"Noto Serif CJK TC", "Noto Sans CJK TC"}
    assert sum(p.columns == 2 for p in pages) >= 20
    dense = [p for p in pages if p.dense]
    assert len(dense) >= 40 and all(len(p.text) >= 700 for p in dense)
    defects = Counter(d for p in pages for d in p.defects)
    assert set(defects) == set(DEFECTS) and min(defects.values()) >= 30
    assert sum("|---|" in p.text for p in pages) >= 20  # tables


def test_no_text_of_the_sample_pages_is_reused(pages) -> None:  # type: ignore[no-untyped-def]
    sample = [p["text"] for p in json.loads(TRUTH.read_text("utf-8"))["pages"]]
    corpus = "\n".join(p.text for p in pages)
    width = 14
    windows = {
        s[i : i + width]
        for s in sample
        for i in range(len(s) - width)
        if "\n" not in s[i : i + width] and len(set(s[i : i + width])) > 6
    }
    reused = [w for w in windows if w in corpus]
    assert not reused, reused[:5]


def test_fonts_are_the_traditional_chinese_faces() -> None:
    for face in FACES:
        assert font(face, 20).getname()[0] == face


def test_a_page_renders_as_a_150_dpi_a4_scan(pages, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("bench.corpus.pages.CACHE", tmp_path)
    page = next(p for p in pages if {"seal", "bleed"} <= set(p.defects))
    with Image.open(page.image_path) as img:
        assert img.size == (1240, 1754)
        red, green, _ = img.convert("RGB").split()
        assert ImageChops.subtract(red, green).getextrema()[1] > 60  # the seal
    assert page.image_path.parent.parent == tmp_path


def test_every_error_kind_is_seeded_and_reported_where_it_is(pages) -> None:  # type: ignore[no-untyped-def]
    seen: Counter[str] = Counter()
    families = set()
    for i, page in enumerate(pages[:120]):
        seeded = seed_errors(page, random.Random(i), count=5)
        assert seeded.text != page.text and seeded.errors
        for e in seeded.errors:
            seen[e.kind] += 1
            families.add(e.family)
            assert seeded.text[e.start : e.end] == ("" if e.kind == "line dropped" else e.seeded)
            assert e.critical == (e.family in CRITICAL_FAMILIES)
        # Undoing the edits from the end gives the page back.
        text = seeded.text
        for e in sorted(seeded.errors, key=lambda e: e.start, reverse=True):
            end = e.start if e.kind == "line dropped" else e.end
            if e.kind == "lines reordered":
                text = text[: e.start] + e.original + text[end:]
            elif e.kind == "line duplicated":
                text = text[: e.start] + text[end:]
            else:
                text = text[: e.start] + e.original + text[end:]
        assert text == page.text
    assert set(CRITICAL_FAMILIES) <= families
    kinds = {k for k in seen}
    expected = {"deontic", "negation dropped", "negation inserted", "outcome", "party"}
    expected |= {"mask filled in", "name masked", "surname changed", "look-alike glyph"}
    expected |= {"line dropped", "line duplicated", "lines reordered"}
    expected |= {f for f in FINDERS if f.startswith("number: ")}
    assert expected <= kinds | {"number: table cell"}, expected - kinds


def test_deontic_changes_go_both_ways_and_between_words_of_similar_force(pages) -> None:  # type: ignore[no-untyped-def]
    pairs = Counter()
    for i, page in enumerate(pages):
        for v in range(4):
            seeded = seed_errors(page, random.Random(f"{i}-{v}"), count=1, finders=["deontic"])
            pairs.update((e.original, e.seeded) for e in seeded.errors)
    for a, b in (("不得", "不應"), ("不應", "不得"), ("應", "須"), ("得", "應"), ("應", "得")):
        assert pairs[(a, b)], (a, b)


def test_a_flag_on_either_copy_of_a_duplicated_line_touches_it() -> None:
    from backend.review.values import Flag, FlagKind
    from bench.corpus import ErrorSpan
    from bench.critical import touches

    line = "二、相對人應給付新臺幣參萬元。\n"
    text = "甲、前文。\n" + line + line + "丙、後文。\n"
    start = len("甲、前文。\n") + len(line)  # the seeded copy is the second one
    dup = ErrorSpan("line duplicated", "line", start, start + len(line), False, "", line)
    first_copy = Flag(start - len(line) + 2, start - 4, FlagKind.DIFF, "")  # inside it
    elsewhere = Flag(1, 3, FlagKind.DIFF, "")
    after = Flag(start + len(line) + 2, start + len(line) + 4, FlagKind.DIFF, "")
    assert touches(first_copy, dup, text)
    assert not touches(elsewhere, dup, text)
    assert not touches(after, dup, text)  # the next line is not a copy
