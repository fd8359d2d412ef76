"""The review's diff of long readings, cut where both agree (``backend.review.anchored_diff``)."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from backend.review.anchored_diff import MIN_LENGTH, anchored_diff
from backend.review.compare import compare_texts

LINE = "被告應給付原告新臺幣十二萬元及自民國一一二年三月一日起之利息並負擔訴訟費用如不服得上訴"


def sides(ops: list[tuple[str, str]]) -> tuple[str, str]:
    return "".join(t for o, t in ops if o != "+"), "".join(t for o, t in ops if o != "-")


def page(rng: random.Random, n: int) -> str:
    chars = list(LINE)
    picked = (rng.choice(chars) if rng.random() < 0.4 else LINE[i % len(LINE)] for i in range(n))
    return "".join(picked)


def edited(text: str, rng: random.Random, rate: float) -> str:
    out = []
    for ch in text:
        roll = rng.random()
        if roll < rate / 3:
            out.append(rng.choice(LINE))
        elif roll < rate * 2 / 3:
            continue
        elif roll < rate:
            out += [ch, rng.choice(LINE)]
        else:
            out.append(ch)
    return "".join(out)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000), st.integers(MIN_LENGTH, 5000), st.sampled_from([0.0, 0.03, 0.2, 1.0])
)
def test_the_diff_turns_one_text_into_the_other(seed: int, n: int, rate: float) -> None:
    rng = random.Random(seed)
    a = page(rng, n)
    b = edited(a, rng, rate) if rate < 1 else page(rng, n)  # 1.0: unrelated texts
    ops = anchored_diff(a, b)
    assert sides(ops) == (a, b)
    assert all(op in "=-+" and text for op, text in ops)
    assert all(x[0] != y[0] for x, y in pairwise(ops))  # merged


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="得應不被告一二三，。\n", max_size=MIN_LENGTH - 1), st.text(max_size=80))
def test_short_texts_are_diffed_whole(a: str, b: str) -> None:
    assert sides(anchored_diff(a, b)) == (a, b)


def test_a_long_page_finds_the_same_differences_as_a_whole_diff() -> None:
    rng = random.Random(7)
    a = page(rng, 4000)
    b = edited(a, rng, 0.03)
    c = compare_texts(a, b)
    # Every changed character is in a hunk, and the agreeing share is what a
    # whole diff finds (a cut lies inside agreeing text).
    changed = sum(max(h.end - h.start, h.alt_end - h.alt_start) for h in c.hunks)
    assert 0 < changed < 0.1 * len(a)
    assert c.agreement > 0.9
