"""Where an alternate reading disagrees with the transcript, and whether that matters.

``compare_texts`` diffs the *normalised* texts (``backend.review.textnorm``) with
fast-diff-match-patch, so width, glyph and layout noise never reaches the
alignment; every hunk is mapped back to the original transcript and alternate.
Inside the stretches that agree it also reports what normalisation hid (LAYOUT,
PUNCTUATION or GLYPH hunks), so runs can be compared by kind of difference.

Only SUBSTANTIVE hunks become flags. An OCR engine used as the alternate adds
noise a transcript never has; it is handled here (the reading order and the
ghost masks in ``backend.review.alignment``) rather than flagged:

* reading order: flowchart boxes and table cells come in another order. When
  the plain alignment leaves blocks unmatched on both sides, the alternate's
  lines are put where each best matches the transcript (bigram votes), and
  that order is kept only if more characters then agree. A block deleted in
  one place and inserted unchanged in another is LAYOUT;
* ○ name masks read as 。/O/0: transcript ○ against such marks is PUNCTUATION;
  a circle more or fewer next to a numeral (一〇〇年 / 一〇年) is a changed
  number, never a mask, and stays SUBSTANTIVE;
* bleed-through from the back of the sheet: alternate text the transcript
  lacks, inside lines the engine scored below ``ghost_score``, goes to
  ``Comparison.ghosts`` instead of the hunks.

Transcript text the alternate lacks (a line it could not read) stays a flag:
that is where the transcript may have guessed.

This module normalises, aligns and sums up; what kind of difference a hunk is
lives in ``diff_categories``, mapping hunks back to the original texts in
``hunk_collector``, and the flags a reviewer reads in ``hunk_flags``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise

from backend.models import AltText
from backend.review.alignment import Side, align, diff, events
from backend.review.diff_categories import categorise, hunk_context
from backend.review.gap_marks import alternate_gap, refine
from backend.review.hunk_collector import HunkCollector, kept_chars, moves_are_layout
from backend.review.hunk_flags import FLAGGED, hunk_flags
from backend.review.textnorm import (
    CompareOptions,
    Normalised,
    Spans,
    dropped_spans,
    normalise,
)
from backend.review.values import DiffCategory, Flag, Hunk

__all__ = [
    "FLAGGED",
    "CompareOptions",
    "Comparison",
    "categorise",
    "classify_differences",
    "compare_texts",
    "diff_flags",
]


@dataclass(frozen=True)
class Comparison:
    """The hunks between a transcript and an alternate, and how much they agree."""

    hunks: tuple[Hunk, ...]  # every difference, by transcript position
    agreement: float  # share of normalised characters both agree on, 0..1
    ghosts: tuple[Hunk, ...] = ()  # alternate-only text in low-confidence lines
    reordered: bool = False  # the alternate's lines were put in the transcript's order
    # The runs both agree on (equal after normalisation), as (transcript start,
    # alternate start, length) in original offsets, by transcript start: each
    # character of one equals its counterpart after folding. Cut wherever either
    # side skips dropped text or the alternate's reading order breaks.
    matches: tuple[tuple[int, int, int], ...] = ()
    # Characters only Simplified Chinese writes (``ReviewTables.simplified_only``):
    # a DIFF flag's wording says the alternate is the likelier misreading there.
    simplified: frozenset[str] = frozenset()

    def flags(self, categories: frozenset[DiffCategory] = FLAGGED) -> list[Flag]:
        return diff_flags(self, categories)

    def chars_by_category(self) -> dict[DiffCategory, int]:
        """Characters in hunks of each kind (the longer side of each hunk)."""
        out = dict.fromkeys(DiffCategory, 0)
        for h in self.hunks:
            out[h.category] += max(h.end - h.start, h.alt_end - h.alt_start)
        return out


def compare_texts(
    transcript: str,
    alternate: str | AltText,
    options: CompareOptions,
    *,
    ignore_spans: Spans = (),
    alt_ignore_spans: Spans = (),
    folded: bool = True,
) -> Comparison:
    """Every difference between ``transcript`` and ``alternate``, categorised.

    ``folded=False`` leaves out the differences normalisation hid (layout,
    punctuation width, glyph variants) inside agreeing runs: the review flags
    only need substantive ones, and finding the others is most of the time on
    a page an engine read with half-width punctuation.
    """
    alt_raw, lines = (
        (alternate, ()) if isinstance(alternate, str) else (alternate.text, alternate.lines)
    )
    t = normalise(transcript, options, ignore_spans)
    an = _normalised_alternate(alt_raw, options, alt_ignore_spans)
    a, ops, reordered = align(t.text, an, alt_raw, lines, options)
    markers = dropped_spans(transcript, _only_markers(options), ignore_spans)
    found = HunkCollector(t, a, options, markers)
    # With the engine's line boxes the reading order was settled above (lines one
    # above the other keep the engine's order): a block still moved is the transcript's.
    found.moves_are_layout = not any(line.box for line in lines)
    matches: list[tuple[int, int, int]] = []
    same = 0  # characters both agree on
    in_order = not a.breaks  # an agreeing run is then one piece (the common case, made quick)
    for equal, ti, tj, ai, aj in events(ops):
        if not equal:
            found.changed(ti, tj, ai, aj)
            continue
        same += aj - ai
        if in_order:
            matches += _runs(t, a, ti, ai, aj - ai)
            if folded:
                found.agreeing(ti, ai, aj - ai)
            continue
        for p, q, _ in a.pieces(ai, aj, by_ghost=False):
            k = ti + p - ai
            matches += _runs(t, a, k, p, q - p)
            if folded:
                found.agreeing(k, p, q - p)
    found.dropped_at_end()
    total = max(len(t.text), len(an.text))
    agreement = 1.0 if total == 0 else same / total
    simplified = options.tables.simplified_only()
    ghosts = tuple(found.ghosts)
    return Comparison(found.result(), agreement, ghosts, reordered, tuple(matches), simplified)


@lru_cache(maxsize=16)
def _only_markers(options: CompareOptions) -> CompareOptions:
    """The options that find the transcript's markers alone (``dataclasses.replace`` is
    slow enough to show in a diff that runs at every pause in typing)."""
    return replace(options, ignore_whitespace=False, ignore_markdown=False)


def _normalised_alternate(text: str, options: CompareOptions, spans: Spans) -> Normalised:
    """The alternate normalised, reused while it stays the same: the review diff runs at
    every pause in typing, and only the transcript changes between two runs."""
    key = spans if isinstance(spans, re.Pattern) else tuple((s, e) for s, e in spans)  # hashable
    # ``options`` hold the tables by identity: reloaded tables are another key.
    return _normalise_cached(text, options, key)


@lru_cache(maxsize=16)
def _normalise_cached(text: str, options: CompareOptions, spans: Spans) -> Normalised:
    return normalise(text, options, spans, alternate=True)


def _runs(t: Normalised, a: Side, k: int, p: int, n: int) -> list[tuple[int, int, int]]:
    """The aligned characters t[k:k+n] / a[p:p+n] in original offsets, cut where
    either side jumps over dropped text (known from the sides' cuts)."""
    tsrc, asrc = t.to_source, a.src
    t_in = t.cuts[bisect_right(t.cuts, k) : bisect_left(t.cuts, k + n)]
    a_in = a.cuts[bisect_right(a.cuts, p) : bisect_left(a.cuts, p + n)]
    if not t_in and not a_in:
        return [(tsrc[k], asrc[p], n)]  # nothing dropped inside
    inside = [c - k for c in t_in]
    if a_in:
        a_inside = [c - p for c in a_in]
        # Mostly both sides drop the same line breaks: the same cuts, no merging needed.
        if a_inside != inside:
            inside = sorted({*inside, *a_inside})
    return [(tsrc[k + i], asrc[p + i], j - i) for i, j in pairwise([0, *inside, n])]


def classify_differences(
    transcript: str,
    alternate: str,
    options: CompareOptions,
    *,
    ignore_spans: Spans = (),
    alt_ignore_spans: Spans = (),
) -> tuple[Hunk, ...]:
    """The plain character diff of the raw texts, each hunk categorised (for evaluation)."""
    t = normalise(transcript, options, ignore_spans)
    a = normalise(alternate, options, alt_ignore_spans, alternate=True)
    found = []
    for equal, s, e, p, q in events(diff(transcript, alternate)):
        if equal:
            continue
        (i, j), (k, m) = t.span_of(s, e), a.span_of(p, q)
        t_kept, a_kept = kept_chars(t, i, j), kept_chars(a, k, m)
        context = hunk_context(t.text, i, j, t_kept)
        cat = categorise(t.text[i:j], a.text[k:m], t_kept, a_kept, options, context)
        gap = alternate_gap(a.source, a.to_source, k) if k == m else ""
        cat = refine(cat, t, i, j, t_kept, a_kept, gap)
        h = Hunk(s, e, p, q, transcript[s:e], alternate[p:q], cat)
        found.append((h, t.text[i:j], a.text[k:m]))
    moves_are_layout(found)
    return tuple(h for h, _, _ in found)


def diff_flags(comparison: Comparison, categories: frozenset[DiffCategory] = FLAGGED) -> list[Flag]:
    """A DIFF flag for each hunk of the given kinds (by default only substantive ones)."""
    return hunk_flags(comparison.hunks, comparison.simplified, categories)
