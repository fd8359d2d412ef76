"""Which of the alternate's lines hold a character pair, searched when a pair is first
asked (``pair_places.Places``), is what indexing every pair of every line first gave:
the same lines, in the same iteration order (a vote's ties fall by it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.diagnoses.alt_lines import Line
from backend.review.diagnoses.pair_places import MAX_PLACES, Places
from tests.properties import examples


def _indexed(lines: list[Line]) -> dict[str, set[int]]:
    """The index reading order built before: every pair of every line, first."""
    index: dict[str, set[int]] = {}
    for ln in lines:
        own = ln.letters
        for k in range(len(own) - 1):
            index.setdefault(own[k : k + 2], set()).add(ln.index)
    return index


# Few letters over many lines: pairs on many lines (past MAX_PLACES, and past a small
# set's table, where the order a set iterates in depends on how it was built).
_LETTERS = "ab一二"
letters = st.lists(st.text(_LETTERS, max_size=12), min_size=1, max_size=40)


@examples(300)
@given(letters)
def test_the_lines_holding_a_pair_are_the_full_indexs(texts: list[str]) -> None:
    lines = [Line(n, 0, 0, None, len(t), False, t) for n, t in enumerate(texts)]
    index, places = _indexed(lines), Places(lines)
    for pair in [a + b for a in _LETTERS for b in _LETTERS]:
        want = index.get(pair, set())
        got = places.of(pair)
        assert places.of(pair) is got  # searched once
        if len(want) <= MAX_PLACES:
            assert list(got) == list(want)
        else:  # too common to place anything: only that is said
            assert len(got) > MAX_PLACES
