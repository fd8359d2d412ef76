"""The alternate's lines keep their engine's order down a column
(``alignment._keep_column_order``): the same order as the plain definition (every
pair of lines tried; each time the first line of the order whose lines above it in
its column are placed), on random pages of lines, cells and columns."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from backend.review.alignment import _above_in_column, _keep_column_order
from tests.properties import examples

Box = tuple[float, float, float, float]


def by_definition(order: list[int], boxes: list[Box | None]) -> list[int]:
    """Every pair of lines tried; each time the first pending line free to go."""
    known = [(n, b) for n, b in enumerate(boxes) if b is not None]
    before: dict[int, set[int]] = {}
    for i, (n, a) in enumerate(known):
        for m, b in known[i + 1 :]:
            if _above_in_column(a, b):
                before.setdefault(m, set()).add(n)
    done: set[int] = set()
    out: list[int] = []
    pending = list(order)
    while pending:
        k = next(k for k, n in enumerate(pending) if before.get(n, set()) <= done)
        done.add(pending[k])
        out.append(pending.pop(k))
    return out


def page(rng: random.Random, lines: int) -> list[Box | None]:
    """Lines of a page: cells of a grid, lines across it, a few without a box; widths
    and places jittered so that some overlap a little and some much."""
    out: list[Box | None] = []
    for _ in range(lines):
        if rng.random() < 0.1:
            out.append(None)
            continue
        columns = rng.choice([1, 2, 5])
        c = rng.randrange(columns)
        left = c / columns + rng.uniform(-0.05, 0.05)
        width = rng.uniform(0.02, 1.0 / columns)
        top = rng.uniform(0.0, 0.95)
        out.append((left, top, left + width, top + 0.02))
    return out


@examples(60)
@given(seed=st.integers(0, 10_000), lines=st.integers(0, 60))
def test_the_order_is_the_plain_definitions(seed: int, lines: int) -> None:
    rng = random.Random(seed)
    boxes = page(rng, lines)
    order = list(range(lines))
    rng.shuffle(order)  # the order the transcript's anchors gave
    assert _keep_column_order(order, boxes) == by_definition(order, boxes)
