"""Offsets in a transcript mapped to its alternate through their whole alignment.

A critical flag names a span of the transcript and, to be accepted, the span of
the alternate that says the same thing. Extrapolating from the one hunk at hand
(its length difference) drifts past the other hunks and past either end of the
text; this map uses every agreeing run (``Comparison.matches``, or the stretches
between hunks when the texts there are identical) and every hunk's edges.

``exact`` answers only where the boundary is known on both sides (inside an
agreeing run, or a hunk's edge); ``approx`` always answers, clamped to the
alternate, for reading what is there, never for replacing text with it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from backend.review.values import Hunk

Block = tuple[int, int, int]  # (transcript start, alternate start, length)


@dataclass(frozen=True)
class OffsetMap:
    blocks: tuple[Block, ...]  # by transcript start
    starts: dict[int, int]  # hunk start -> alternate start
    ends: dict[int, int]  # hunk end -> alternate end
    anchors: tuple[tuple[int, int], ...]  # every known (transcript, alternate) boundary, sorted
    own_len: int  # the transcript's length
    other_len: int  # the alternate's

    @classmethod
    def build(
        cls,
        transcript: str,
        alternate: str,
        hunks: Sequence[Hunk],
        matches: Sequence[Block] | None = None,
    ) -> OffsetMap:
        """``matches``: the agreeing runs, if known; else the identical text between hunks."""
        ordered = sorted(hunks, key=lambda h: (h.start, h.alt_start))
        if matches is None:
            matches = _between(transcript, alternate, ordered)
        blocks = tuple(sorted(b for b in matches if b[2] > 0))
        starts: dict[int, int] = {}
        ends: dict[int, int] = {}
        for h in ordered:
            starts.setdefault(h.start, h.alt_start)
            ends.setdefault(h.end, h.alt_end)
        anchors = {(t, a) for t, a, n in blocks for t, a in ((t, a), (t + n, a + n))}
        anchors |= set(starts.items()) | set(ends.items())
        return cls(blocks, starts, ends, tuple(sorted(anchors)), len(transcript), len(alternate))

    def reversed(self) -> OffsetMap:
        """The same alignment seen from the alternate."""
        blocks = tuple(sorted((a, t, n) for t, a, n in self.blocks))
        starts = {a: t for t, a in self.starts.items()}
        ends = {a: t for t, a in self.ends.items()}
        anchors = tuple(sorted((a, t) for t, a in self.anchors))
        return OffsetMap(blocks, starts, ends, anchors, self.other_len, self.own_len)

    def exact(self, x: int, *, end: bool) -> int | None:
        """The alternate's offset for boundary ``x`` when the alignment fixes it.

        ``end``: ``x`` ends a span, so an insertion right before it belongs to the
        span (and one right after it does not)."""
        edge = (self.ends if end else self.starts).get(x)
        if edge is not None:
            return edge
        # A span's end lies in the run it ends, its start in the run it starts.
        first = bisect_left(self.blocks, (x,) if end else (x + 1,)) - 1
        for i in (first, first + 1) if end else (first,):
            if 0 <= i < len(self.blocks):
                t, a, n = self.blocks[i]
                if t <= x <= t + n:
                    return a + x - t
        return None

    def approx(self, x: int, *, end: bool) -> int:
        """``exact`` if known, else the nearest known boundary outward, clamped."""
        found = self.exact(x, end=end)
        if found is None:
            if end:
                i = bisect_left(self.anchors, (x,))
                found = self.anchors[i][1] if i < len(self.anchors) else self.other_len
            else:
                i = bisect_left(self.anchors, (x + 1,)) - 1
                found = self.anchors[i][1] if i >= 0 else 0
        return min(max(found, 0), self.other_len)


def _between(transcript: str, alternate: str, hunks: Sequence[Hunk]) -> list[Block]:
    """The stretches between consecutive hunks where both texts are identical."""
    edges = [(h.start, h.alt_start, h.end, h.alt_end) for h in hunks]
    edges.append((len(transcript), len(alternate), len(transcript), len(alternate)))
    blocks: list[Block] = []
    t = a = 0
    for start, alt_start, end, alt_end in edges:
        n = start - t
        if n > 0 and alt_start - a == n and transcript[t:start] == alternate[a:alt_start]:
            blocks.append((t, a, n))
        t, a = max(t, end), alt_end
    return blocks
