"""A changed critical term and the span to flag for it (``legal_terms``' hits), and
how the two layers' hits become one flag a change.

``legal_terms`` finds the terms one reading has and the other does not say alike
in two layers apart: values, masks and modal words (the core), and outcome and
party words, which may hold a core term (無罪 holds 無). ``layered`` merges them.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.review.span import Span
from backend.review.span_index import SpanIndex
from backend.review.term_extract import CriticalTerm


@dataclass
class Hit:
    """A term whose value the other side does not share, and the transcript span to flag."""

    term: CriticalTerm
    other: CriticalTerm | None
    start: int
    end: int
    in_transcript: bool  # the term is the transcript's (else the alternate's)
    # The term or its counterpart in the transcript and in the alternate (where
    # it maps to, when there is none): what the two layers' hits are matched by.
    t_span: tuple[int, int]
    a_span: tuple[int, int]

    def own_span(self, transcript: bool) -> tuple[int, int]:
        return self.t_span if transcript else self.a_span


HitKey = tuple[bool, int, int]  # whose term it is, and the term's span there


def layered(core: dict[HitKey, Hit], words: dict[HitKey, Hit]) -> list[Hit]:
    """Both layers' hits, one flag a change: an outcome or party word holding the
    changed modal word (無罪 holds 無, 不受理 holds 不) is the flag, over both; one
    only crossing it (不受理 in 應不受理) gives way to the modal word."""
    kept = dict(core)
    # The core hits by where they are on each side: a loop of a clause holds
    # thousands of hits of both layers, and asking every core hit of every word
    # was quadratic (over a minute on a 30,000-character page).
    places = {
        side: SpanIndex((k, *c.own_span(side)) for k, c in kept.items()) for side in (True, False)
    }
    added = []
    for word in words.values():
        side = word.in_transcript
        lo, hi = word.own_span(side)
        held = Span(lo, hi)
        near = places[side].meeting(lo, hi)  # every span overlapping ``held`` is among them
        touching = [k for k in near if held.overlaps(Span(*kept[k].own_span(side)))]
        if any(not held.contains(Span(*kept[k].own_span(side))) for k in touching):
            continue  # 不受理 crossing 應不: the modal word's flag says it
        for k in touching:
            hit = kept.pop(k)
            for index in places.values():
                index.remove(k)
            word.start, word.end = min(word.start, hit.start), max(word.end, hit.end)
        added.append(word)
    return [*kept.values(), *added]
