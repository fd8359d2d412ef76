"""The facts bench's case files (issue 24): planted facts where they are said to be,
facts recurring across pages, and a seeded error of one glyph on one page."""

from __future__ import annotations

import random

import pytest

from bench.corpus.case_files import KINDS, MIN_PAGES, case_file, seed_error


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_file_recurs_its_facts_and_a_seeded_error_changes_one_glyph_on_one_page(
    seed: int,
) -> None:
    doc = case_file(seed)
    assert 5 <= len(doc.pages) <= 60 and doc == case_file(seed)  # the seed decides it
    headed = {p.page for p in doc.planted if p.kind == "case_number"}
    assert headed == set(range(len(doc.pages)))  # the case number on every page
    pages, error = seed_error(doc, random.Random(seed))
    changed = [i for i, (a, b) in enumerate(zip(doc.pages, pages, strict=True)) if a != b]
    assert changed == [error.page]
    assert pages[error.page][error.start : error.end] == error.after != error.before
    assert error.kind in (*KINDS, "role")
    same = sum(a != b for a, b in zip(error.before, error.after, strict=False))
    assert same + abs(len(error.before) - len(error.after)) == 1
    of_fact = {p.page for p in doc.planted if (p.page, p.start) == (error.page, error.start)}
    assert of_fact == {error.page}
    fact = next(p.fact for p in doc.planted if (p.page, p.start) == (error.page, error.start))
    assert len({p.page for p in doc.planted if p.fact == fact}) >= MIN_PAGES


def test_some_files_hold_two_case_numbers_or_two_defendants() -> None:
    docs = [case_file(seed, 6) for seed in range(40)]
    assert any(d.two_cases for d in docs) and any(d.two_defendants for d in docs)
    assert not all(d.two_cases or d.two_defendants for d in docs)
