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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from heapq import heapify, heappop, heappush
from itertools import pairwise

from backend.models import AltLine
from backend.review.anchored_diff import MIN_LENGTH, UNRELATED_SHARE, anchored_diff, shared_share
from backend.review.textnorm import CompareOptions, Normalised

MIN_MOVE = 3  # equal blocks shorter than this elsewhere are coincidence, not a move
ANCHOR_SHARE = 0.3  # share of a line's bigrams that must line up to place it
MATCHED_SHARE = 0.8  # a line the plain diff matched this well stays where it matched
READ_SHARE = 0.5  # a low-scored line the transcript agrees with this much is no ghost
OWN_CHARS = 2  # ... and this few characters only the alternate has in it are its own ink
MAX_PLACES = 8  # a bigram found more often than this in the transcript does not vote
Ops = list[tuple[str, str]]


def diff(a: str, b: str) -> Ops:
    """fast-diff-match-patch with semantic cleanup, long texts cut where they agree
    (``anchored_diff``: several times faster on a page, the same hunks)."""
    return anchored_diff(a, b)


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
    cuts: tuple[int, ...] = ()  # sorted positions where ``src`` jumps (dropped text, breaks)

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
    side = _read_ghosts(side, ops, lines)
    # Two different pages share no passages: another order of lines cannot help.
    related = len(transcript) < MIN_LENGTH or shared_share(transcript, side.text) >= UNRELATED_SHARE
    if options.reorder_lines and related and _has_unmatched_blocks(ops):
        segments = _segments(alt_raw, lines)
        ranges = _reading_order(transcript, alt, segments, ops, _boxes(segments, lines))
        if ranges != sorted(ranges):
            side2 = _ordered_side(side, ranges)
            ops2 = diff(transcript, side2.text)
            if equal_chars(ops2) > equal_chars(ops):
                return _read_ghosts(side2, ops2, lines), ops2, True
    return side, ops, False


def events(ops: Ops) -> Iterator[tuple[bool, int, int, int, int]]:
    """(equal?, ti, tj, ai, aj) for each equal run and each group of changes."""
    ti = ai = 0
    start: tuple[int, int] | None = None
    for op, text in ops:
        if op == "=" and start is not None:
            yield False, start[0], ti, start[1], ai
            start = None
        if op == "=":
            yield True, ti, ti + len(text), ai, ai + len(text)
            ti, ai = ti + len(text), ai + len(text)
            continue
        start = start or (ti, ai)
        ti, ai = (ti + len(text), ai) if op == "-" else (ti, ai + len(text))
    if start is not None:
        yield False, start[0], ti, start[1], ai


def _plain_side(norm: Normalised, ghost: bytes) -> Side:
    return Side(norm, norm.text, norm.to_source, (), ghost, norm.cuts)


def _read_ghosts(side: Side, ops: Ops, lines: Sequence[AltLine]) -> Side:
    """``side`` less the ghost marks of low-scored lines the transcript reads.

    Bleed-through is the back's writing: text only the alternate has. A line of the
    front is often scored low too (a short one: 十五以上。 at 0.75). Each low-scored
    line on its own (two next to each other may be one of each): where the transcript
    agrees with READ_SHARE of it or more, and what differs is read otherwise by the
    transcript (一百八十四 for 184) or is OWN_CHARS characters only the alternate has
    (十 of 十五以上。 where the transcript's + before 五 went as a list bullet), the
    line is the front's ink and its differences are differences. A line with words
    only the alternate has (the back's read into it) stays a ghost whole: cut in
    pieces, its ghost part would leave the transcript's text against a scrap."""
    if b"\x01" not in side.ghost:
        return side
    n = len(side.text)
    equal, replaced = bytearray(n), bytearray(n)
    for same, ti, tj, ai, aj in events(ops):
        # A change the transcript has text in reads the alternate's side otherwise.
        mark = equal if same else replaced if tj > ti else None
        if mark is not None:
            mark[ai:aj] = b"\x01" * (aj - ai)
    starts = sorted(ln.start for ln in lines)  # a line is known by its start
    by_line: dict[int, list[int]] = {}
    for i in range(n):
        if side.ghost[i]:
            by_line.setdefault(bisect_right(starts, side.src[i]) - 1, []).append(i)
    ghost, read = bytearray(side.ghost), False
    for places in by_line.values():
        agreed = sum(equal[i] for i in places)
        if agreed >= READ_SHARE * len(places) and _own_ink_only(places, equal, replaced):
            for i in places:
                ghost[i] = 0
            read = True
    return replace(side, ghost=bytes(ghost)) if read else side


def _own_ink_only(places: list[int], equal: bytearray, replaced: bytearray) -> bool:
    """Every stretch of a line's ``places`` the transcript does not agree with is read
    otherwise (``replaced``) or is OWN_CHARS characters at most."""
    stretches: list[list[int]] = []
    for i in places:
        if equal[i]:
            continue
        if stretches and stretches[-1][-1] == i - 1:
            stretches[-1].append(i)
        else:
            stretches.append([i])
    return all(len(s) <= OWN_CHARS or all(replaced[j] for j in s) for s in stretches)


