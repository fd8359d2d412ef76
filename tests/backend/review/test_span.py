"""One definition of "the same place" (issue 27, point 3): ``Span.overlaps`` and
``Span.touches``, checked against a model of positions, and the rules that ask it
(merging a critical item with its difference, approval's items from two reviews)
giving the one answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.flag_merge import merge_critical
from backend.review.span import Span
from backend.review.values import Flag, FlagKind, PageReview
from backend.session.page_findings import open_critical
from tests.properties import examples


@st.composite
def spans(draw: st.DrawFn, empty: bool | None = None) -> Span:
    start = draw(st.integers(0, 12))
    length = 0 if empty else draw(st.integers(1 if empty is False else 0, 6))
    return Span(start, start + length)


def chars(s: Span) -> set[int]:
    return set(range(s.start, s.end))


def closed(s: Span) -> set[int]:
    """The positions the span holds with both its ends (a point: the one position)."""
    return set(range(s.start, s.end + 1))


@examples(200)
@given(spans(), spans())
def test_overlaps_and_touches_are_symmetric_and_nested(a: Span, b: Span) -> None:
    assert a.overlaps(b) == b.overlaps(a)
    assert a.touches(b) == b.touches(a)
    assert not a.overlaps(b) or a.touches(b)
    assert not a.contains(b) or a.overlaps(b)


@examples(200)
@given(spans(empty=False), spans(empty=False))
def test_two_spans_overlap_when_they_share_a_character(a: Span, b: Span) -> None:
    assert a.overlaps(b) == bool(chars(a) & chars(b))
    assert a.contains(b) == (chars(b) <= chars(a))


@examples(200)
@given(spans(), spans())
def test_they_touch_when_they_overlap_or_abut(a: Span, b: Span) -> None:
    assert a.touches(b) == bool(closed(a) & closed(b))
    if a.touches(b) and not a.overlaps(b):  # abutting only: two places side by side
        assert not a.empty and not b.empty
        assert a.end == b.start or b.end == a.start


@examples(200)
@given(spans(empty=True), spans())
def test_a_point_is_in_a_span_at_either_end_or_inside(point: Span, s: Span) -> None:
    """An omission just before 得 or just after 應 is at that word."""
    inside = s.start <= point.start <= s.end
    assert point.overlaps(s) == inside == point.touches(s)
    assert s.contains(point) == inside


def test_a_span_cannot_end_before_it_starts() -> None:
    with pytest.raises(ValueError, match="ends before it starts"):
        Span(3, 2)


TEXT = "被告得於三十日內上訴。"


def _flag(span: Span, kind: FlagKind) -> Flag:
    return Flag(span.start, span.end, kind, kind.value, replacement="")


@examples(200)
@given(spans(), spans())
def test_merging_and_approval_ask_the_one_question(c: Span, d: Span) -> None:
    """A critical item and a difference are one item exactly when their spans overlap;
    approval names an item of the page's own review apart exactly then too."""
    critical, diff = _flag(c, FlagKind.CRITICAL), _flag(d, FlagKind.DIFF)
    merged = merge_critical([critical, diff], TEXT)
    assert (len(merged) == 1) == c.overlaps(d)
    chosen = PageReview(0, 1.0, (critical,))
    own = PageReview(0, 1.0, (_flag(d, FlagKind.CRITICAL),))
    assert (len(open_critical(chosen, own)) == 1) == c.overlaps(d)


@examples(200)
@given(spans(), spans())
def test_a_span_begins_in_another_on_its_characters_or_at_its_point(a: Span, b: Span) -> None:
    """F8's stepping rule (``gui.aids.diff_highlight.stops``) has its own name."""
    assert a.begins_in(b) == (a.start in chars(b) or (b.empty and a.start == b.start))


@examples(200)
@given(spans(), spans())
def test_stepping_differs_from_one_place_only_at_a_point_after_the_end(a: Span, b: Span) -> None:
    """Walking left to right (``a`` no earlier than ``b``), a span begins in ``b`` exactly
    when the two are one place, except an omission right after ``b``: a stop of its own."""
    if a.start < b.start:
        assert not a.begins_in(b)
        return
    after_the_end = a.empty and not b.empty and a.start == b.end
    assert a.begins_in(b) == (a.overlaps(b) and not after_the_end)


def test_sharing_characters_needs_a_character_in_common() -> None:
    # Abutting spans share nothing; a point at a flag's edge (an omission just after
    # it) is no part of it, though ``overlaps`` counts it; a point inside is.
    assert Span(2, 5).shares_characters(Span(4, 8))
    assert not Span(2, 5).shares_characters(Span(5, 8))
    assert not Span(5, 5).shares_characters(Span(2, 5))
    assert Span(5, 5).overlaps(Span(2, 5))
    assert Span(3, 3).shares_characters(Span(2, 5))
