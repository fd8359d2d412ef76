"""The numpy path of normalisation gives exactly what the plain path gives.

``backend.review.fast_fold`` normalises long texts with numpy gathers; the
plain Python path still serves short texts, astral or lone-surrogate text, and
tables that are not one code point to one. Every test here runs both paths on
the same input and compares every field, so a difference in whitespace, folds,
dropped spans or offsets fails.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review import fast_fold, textnorm
from backend.review.compare import compare_texts
from backend.review.textnorm import CompareOptions, Normalised, normalise
from tests.backend.review.fast_fold_helpers import options_st
from tests.backend.review.tables import OPTIONS, TABLES, with_user_variants
from tests.properties import examples

# Pieces a page is made of: words, every kind of whitespace, folded marks and
# glyphs, markers, Markdown, an astral ideograph, compatibility ideographs.
PIECES = [
    "原告請求被告給付",
    "不得",
    "應",
    "第一○○條",
    "，",
    ",",
    "：",
    "（",
    "）",
    "爲",
    "\uf900",  # a compatibility ideograph (folds to 豈)
    "\ufa6c",  # one that folds to an astral character
    "國",
    "国",  # simplified: folded only in an alternate
    " ",
    "\n",
    "\t",
    "\u3000",
    "\u2028",
    "\x1c",
    "\x85",
    "\r\n",
    "【模糊】",
    "【",
    "】",
    "| 甲 | 乙 |",
    "\n|---|---|\n",
    "**",
    "\n# ",
    "\n- ",
    "<br>",
    "→",
    "１２３",
    "○○",
]
ASTRAL = "𠀀"


def plain(
    text: str, options: CompareOptions, spans: textnorm.Spans = (), alternate: bool = False
) -> Normalised:
    """``normalise`` with numpy out of it: no page is long enough for ``fast_fold``,
    so the folds also go through ``str.translate``."""
    original = fast_fold.MIN_LENGTH
    fast_fold.MIN_LENGTH = 10**9
    try:
        return normalise(text, options, spans, alternate=alternate)
    finally:
        fast_fold.MIN_LENGTH = original


def both(
    text: str, options: CompareOptions, spans: textnorm.Spans = (), alternate: bool = False
) -> tuple[Normalised, Normalised]:
    return normalise(text, options, spans, alternate=alternate), plain(
        text, options, spans, alternate
    )


def page(pieces: list[str]) -> str:
    """At least a page: the numpy path starts at ``fast_fold.MIN_LENGTH``."""
    text = "".join(pieces)
    while len(text) < fast_fold.MIN_LENGTH:
        text += "".join(pieces) or "法"
    return text


@examples(300)
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=80),
    options=options_st,
    alternate=st.booleans(),
    spans=st.lists(st.tuples(st.integers(-5, 400), st.integers(-5, 400)), max_size=4),
)
def test_numpy_and_plain_paths_agree_on_any_page(
    pieces: list[str],
    options: CompareOptions,
    alternate: bool,
    spans: list[tuple[int, int]],
) -> None:
    text = page(pieces)
    fast, slow = both(text, options, spans, alternate)
    assert fast == slow


def test_the_numpy_path_is_taken_on_a_page() -> None:
    """Otherwise the agreement above would compare the plain path with itself."""
    text = page(["原告，請求\n被告　給付【模糊】"])
    options = CompareOptions(tables=TABLES)
    others = textnorm.dropped_spans(text, replace(options, ignore_whitespace=False))
    lookup = TABLES.fold_lookup(True, True)
    assert fast_fold.normalise_page(text, others, lookup) is not None
    fast, slow = both(text, options)
    assert fast == slow
    assert "\n" not in fast.text and "　" not in fast.text and "模糊" not in fast.text
    assert fast.text.count(",") == text.count("，")  # full-width comma folded


@pytest.mark.parametrize(
    "odd",
    [ASTRAL, "\ud800"],  # outside the BMP arrays; a lone surrogate cannot be encoded
    ids=["astral", "lone-surrogate"],
)
def test_text_the_arrays_cannot_hold_takes_the_plain_path(odd: str) -> None:
    text = page(["原告，請求\n被告", odd])
    assert fast_fold.normalise_page(text, [], TABLES.fold_lookup(True, True)) is None
    fast, slow = both(text, CompareOptions(tables=TABLES))
    assert fast == slow
    assert odd in fast.text


def test_regex_whitespace_is_what_the_array_calls_whitespace() -> None:
    """The plain path drops ``\\s+``; the numpy path drops ``str.isspace`` code points."""
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x10000)))
    by_regex = set(re.findall(r"\s", every))
    table = fast_fold._whitespace()
    by_array = {chr(code) for code in range(fast_fold.BMP) if table[code]}
    assert by_regex == by_array


def test_a_users_variant_file_folds_the_same_on_both_paths(tmp_path: Path) -> None:
    extra = tmp_path / "mine.tsv"
    extra.write_text("甲\t乙\n", "utf-8")
    options = with_user_variants(extra)
    text = page(["甲方應於\n", "乙方"])
    fast, slow = both(text, options)
    assert fast == slow
    assert "甲" not in fast.text


def test_the_review_diff_is_the_same_on_both_paths() -> None:
    transcript = page(["原告請求被告給付新臺幣參拾萬元，\n被告不得拒絕。\n"])
    alternate = transcript.replace("不得", "不應", 1).replace("，", ",")
    fast = compare_texts(transcript, alternate, OPTIONS, folded=False)
    original = fast_fold.MIN_LENGTH
    fast_fold.MIN_LENGTH = 10**9
    try:
        from backend.review import compare

        compare._normalise_cached.cache_clear()
        slow = compare_texts(transcript, alternate, OPTIONS, folded=False)
    finally:
        fast_fold.MIN_LENGTH = original
    assert fast == slow
    assert any(h.text == "得" and h.alt_text == "應" for h in fast.hunks)


@examples(400)
@given(
    st.lists(
        st.sampled_from([*PIECES, ":", "-", "--", "---", ":---:", "|", " ", "\n", "*", "+", "_"]),
        max_size=30,
    )
)
def test_the_markdown_shortcut_never_skips_markdown(pieces: list[str]) -> None:
    """``dropped_spans`` runs the Markdown pattern only where its hint is found."""
    text = "".join(pieces)
    if textnorm._MARKDOWN.search(text):
        assert textnorm._MARKDOWN_HINT.search(text)
