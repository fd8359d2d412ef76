"""row_gap's table, filled a diagonal at a time, finds what the cell-by-cell table
found (row_gap_reference.py): the same misfit, gap and pairs, ties broken alike, on
pages as the bench makes them and on any lengths at all; and its Python work grows
with the page's lines and rows, not with their product (a 300-page document reviewed
without an alternate ran this for every page)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from backend.review.diagnoses import row_gap as module
from backend.review.diagnoses.alt_lines import text_only
from backend.review.diagnoses.lost_lines import scan_rows
from backend.review.diagnoses.row_gap import row_gap
from tests.backend.review.diagnoses.layout_helpers import corpus_lines
from tests.backend.review.diagnoses.row_gap_reference import reference_align
from tests.backend.review.diagnoses.wrapped_scan_helpers import wrapped_scan
from tests.properties import examples

SCALES = (0.5, 0.9, 1.0, 1.25)
WRAPS = (module.WRAPPED, module.WRAPPED * (1.0 - 5 / 11))  # a page's calibrated cost


def page(
    seed: int, share: float, start: float, count: int, kept: float
) -> tuple[list[int], list[float]]:
    """A generated page's transcript lengths and its scan's rows: the scan wraps lines
    wider than ``share`` of the widest; the transcript lacks ``count`` lines from
    ``start`` (a share of the page) and ends after ``kept`` of it."""
    lines = corpus_lines(seed)
    width = max(20, int(max(len(t) for t in lines) * share))
    rows = scan_rows(wrapped_scan(lines, width))
    at = int(start * len(lines))
    have = lines[:at] + lines[at + count :]
    have = have[: max(1, round(kept * len(have)))]
    return [c for c in (len(text_only(t)) for t in have) if c], rows


def assert_same(ours: list[int], rows: list[float]) -> None:
    for scale in SCALES:
        for wrapped in WRAPS:
            for tail_only in (False, True):
                got = module._align(ours, rows, scale, wrapped, tail_only)
                assert got == reference_align(ours, rows, scale, wrapped, tail_only)
    with mock.patch.object(module, "_align", reference_align):
        expected = row_gap(ours, rows)
    assert row_gap(ours, rows) == expected


@examples(25)
@given(
    seed=st.integers(0, 10_000),
    share=st.floats(0.6, 1.0),
    start=st.floats(0.0, 0.999),
    count=st.integers(0, 6),
    kept=st.sampled_from([1.0, 1.0, 0.9, 0.6, 0.3]),
)
def test_on_generated_pages_the_alignment_is_the_cell_by_cell_one(
    seed: int, share: float, start: float, count: int, kept: float
) -> None:
    assert_same(*page(seed, share, start, count, kept))


# Whole-glyph lengths make ties between alignments common: which one wins must not
# change. A transcript's lines have letters (empty ones are left out) and a row's box
# at least one glyph (lost_lines._chars).
LENGTHS = st.lists(st.integers(1, 40), max_size=14)
ROWS = st.lists(st.integers(1, 40).map(float) | st.floats(1.0, 40.0), max_size=14)


@examples(100)
@given(ours=LENGTHS, rows=ROWS)
def test_on_any_lengths_the_alignment_is_the_cell_by_cell_one(
    ours: list[int], rows: list[float]
) -> None:
    assert_same(ours, rows)


def python_steps(ours: list[int], rows: list[float]) -> int:
    """The calls the interpreter makes while row_gap runs (of Python functions and of
    compiled ones): a count of its work that no machine's speed changes."""
    steps = 0

    def tally(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal steps
        steps += 1

    previous = sys.getprofile()
    sys.setprofile(tally)
    try:
        row_gap(ours, rows)
    finally:
        sys.setprofile(previous)
    return steps


def test_its_python_work_grows_with_the_page_not_with_lines_times_rows() -> None:
    # The same page four times over (four times the lines and the rows): a table
    # filled a state at a time does sixteen times the work; one filled a diagonal at a
    # time about four (a diagonal is a few numpy steps, however long).
    ours, rows = page(7, 0.9, 0.5, 0, 1.0)
    assert row_gap(ours, rows) is not None  # the page is one row_gap aligns
    ratio = python_steps(ours * 4, rows * 4) / python_steps(ours, rows)
    assert ratio < 6
