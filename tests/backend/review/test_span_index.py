"""The span lookups that keep a looped page's review linear (``span_index``) answer
what asking every span would, and ``critical_hits.layered`` gives what it gave when
it asked every core hit of every word (the quadratic version is kept here as the
reference)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.critical_hits import Hit, HitKey, layered
from backend.review.span import Span
from backend.review.span_index import Reach, SpanIndex
from backend.review.term_extract import CriticalTerm
from backend.review.values import CriticalKind, LegalKind
from tests.properties import examples

positions = st.integers(0, 30)
span_lists = st.lists(st.tuples(positions, st.integers(0, 8)), max_size=25).map(
    lambda xs: [(s, s + n) for s, n in xs]
)


@examples(300)
@given(span_lists, positions)
def test_reach_is_the_furthest_end_of_the_spans_starting_early_enough(
    spans: list[tuple[int, int]], at: int
) -> None:
    got = Reach(spans).furthest_end(at)
    ends = [e for s, e in spans if s <= at]
    assert got == max(ends) if ends else got < -(10**9)


@examples(300)
@given(span_lists, st.data())
def test_span_index_meets_what_a_scan_of_every_span_left_meets(
    spans: list[tuple[int, int]], data: st.DataObject
) -> None:
    index = SpanIndex((k, s, e) for k, (s, e) in enumerate(spans))
    left = dict(enumerate(spans))
    for _ in range(data.draw(st.integers(1, 8))):
        lo = data.draw(positions)
        hi = data.draw(st.integers(lo, 40))
        want = sorted((s, k) for k, (s, e) in left.items() if s <= hi and e >= lo)
        got = index.meeting(lo, hi)
        assert sorted(got) == sorted(k for _s, k in want)
        assert [left[k][0] for k in got] == [s for s, _k in want]  # in order of start
        if left and data.draw(st.booleans()):
            gone = data.draw(st.sampled_from(sorted(left)))
            index.remove(gone)
            del left[gone]


def _layered_by_scanning(core: dict[HitKey, Hit], words: dict[HitKey, Hit]) -> list[Hit]:
    """``layered`` as it was before the index (every core hit asked of every word)."""
    kept = dict(core)
    added = []
    for word in words.values():
        side = word.in_transcript
        lo, hi = word.own_span(side)
        held = Span(lo, hi)
        touching = [k for k, c in kept.items() if held.overlaps(Span(*c.own_span(side)))]
        if any(not held.contains(Span(*kept[k].own_span(side))) for k in touching):
            continue
        for k in touching:
            hit = kept.pop(k)
            word.start, word.end = min(word.start, hit.start), max(word.end, hit.end)
        added.append(word)
    return [*kept.values(), *added]


@st.composite
def hits(draw: st.DrawFn, kind: CriticalKind | LegalKind) -> dict[HitKey, Hit]:
    out: dict[HitKey, Hit] = {}
    for _ in range(draw(st.integers(0, 12))):
        t0, a0 = draw(positions), draw(positions)
        t1, a1 = t0 + draw(st.integers(0, 4)), a0 + draw(st.integers(0, 4))
        side = draw(st.booleans())
        s0, s1 = (t0, t1) if side else (a0, a1)
        term = CriticalTerm(s0, s1, kind, "x" * (s1 - s0), "v")
        start = draw(st.integers(max(0, t0 - 2), t0))
        end = draw(st.integers(t1, t1 + 2))
        out[(side, s0, s1)] = Hit(term, None, start, end, side, (t0, t1), (a0, a1))
    return out


def _copy(found: dict[HitKey, Hit]) -> dict[HitKey, Hit]:
    return {k: Hit(**vars(h)) for k, h in found.items()}


@examples(400)
@given(hits(CriticalKind.MODAL), hits(LegalKind.OUTCOME))
def test_layered_gives_what_scanning_every_hit_gave(
    core: dict[HitKey, Hit], words: dict[HitKey, Hit]
) -> None:
    def seen(found: list[Hit]) -> list[tuple[object, ...]]:
        return [(h.term, h.start, h.end, h.in_transcript) for h in found]

    want = _layered_by_scanning(_copy(core), _copy(words))
    assert seen(layered(_copy(core), _copy(words))) == seen(want)
