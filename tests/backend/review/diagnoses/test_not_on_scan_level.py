"""The scan lines' unread width finds the read lines on each by height (``Level``):
the same lines, in the same order, as trying every pair, so the width is the same to
the last bit; boxes upside down are tried against every line. A read line's shared
characters are summed from the runs that can overlap it (``AltRuns``): the same count."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.diagnoses import not_on_scan_room
from tests.properties import examples

Box = tuple[float, float, float, float]
EDGE = st.floats(0.0, 1.0, allow_nan=False)
SIZE = st.floats(0.0, 0.1, allow_nan=False)
# Lines of a page (left, top, width, height), near each other in height; now and then
# a box with any edges (upside down: every line is tried).
LINE = st.builds(lambda x, y, w, h: (x, y / 4, x + w * 5, y / 4 + h), EDGE, EDGE, SIZE, SIZE)
BOX = st.one_of(LINE, LINE, LINE, st.tuples(EDGE, EDGE, EDGE, EDGE))
BOXES = st.lists(BOX, max_size=12)


def _every_pair(scan: Box, boxes: list[Box]) -> list[Box]:
    return [b for b in boxes if not_on_scan_room.same_line(scan, b)]


def _by_height(scan: Box, boxes: list[Box]) -> list[Box]:
    level = not_on_scan_room.Level(boxes)
    return [b for b in level.near(scan) if not_on_scan_room.same_line(scan, b)]


@examples(200)
@given(scan=st.lists(BOX, min_size=1, max_size=6), boxes=BOXES)
def test_the_lines_on_a_scan_line_are_those_every_pair_finds(
    scan: list[Box], boxes: list[Box]
) -> None:
    for s in scan:
        assert _by_height(s, boxes) == _every_pair(s, boxes)


def test_a_line_level_with_another_is_found_and_one_far_below_is_not() -> None:
    boxes = [(0.1, 0.50, 0.9, 0.52), (0.1, 0.11, 0.5, 0.13), (0.1, 0.095, 0.9, 0.115)]
    # Two of them on the scan's line at 0.10-0.12 (one starting above it), in their order.
    assert _by_height((0.1, 0.10, 0.9, 0.12), boxes) == [boxes[1], boxes[2]]
    assert _by_height((0.1, 0.80, 0.9, 0.82), boxes) == []


RUNS = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(-2, 12)), max_size=10)


@examples(200)
@given(runs=RUNS, start=st.integers(0, 70), length=st.integers(0, 20))
def test_what_the_runs_share_of_a_line_is_their_every_overlap(
    runs: list[tuple[int, int, int]], start: int, length: int
) -> None:
    end = start + length
    every = sum(max(0, min(end, a + n) - max(start, a)) for _t, a, n in runs)
    assert not_on_scan_room.AltRuns(runs).shared(start, end) == every
