"""Whole-page failure: reading order. The transcript's order contradicts the page's:
two columns read straight across, paragraphs swapped, a block moved.

The transcript's order is the document's, so it is checked against where its text
is on the page, never excused as layout (the diff's folding may excuse only the
*alternate's* order). Where: the alternate's line boxes. The shared runs of the
alignment (``equal_blocks``) say which of the alternate's lines each stretch of the
transcript is; the boxes put those lines in the page's order (``alt_lines.page_order``:
column by column, top to bottom). The stretches the transcript visits out of that
order, beyond the longest run that follows it, are the ones moved.

Without boxes (a text layer, an import) there is no position, only the alternate's
order, which may be the wrong one: a large move is still named, saying so.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from backend.i18n import _
from backend.models import AltText
from backend.review.diagnoses.alt_lines import (
    Box,
    Line,
    alt_layout,
    alt_lines,
    line_at,
    text_only,
)
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.shared import has_alternate

MAX_PLACES = 8  # a character pair in more of the alternate's lines than this places nothing
PLACED_SHARE = 0.5  # a line sharing this share of an unmatched line's pairs is where it is
PARTS = 8  # a stretch in the page's order this long parts two moved ones
MIN_RUN = 4  # shared runs shorter than this may be chance (a common word)
# Out of order by this much is no misplaced word: a line or more of text moved.
MOVED_CHARS = 30
MOVED_CHARS_UNPLACED = 60  # without positions, only a large move (the alternate may be wrong)
# This many of the steps from line to line go to the line beside: columns read across.
ACROSS_STEPS, ACROSS_SHARE = 3, 0.3
BESIDE_ROWS = 2.5  # line heights apart, at most, for lines side by side


Visit = tuple[int, int, int]  # transcript start, end, what it is ordered by (rank)


def find(evidence: PageEvidence) -> list[Diagnosis]:
    if not has_alternate(evidence):
        return []
    assert evidence.alternate is not None
    lines = alt_lines(evidence.alternate, frozenset())
    boxed = [ln for ln in lines if ln.box is not None]
    if len(boxed) >= 2:
        return _against_boxes(evidence, lines)
    return _against_alternate_order(evidence)


def _against_boxes(evidence: PageEvidence, lines: list[Line]) -> list[Diagnosis]:
    assert evidence.alternate is not None
    order, in_columns = alt_layout(evidence.alternate)
    rank = {n: r for r, n in enumerate(order)}
    found: list[tuple[int, int, int]] = []  # transcript start, end, alternate line
    index: dict[str, set[int]] = {}  # built when a stretch first needs it
    alternate = evidence.alternate
    covered = 0
    for t, a, n in evidence.equal_blocks:
        if n < MIN_RUN:
            continue
        found += _gap_lines(evidence.transcript, covered, t, index, alternate, lines)
        covered = t + n
        # A run may cross the alternate's line ends: one visit per line.
        k = a
        while k < a + n:
            idx = line_at(lines, k)
            end = min(a + n, lines[idx].end) if idx is not None else _next_start(lines, k, a + n)
            if idx is not None and end - k >= MIN_RUN:
                found.append((t + k - a, t + end - a, idx))
            k = max(end, k + 1)
    found += _gap_lines(
        evidence.transcript, covered, len(evidence.transcript), index, alternate, lines
    )
    found = _first_visits(sorted(found))
    visits = [(s, e, rank[i]) for s, e, i in found if i in rank]
    on_line = [i for _s, _e, i in found if i in rank]
    moved = _out_of_order(visits)
    if sum(visits[i][1] - visits[i][0] for i in moved) < MOVED_CHARS:
        return []
    # Read across: the transcript goes from a line to the one beside it on the page
    # (the same row, the other column of a band of two columns) again and again.
    path = [n for k, n in enumerate(on_line) if k == 0 or on_line[k - 1] != n]
    steps = list(pairwise(path))
    across = sum(
        a in in_columns and b in in_columns and _beside(lines[a].box, lines[b].box)
        for a, b in steps
    )
    if across >= max(ACROSS_STEPS, ACROSS_SHARE * len(steps)):
        start, end = visits[moved[0]][0], visits[moved[-1]][1]
        detail = _("the text reads across two columns of the page instead of down each one")
        return [Diagnosis(DiagnosisKind.READING_ORDER, start, end, detail)]
    found_here = []
    for group in _stretches(visits, moved):
        chars = sum(visits[i][1] - visits[i][0] for i in group)
        start, end = _whole_lines(evidence.transcript, visits[group[0]][0], visits[group[-1]][1])
        if chars >= MOVED_CHARS:
            detail = _(
                "{chars} characters are out of the page's order (a paragraph or block moved)"
            ).format(chars=chars)
            found_here.append(Diagnosis(DiagnosisKind.READING_ORDER, start, end, detail))
    return found_here


def _first_visits(found: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The transcript's stretches less those on a line it already read before another:
    text read twice is a repetition (its own diagnosis) or a chance match, no order."""
    seen: set[int] = set()
    out: list[tuple[int, int, int]] = []
    for visit in found:
        line = visit[2]
        if line in seen and out and out[-1][2] != line:
            continue
        seen.add(line)
        out.append(visit)
    return out


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) widened to the lines it is on: what moved is lines of text."""
    after = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, len(text) if after < 0 else after


def _stretches(visits: list[Visit], moved: list[int]) -> list[list[int]]:
    """The moved visits in stretches of the transcript: a visit in order of some
    length between two moved ones parts them (a short one is a chance match)."""
    out: list[list[int]] = []
    out_of_order = set(moved)
    current: list[int] = []
    for i, (s, e, _r) in enumerate(visits):
        if i in out_of_order:
            current.append(i)
        elif e - s >= PARTS and current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    # A short chance match at either end is no part of what moved.
    trimmed = []
    for group in out:
        long = [i for i in group if visits[i][1] - visits[i][0] >= PARTS]
        if long:
            trimmed.append([i for i in group if long[0] <= i <= long[-1]])
    return trimmed


def _next_start(lines: list[Line], k: int, limit: int) -> int:
    """The start of the first line after alternate offset ``k`` (``limit`` at most)."""
    return min([ln.start for ln in lines if ln.start > k] + [limit])


def _gap_lines(
    transcript: str,
    start: int,
    end: int,
    index: dict[str, set[int]],
    alternate: AltText | None,
    lines: list[Line],
) -> list[tuple[int, int, int]]:
    """Where on the page the transcript's lines in [start, end), which the alignment
    did not match (a block the diff took as moved), are: each the alternate's line
    sharing most of its character pairs, if it shares at least half."""
    if end - start < MIN_RUN:
        return []
    out = []
    pos = start
    for piece in transcript[start:end].split("\n"):
        own = text_only(piece)
        if len(own) >= MIN_RUN and not index and alternate is not None:
            index.update(_pair_index(alternate, lines))
        grams = [own[k : k + 2] for k in range(len(own) - 1)]
        votes: Counter[int] = Counter()
        for g in grams:
            places = index.get(g, ())
            if len(places) <= MAX_PLACES:
                votes.update(places)
        if len(own) >= MIN_RUN and votes:
            line, count = votes.most_common(1)[0]
            if count >= PLACED_SHARE * len(grams):
                out.append((pos, pos + len(piece), line))
        pos += len(piece) + 1
    return out


def _pair_index(alternate: AltText, lines: list[Line]) -> dict[str, set[int]]:
    """Character pair -> the alternate's lines holding it."""
    index: dict[str, set[int]] = {}
    for ln in lines:
        own = ln.letters
        for k in range(len(own) - 1):
            index.setdefault(own[k : k + 2], set()).add(ln.index)
    return index


