"""How an alternate reading is lined up against the transcript before its hunks are read.

``align`` diffs the normalised texts, and where an OCR engine read the page in
another order it follows the transcript's reading order instead:

* reading order: flowchart boxes and table cells come in another order. When
  the plain diff leaves blocks unmatched on both sides, the alternate's lines
  are put where each best matches the transcript (bigram votes), and that
  order is kept only if more characters then agree;
* ghost masks: lines the engine scored below ``CompareOptions.ghost_score``
  are marked, so alternate-only text in them can be reported as bleed-through
  from the back of the sheet rather than as a difference.

The result is a ``Side``: the alternate in the order it was diffed, mapped back
to its original offsets, with the places where that order breaks.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import fast_diff_match_patch

from backend.models import AltLine
from backend.review.textnorm import CompareOptions, Normalised

MIN_MOVE = 3  # equal blocks shorter than this elsewhere are coincidence, not a move
ANCHOR_SHARE = 0.3  # share of a line's bigrams that must line up to place it
MATCHED_SHARE = 0.8  # a line the plain diff matched this well stays where it matched
MAX_PLACES = 8  # a bigram found more often than this in the transcript does not vote
Ops = list[tuple[str, str]]


def diff(a: str, b: str) -> Ops:
    return fast_diff_match_patch.diff(a, b, counts_only=False, cleanup="Semantic")  # type: ignore[no-any-return]


def equal_chars(ops: Ops) -> int:
    return sum(len(text) for op, text in ops if op == "=")


@dataclass(frozen=True)
class Side:
    """The normalised alternate in the order it is diffed, mapped to the original."""

    norm: Normalised  # original order
    text: str
    src: list[int]  # original offset of each character of ``text``
    breaks: tuple[int, ...] = ()  # sorted positions not following on from the one before
    ghost: bytes = b""  # 1 where a character lies in a low-confidence line

    def raw_range(self, i: int, j: int) -> tuple[int, int]:
        if i < j:
            return self.src[i], self.src[j - 1] + 1
        return (0, 0) if i == 0 else (self.src[i - 1] + 1, self.src[i - 1] + 1)

    def pieces(self, i: int, j: int, by_ghost: bool) -> list[tuple[int, int, bool]]:
        """[i, j) cut where the order breaks (and where ghost text starts or ends)."""
        by_ghost = by_ghost and b"\x01" in self.ghost[i:j]
        if not by_ghost and not self.breaks:
            return [(i, j, False)] if i < j else []
        cuts = [b for b in self.breaks[bisect_right(self.breaks, i) :] if b < j]
        if by_ghost:
            cuts += [k for k in range(i + 1, j) if self.ghost[k] != self.ghost[k - 1]]
        edges = [i, *sorted(set(cuts)), j]
        return [(p, q, by_ghost and bool(self.ghost[p])) for p, q in pairwise(edges) if p < q]


def align(
    transcript: str,
    alt: Normalised,
    alt_raw: str,
    lines: Sequence[AltLine],
    options: CompareOptions,
) -> tuple[Side, Ops, bool]:
    """The alternate as diffed against the normalised ``transcript``, the diff, and
    whether its lines were put in the transcript's reading order."""
    side = _plain_side(alt, _ghost_mask(alt, lines, options.ghost_score))
    ops = diff(transcript, side.text)
    if options.reorder_lines and _has_unmatched_blocks(ops):
        ranges = _reading_order(transcript, alt, _segments(alt_raw, lines), ops)
        if ranges != sorted(ranges):
            side2 = _ordered_side(side, ranges)
            ops2 = diff(transcript, side2.text)
            if equal_chars(ops2) > equal_chars(ops):
                return side2, ops2, True
    return side, ops, False


def _plain_side(norm: Normalised, ghost: bytes) -> Side:
    return Side(norm, norm.text, norm.to_source, (), ghost)


def _ordered_side(side: Side, ranges: list[tuple[int, int]]) -> Side:
    norm, breaks, pos = side.norm, [], 0
    for n, (i, j) in enumerate(ranges):
        if n and ranges[n - 1][1] != i:
            breaks.append(pos)
        pos += j - i
    return Side(
        norm,
        "".join(norm.text[i:j] for i, j in ranges),
        [k for i, j in ranges for k in norm.to_source[i:j]],
        tuple(breaks),
        b"".join(side.ghost[i:j] for i, j in ranges),
    )


