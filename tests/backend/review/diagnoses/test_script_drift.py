"""Script drift: a stretch dense with Simplified-only characters is named and counted."""

from __future__ import annotations

import random

from hypothesis import assume, given
from hypothesis import strategies as st

from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.diagnoses_helpers import (
    corpus_text,
    legal_pages,
    noisy,
    of_kind,
    reviewed,
)
from tests.backend.review.tables import TABLES
from tests.properties import examples

DRIFT = DiagnosisKind.SCRIPT_DRIFT
SIMPLIFIED = TABLES.simplified_only()
# Traditional → Simplified, for the characters whose Simplified form differs.
TO_SIMPLIFIED = {t: s for s, t in TABLES.simplified.items() if s in SIMPLIFIED and len(t) == 1}


def drifted(text: str) -> str:
    return "".join(TO_SIMPLIFIED.get(c, c) for c in text)


def spots(text: str) -> list[int]:
    return [i for i, c in enumerate(text) if c in SIMPLIFIED]


@given(
    seed=st.integers(0, 10_000),
    length=st.integers(30, 300),
    with_alternate=st.booleans(),
)
@examples(40)
def test_a_paragraph_drifted_into_simplified_is_named(seed, length, with_alternate) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    truth = corpus_text(seed % 500, seed % 7)
    lines = [i + 1 for i, c in enumerate(truth) if c == "\n"]
    start = rng.choice(lines[:-1] or [0])
    end = min(len(truth), start + length)
    text = truth[:start] + drifted(truth[start:end]) + truth[end:]
    where = spots(text)
    assume(len(where) >= 6)
    alternate = noisy(truth, rng) if with_alternate else None
    found = of_kind(reviewed(text, alternate), DRIFT)
    assert found
    assert all(start <= d.start < d.end <= end for d in found)
    named = [i for i in where if any(d.start <= i < d.end for d in found)]
    # Nearly all of it: a lone character past a long gap may stand apart.
    assert len(named) >= len(where) - 3
    assert any(str(len([i for i in where if d.start <= i < d.end])) in d.detail for d in found)


@given(seed=st.integers(0, 10_000), with_alternate=st.booleans())
@examples(30)
def test_a_clean_page_has_no_drift(seed, with_alternate) -> None:  # type: ignore[no-untyped-def]
    truth = corpus_text(seed % 500, seed % 11)
    alternate = noisy(truth, random.Random(seed)) if with_alternate else None
    assert of_kind(reviewed(truth, alternate), DRIFT) == []


def test_the_legal_sample_has_no_drift() -> None:
    for text in legal_pages():
        assert of_kind(reviewed(text), DRIFT) == []


def test_stray_characters_are_no_drift() -> None:
    truth = corpus_text(4, 3)
    assert len(truth) > 300
    # One in a name; three far apart (an engine's slips).
    one = "被告刘〇〇住臺北市。" + truth
    apart = truth[:100] + "这" + truth[100:200] + "们" + truth[200:300] + "说" + truth[300:]
    for text in (one, apart):
        assert of_kind(reviewed(text), DRIFT) == []
    # Four close together are a drift.
    close = truth[:100] + "这里们说话时" + truth[100:]
    assert [(d.start, d.end) for d in of_kind(reviewed(close), DRIFT)] == [(100, 106)]


def test_a_simplified_page_is_named_unless_the_alternate_reads_it_so() -> None:
    text = drifted(corpus_text(9, 2))
    where = spots(text)
    found = of_kind(reviewed(text), DRIFT)
    assert [(d.start, d.end) for d in found] == [(where[0], where[-1] + 1)]
    assert str(len(where)) in found[0].detail
    # The scan is Simplified: the alternate reads the same characters.
    alternate = noisy(text, random.Random(2), drop_line=0)
    assert of_kind(reviewed(text, alternate), DRIFT) == []
    # Its own reading proves nothing.
    assert of_kind(reviewed(text, text, same_reading=True), DRIFT)