def _beside(a: Box | None, b: Box | None) -> bool:
    """Two lines in different columns (apart across) at about the same height (a row
    or two apart: one side's line may have wrapped where the other's did not)."""
    if a is None or b is None or not (a[2] <= b[0] or b[2] <= a[0]):
        return False
    height = max(a[3] - a[1], b[3] - b[1])
    return abs((a[1] + a[3]) - (b[1] + b[3])) / 2 <= BESIDE_ROWS * height


def _against_alternate_order(evidence: PageEvidence) -> list[Diagnosis]:
    visits = [(t, t + n, a) for t, a, n in evidence.equal_blocks if n >= MIN_RUN]
    moved = _out_of_order(visits)
    chars = sum(visits[i][1] - visits[i][0] for i in moved)
    if chars < MOVED_CHARS_UNPLACED:
        return []
    start, end = min(visits[i][0] for i in moved), max(visits[i][1] for i in moved)
    detail = _(
        "{chars} characters are in another order than the alternate's (it has no"
        " positions on the page to say which order is right)"
    ).format(chars=chars)
    return [Diagnosis(DiagnosisKind.READING_ORDER, start, end, detail)]


def _out_of_order(visits: list[Visit]) -> list[int]:
    """The visits outside the heaviest run (by characters) whose ranks never go down:
    what the transcript put out of order (a weighted longest non-decreasing
    subsequence, O(n log n) with a Fenwick tree of the best run ending at each rank)."""
    n = len(visits)
    if n < 2:
        return []
    ranks = sorted({r for _s, _e, r in visits})
    where = {r: k + 1 for k, r in enumerate(ranks)}
    tree: list[tuple[int, int]] = [(0, -1)] * (len(ranks) + 1)  # (weight, visit)
    best, back = [0] * n, [-1] * n
    for i, (s, e, r) in enumerate(visits):
        k, top = where[r], (0, -1)
        while k > 0:  # the best run ending at a rank <= r
            top = max(top, tree[k])
            k -= k & -k
        best[i], back[i] = top[0] + e - s, top[1]
        k = where[r]
        while k <= len(ranks):
            tree[k] = max(tree[k], (best[i], i))
            k += k & -k
    keep: set[int] = set()
    i = max(range(n), key=best.__getitem__)
    while i >= 0:
        keep.add(i)
        i = back[i]
    return [i for i in range(n) if i not in keep]