def _segments(text: str, lines: Sequence[AltLine]) -> list[tuple[int, int]]:
    """The alternate cut into lines: the engine's own, else its line breaks."""
    if lines:
        cuts = {min(max(0, ln.start), len(text)) for ln in lines}
    else:
        cuts = {m.end() for m in re.finditer("\n", text)}
    edges = sorted(cuts | {0, len(text)})
    return list(pairwise(edges))


def _ghost_mask(norm: Normalised, lines: Sequence[AltLine], threshold: float) -> bytes:
    mask = bytearray(len(norm.text))
    for ln in lines:
        if ln.score is not None and ln.score < threshold:
            i, j = norm.span_of(ln.start, ln.end)
            mask[i:j] = b"\x01" * (j - i)
    return bytes(mask)


def _anchor(line: str, index: dict[str, list[int]], expected: int) -> int | None:
    """Where ``line`` starts in the transcript: the offset its bigrams agree on.

    A bigram found once in the transcript says more than one found in every row
    (徵收 in a fee table), so each vote weighs 1/occurrences; ties go to the place
    nearest where the line would follow on from the previous one.
    """
    votes: Counter[int] = Counter()
    weights: dict[int, float] = {}
    for k in range(len(line) - 1):
        places = index.get(line[k : k + 2], ())
        if len(places) > MAX_PLACES:
            continue  # in every other line: says nothing about where this one goes
        for p in places:
            votes[p - k] += 1
            weights[p - k] = weights.get(p - k, 0.0) + 1 / len(places)
    if not votes:
        return None
    best = max(weights.values())
    place = min((d for d, w in weights.items() if w == best), key=lambda d: abs(d - expected))
    if votes[place] < ANCHOR_SHARE * (len(line) - 1):
        return None  # no place in the transcript: leave it after its neighbour
    return place


def _matched_at(ops: Ops, size: int) -> list[int]:
    """For each alternate position, the transcript position the diff matched it to (-1: none)."""
    out, ti, ai = [-1] * size, 0, 0
    for op, text in ops:
        if op == "=":
            out[ai : ai + len(text)] = range(ti, ti + len(text))
        ti, ai = ti + (op != "+") * len(text), ai + (op != "-") * len(text)
    return out


def _reading_order(
    transcript: str, alt: Normalised, segments: list[tuple[int, int]], ops: Ops
) -> list[tuple[int, int]]:
    """The alternate's line ranges (normalised) in the order the transcript has them.

    A line the plain diff already matched almost whole stays where it matched; only
    the others are placed by bigram votes, which is the costly part.
    """
    index: dict[str, list[int]] = {}  # bigram -> offsets, built when a line first needs it
    matched = _matched_at(ops, len(alt.text))
    ranges = [r for r in (alt.span_of(s, e) for s, e in segments) if r[0] < r[1]]
    keys, key, expected = [], -1, 0
    for i, j in ranges:
        hits = [m - (k - i) for k, m in enumerate(matched[i:j], start=i) if m >= 0]
        if len(hits) >= MATCHED_SHARE * (j - i):
            anchor: int | None = hits[len(hits) // 2]
        else:
            if not index:
                for k in range(len(transcript) - 1):
                    index.setdefault(transcript[k : k + 2], []).append(k)
            anchor = _anchor(alt.text[i:j], index, expected)
        key = key if anchor is None else anchor
        keys.append(key)
        expected = max(key, 0) + j - i
    return [ranges[n] for n in sorted(range(len(ranges)), key=lambda n: (keys[n], n))]


def _has_unmatched_blocks(ops: Ops) -> bool:
    """Text unmatched on both sides: possibly the same lines in another order."""
    longest = {"-": 0, "+": 0, "=": 0}
    for op, text in ops:
        longest[op] = max(longest[op], len(text))
    return min(longest["-"], longest["+"]) > MIN_MOVE
