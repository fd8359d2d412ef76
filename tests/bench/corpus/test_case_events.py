"""The facts a case file restates once or twice (``case_events``): drawn apart, so the
recurring facts are as before; seeded one digit off on one page; look-alikes in the
clean files."""

from __future__ import annotations

import random

import pytest

from bench.corpus.case_events import EVENT_DATE, NEW_KINDS, REASONS_AMOUNT
from bench.corpus.case_files import KINDS, CaseFile, case_file, seed_error


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_recurring_facts_are_drawn_as_before_the_restated_ones(seed: int) -> None:
    doc, old = case_file(seed), case_file(seed, restated=False)
    assert len(doc.pages) == len(old.pages)

    def recurring(d: CaseFile) -> list[tuple[int, str, str]]:
        return [
            (p.page, p.fact, d.pages[p.page][p.start : p.end])
            for p in d.planted
            if p.kind in (*KINDS, "role")
        ]

    assert recurring(doc) == recurring(old)
    assert not any(p.kind in NEW_KINDS for p in old.planted)


@pytest.mark.parametrize("kind", NEW_KINDS)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_restated_fact_is_seeded_one_digit_off_on_one_page(kind: str, seed: int) -> None:
    doc = case_file(seed)
    pages, error = seed_error(doc, random.Random(seed), (kind,))
    assert error.kind == kind
    changed = [i for i, (a, b) in enumerate(zip(doc.pages, pages, strict=True)) if a != b]
    assert changed == [error.page]
    assert sum(a != b for a, b in zip(error.before, error.after, strict=True)) == 1
    fact = next(p.fact for p in doc.planted if (p.page, p.start) == (error.page, error.start))
    assert len({p.page for p in doc.planted if p.fact == fact}) >= 2  # the right value elsewhere


def test_clean_files_hold_the_look_alikes() -> None:
    docs = [case_file(seed, 6) for seed in range(60)]
    kinds = {p.kind for d in docs for p in d.planted}
    assert {REASONS_AMOUNT, EVENT_DATE, "claim", "penalty", "relative"} <= kinds
    for d in docs:  # a relative is the defendant's own masked name, under another role
        for p in d.planted:
            if p.kind == "relative":
                name = d.pages[p.page][p.start : p.end]
                assert name in {
                    d.pages[q.page][q.start : q.end] for q in d.planted if q.fact == "defendant0"
                }