def _ordered_side(side: Side, ranges: list[tuple[int, int]]) -> Side:
    norm, breaks, pos = side.norm, [], 0
    for n, (i, j) in enumerate(ranges):
        if n and ranges[n - 1][1] != i:
            breaks.append(pos)
        pos += j - i
    src = [k for i, j in ranges for k in norm.to_source[i:j]]
    cuts = tuple(k for k in range(1, len(src)) if src[k] != src[k - 1] + 1)
    return Side(
        norm,
        "".join(norm.text[i:j] for i, j in ranges),
        src,
        tuple(breaks),
        b"".join(side.ghost[i:j] for i, j in ranges),
        cuts,
    )


def _segments(text: str, lines: Sequence[AltLine]) -> list[tuple[int, int]]:
    """The alternate cut into lines: the engine's own, else its line breaks."""
    if lines:
        cuts = {min(max(0, ln.start), len(text)) for ln in lines}
    else:
        cuts = {m.end() for m in re.finditer("\n", text)}
    edges = sorted(cuts | {0, len(text)})
    return list(pairwise(edges))


Box = tuple[float, float, float, float]


def _boxes(segments: list[tuple[int, int]], lines: Sequence[AltLine]) -> list[Box | None]:
    """Each segment's box on the page (None: the engine gave none)."""
    by_start = {ln.start: ln.box for ln in lines}
    return [by_start.get(s) for s, _ in segments]


def _above_in_column(a: Box, b: Box) -> bool:
    """``a`` stands above ``b`` in the same column: an engine reads such lines in
    the page's order, so a transcript that has them the other way round moved them.
    (Side by side, as table cells or two columns, either order may be the reading.)"""
    overlap = min(a[2], b[2]) - max(a[0], b[0])
    narrower = min(a[2] - a[0], b[2] - b[0])
    # Lines of one column overlap across (a right-aligned case number over a full
    # line too); cells of a table row and two columns do not.
    return overlap > 0.1 * narrower > 0 and (a[1] + a[3]) / 2 < b[1]


def _keep_column_order(order: list[int], boxes: list[Box | None]) -> list[int]:
    """``order`` changed as little as possible so that lines one above the other in a
    column keep the engine's order (a stable topological sort: each time, the first
    line of ``order`` whose lines above it in its column are placed)."""
    before = _column_predecessors(boxes)
    if not before:
        return order
    waiting = {n: len(above) for n, above in before.items()}
    after: dict[int, list[int]] = {}
    for m, above in before.items():
        for n in above:
            after.setdefault(n, []).append(m)
    rank = {n: k for k, n in enumerate(order)}
    ready = [rank[n] for n in order if not waiting.get(n)]
    heapify(ready)
    out: list[int] = []
    while ready:
        n = order[heappop(ready)]
        out.append(n)
        for m in after.get(n, ()):
            waiting[m] -= 1
            if not waiting[m]:
                heappush(ready, rank[m])
    return out


def _column_predecessors(boxes: list[Box | None]) -> dict[int, set[int]]:
    """For each line, the earlier lines (in the engine's order) above it in its column.
    Only lines overlapping across can be: sorted by left edge, each line is compared
    with those starting before its right edge (a 100x100 table's 10,000 cells made
    50 million pairs to try; across, a column's 100)."""
    known = sorted((b[0], n, b) for n, b in enumerate(boxes) if b is not None)
    before: dict[int, set[int]] = {}
    for i, (_left, n, a) in enumerate(known):
        for left, m, b in known[i + 1 :]:
            if left >= a[2]:
                break
            first, second = (n, a), (m, b)
            if m < n:
                first, second = second, first
            if _above_in_column(first[1], second[1]):
                before.setdefault(second[0], set()).add(first[0])
    return before


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
    transcript: str,
    alt: Normalised,
    segments: list[tuple[int, int]],
    ops: Ops,
    boxes: list[Box | None] | None = None,
) -> list[tuple[int, int]]:
    """The alternate's line ranges (normalised) in the order the transcript has them.

    A line the plain diff already matched almost whole stays where it matched; only
    the others are placed by bigram votes, which is the costly part.
    """
    index: dict[str, list[int]] = {}  # bigram -> offsets, built when a line first needs it
    matched = _matched_at(ops, len(alt.text))
    spans = [
        (alt.span_of(s, e), box)
        for (s, e), box in zip(segments, boxes or [None] * len(segments), strict=True)
    ]
    ranges = [r for r, _ in spans if r[0] < r[1]]
    kept_boxes = [b for r, b in spans if r[0] < r[1]]
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
    order = sorted(range(len(ranges)), key=lambda n: (keys[n], n))
    return [ranges[n] for n in _keep_column_order(order, kept_boxes)]


def _has_unmatched_blocks(ops: Ops) -> bool:
    """Text unmatched on both sides that could be the same lines in another order: a
    deleted block sharing a few characters in a row with an inserted one (a page
    with only scattered misreadings skips the costly reordering)."""
    deleted = [text for op, text in ops if op == "-" and len(text) > MIN_MOVE]
    inserted = "\0".join(text for op, text in ops if op == "+" and len(text) > MIN_MOVE)
    if not deleted or not inserted:
        return False
    for text in deleted:
        size = 3 if len(text) >= 6 else 2
        if any(text[k : k + size] in inserted for k in range(len(text) - size + 1)):
            return True
    return False
