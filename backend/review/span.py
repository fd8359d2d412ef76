"""A span of text, [start, end) in code points, and when two spans are the same place.

Flags, hunks and terms all point at spans, and several rules ask whether two of
them are one place: is this difference the critical item's (``flag_merge``), is
this item already named (``session.approval``), does accepting this change touch
a critical term (the GUI's accept guard), does this word hold that modal word
(``legal_terms``), does this change follow a party's role (``name_check``). They
ask it here, so that they cannot disagree.

Empty spans. An empty span (start == end) is a point: where the transcript lacks
text the other reading has (an omission), or where a term is missing. A point is
*in* a span when it lies at or inside it, both ends included: inserting 不 just
before 得 or just after 應 changes that word. So:

* ``overlaps``: the spans share a character, or one is a point at or inside the
  other. Two spans that only meet end to start do not overlap: side by side
  they are two places (得|三十 is two items).
* ``touches``: they overlap or meet end to start (abut). A point touches what
  it overlaps and nothing else.
* ``contains``: every character of ``other`` is in this span, and a point at or
  inside it is contained.

All three are symmetric except ``contains``; ``overlaps`` implies ``touches``.

* ``begins_in``: a stepping rule, not a "same place" rule. F8 walks the flags left
  to right and stops once per place: a later span is part of this one's stop when
  it begins on one of its characters, or at the very point this span is. Unlike
  ``overlaps``, a point at this span's *end* begins a stop of its own: F8 puts the
  cursor there to type what is missing after the word, not on the word.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start > self.end:
            raise ValueError(f"a span ends before it starts: [{self.start}, {self.end})")

    @property
    def empty(self) -> bool:
        return self.start == self.end

    def overlaps(self, other: Span) -> bool:
        """One place: a character in common, or a point at or inside the other."""
        start, end, o_start, o_end = self.start, self.end, other.start, other.end
        if start < o_end and o_start < end:
            return True
        # A point meets what holds it or ends or starts at it (inlined: a hot path).
        return (start == end or o_start == o_end) and start <= o_end and o_start <= end

    def shares_characters(self, other: Span) -> bool:
        """The open intervals meet: a character in common, or a point strictly inside
        the other. Unlike ``overlaps``, a point at an edge (an omission just before or
        after a flag) does not count, so it is not taken for what that flag covers."""
        return self.start < other.end and other.start < self.end

    def touches(self, other: Span) -> bool:
        """Overlapping or abutting: the closed intervals [start, end] meet."""
        return self.start <= other.end and other.start <= self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end

    def begins_in(self, other: Span) -> bool:
        """Whether this span begins on a character of ``other`` or at ``other``'s own point
        (the module's stepping rule: a point at ``other``'s end does not)."""
        return other.start <= self.start < other.end or self.start == other.start == other.end
