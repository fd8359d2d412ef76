"""Properties of the character diff, checked on generated text: offsets, round trips, runs."""

from __future__ import annotations

import fast_diff_match_patch
from hypothesis import given
from hypothesis import strategies as st

from backend.review.compare import (
    CompareOptions,
    classify_differences,
    compare_texts,
)
from backend.review.textnorm import normalise
from backend.review.values import DiffCategory, Hunk
from tests.backend.review.tables import OPTIONS, TABLES
from tests.properties import examples

S = DiffCategory.SUBSTANTIVE


# Text like the transcripts: CJK (with variant pairs and modal words), full and
# half-width punctuation, masks, spaces, line breaks, Markdown, a marker.
ALPHABET = "第一條為爲規範法院之得應不被告內内○〇，,。.：:（）() \n\u3000|-#*"
texts = st.text(alphabet=ALPHABET, max_size=60) | st.lists(
    st.sampled_from([*ALPHABET, "【模糊】", "| --- |", "第二條　", "新臺幣"]), max_size=25
).map("".join)


def apply(transcript: str, hunks: tuple[Hunk, ...]) -> str:
    """The transcript with every hunk's alternate text put in."""
    out, pos = [], 0
    for h in sorted(hunks, key=lambda h: (h.start, h.alt_start)):
        out += [transcript[pos : h.start], h.alt_text]
        pos = h.end
    return "".join(out) + transcript[pos:]


# --- properties ------------------------------------------------------------------


@examples(150)
@given(texts, texts)
def test_hunk_offsets_are_valid_and_name_the_original_text(t: str, a: str) -> None:
    for options in (CompareOptions(tables=TABLES), CompareOptions.raw(TABLES)):
        c = compare_texts(t, a, options)
        end = 0
        for h in c.hunks:
            assert 0 <= h.start <= h.end <= len(t) and 0 <= h.alt_start <= h.alt_end <= len(a)
            assert (t[h.start : h.end], a[h.alt_start : h.alt_end]) == (h.text, h.alt_text)
            assert h.start >= end  # in order, never overlapping
            end = h.end
        assert 0.0 <= c.agreement <= 1.0


@examples(150)
@given(texts, texts)
def test_with_everything_off_the_hunks_turn_the_transcript_into_the_alternate(
    t: str, a: str
) -> None:
    assert apply(t, compare_texts(t, a, CompareOptions.raw(TABLES)).hunks) == a
    assert apply(t, classify_differences(t, a, CompareOptions.raw(TABLES))) == a
    assert apply(t, classify_differences(t, a, OPTIONS)) == a


@examples(150)
@given(texts, texts)
def test_substantive_hunks_cover_exactly_the_characters_that_differ(t: str, a: str) -> None:
    """Every normalised character the diff deletes or inserts is in a substantive
    hunk, and no character it keeps is (masks off: they re-categorise on purpose)."""
    options = CompareOptions(reorder_lines=False, fold_masks=False, tables=TABLES)
    tn, an = normalise(t, options), normalise(a, options, alternate=True)
    deleted, inserted, ti, ai = set(), set(), 0, 0
    for op, n in fast_diff_match_patch.diff(tn.text, an.text, cleanup="Semantic"):
        span = range(ti, ti + n) if op != "+" else range(ai, ai + n)
        (deleted if op == "-" else inserted if op == "+" else set()).update(span)
        ti, ai = ti + (n if op != "+" else 0), ai + (n if op != "-" else 0)
    flagged_t, flagged_a = set(), set()
    for h in compare_texts(t, a, options).hunks:
        if h.category is S:
            flagged_t.update(range(*tn.span_of(h.start, h.end)))
            flagged_a.update(range(*an.span_of(h.alt_start, h.alt_end)))
    assert flagged_t == deleted
    assert flagged_a == inserted


@examples(100)
@given(texts)
def test_a_text_against_itself_has_no_hunks(t: str) -> None:
    c = compare_texts(t, t, OPTIONS)
    assert c.hunks == () and c.agreement == 1.0


# --- the agreeing runs ------------------------------------------------------------------


@examples(150)
@given(texts, texts, st.booleans())
def test_matches_pair_characters_equal_after_folding(t: str, a: str, folded: bool) -> None:
    c = compare_texts(t, a, OPTIONS, folded=folded)
    table_t = TABLES.fold_table(True, True)
    table_a = TABLES.fold_table(True, True, alternate=True)
    shared = 0
    for ts, as_, n in c.matches:
        assert n > 0 and ts >= 0 and ts + n <= len(t) and as_ >= 0 and as_ + n <= len(a)
        for k in range(n):
            assert t[ts + k].translate(table_t) == a[as_ + k].translate(table_a)
        shared += n
    assert [m[0] for m in c.matches] == sorted(m[0] for m in c.matches)
    # Every character the alignment agrees on is in a run.
    tn = normalise(t, CompareOptions(tables=TABLES))
    assert shared == round(
        c.agreement * max(len(tn.text), len(normalise(a, CompareOptions(tables=TABLES)).text))
    )
