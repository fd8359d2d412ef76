"""Whole-page failure: reading order. The transcript's order contradicts the page's:
two columns read straight across, paragraphs swapped, a block or a line moved.

The transcript's order is the document's, so it is checked against where its text
is on the page, never excused as layout (the diff's folding may excuse only the
*alternate's* order). Where: the shared runs of the alignment (``equal_blocks``) say
which of the alternate's lines each stretch of the transcript is, and so where on the
page it is. The page's order is the scan's own detected lines' when known (either
reading may have listed its lines in another order; ``scan_order``), else the
alternate's boxes', read column by column, top to bottom. The stretches the
transcript visits out of that order, beyond the longest run that follows it, are the
ones moved: a block of them, or a whole line (a date line, a heading) whose critical
words ``order_flags`` makes critical items.

Without boxes (a text layer, an import) there is no position, only the alternate's
order, which may be the wrong one: a large move is still named, saying so.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import pairwise

from backend.i18n import _
from backend.review.diagnoses import scan_order
from backend.review.diagnoses.alt_lines import (
    Box,
    Line,
    alt_lines,
    text_only,
)
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.pair_places import Places, gap_lines
from backend.review.diagnoses.shared import has_alternate

PARTS = 8  # a stretch in the page's order this long parts two moved ones
MIN_RUN = 4  # shared runs shorter than this may be chance (a common word)
# Out of order by this much is no misplaced word: a line or more of text moved.
MOVED_CHARS = 30
MOVED_CHARS_UNPLACED = 60  # without positions, only a large move (the alternate may be wrong)
# This many of the steps from line to line go to the line beside: columns read across.
ACROSS_STEPS, ACROSS_SHARE = 3, 0.3
BESIDE_ROWS = 2.5  # line heights apart, at most, for lines side by side
# Fewer characters than MOVED_CHARS moved are still a line moved (a date line under a
# judgment, a heading) when they hold this many letters and digits at least, and this
# share of the line's.
LINE_CHARS, LINE_SHARE = 8, 0.6


Visit = tuple[int, int, int]  # transcript start, end, what it is ordered by (rank)


@dataclass(frozen=True)
class Move:
    """Text the transcript put out of the page's order, and where the page has it."""

    diagnosis: Diagnosis
    at: int | None  # transcript offset the page puts it at (None: columns read across)


def find(evidence: PageEvidence) -> list[Diagnosis]:
    return [m.diagnosis for m in moves(evidence)]


# The last page's moves, by the evidence's identity: ``find`` and ``moved_flags`` ask
# for the same page's, one after the other.
_LAST: list[tuple[PageEvidence, list[Move]]] = []


def moves(evidence: PageEvidence) -> list[Move]:
    for known, found in _LAST:
        if known is evidence:
            return list(found)
    found = _moves(evidence)
    _LAST[:] = [(evidence, found)]
    return list(found)


def _moves(evidence: PageEvidence) -> list[Move]:
    if not has_alternate(evidence):
        return []
    assert evidence.alternate is not None
    lines = alt_lines(evidence.alternate, frozenset())
    boxed = [ln for ln in lines if ln.box is not None]
    if len(boxed) >= 2:
        return _against_boxes(evidence, lines)
    return [Move(d, None) for d in _against_alternate_order(evidence)]


Found = tuple[int, int, int, int, int]  # transcript start, end, alternate line, its [lo, hi)


def _against_boxes(evidence: PageEvidence, lines: list[Line]) -> list[Move]:
    assert evidence.alternate is not None
    found: list[Found] = []
    places = Places(lines, evidence.alternate.text)
    starts = [ln.start for ln in lines]  # (``line_at``, bisected without a key call a step)
    # The first start after an offset, bisected too when the lines are in text order
    # (an engine's always are): a run crossing a line end asked every line for it.
    ordered = all(a <= b for a, b in pairwise(starts))
    covered = 0
    for t, a, n in evidence.equal_blocks:
        if n < MIN_RUN:
            continue
        found += gap_lines(evidence.transcript, covered, t, places, MIN_RUN)
        covered = t + n
        # A run may cross the alternate's line ends: one visit per line.
        k = a
        while k < a + n:
            on = bisect_right(starts, k) - 1
            idx = on if on >= 0 and k < lines[on].end else None
            if idx is not None:
                end = min(a + n, lines[idx].end)
            elif ordered:
                later = bisect_right(starts, k)
                end = min(starts[later], a + n) if later < len(starts) else a + n
            else:
                end = _next_start(lines, k, a + n)
            if idx is not None and end - k >= MIN_RUN:
                found.append((t + k - a, t + end - a, idx, k, end))
            k = max(end, k + 1)
    found += gap_lines(evidence.transcript, covered, len(evidence.transcript), places, MIN_RUN)
    boxes, where = _page_places(evidence, lines, found)
    scan = evidence.scan_lines
    source = scan if scan is not None and len(scan.boxes) >= 2 else evidence.alternate
    # Which of the transcript's lines read each line of the page (by where they start).
    text = evidence.transcript
    readers: dict[int | None, set[int]] = {}
    for f in found:
        readers.setdefault(where[f], set()).add(text.rfind("\n", 0, f[0]) + 1)
    found = _first_visits(sorted(found))
    order, in_columns = scan_order.layout_of(source, boxes)
    rank = {n: r for r, n in enumerate(order)}
    placed = [(f, w) for f in found if (w := where[f]) is not None and w in rank]
    visits = [(f[0], f[1], rank[w]) for f, w in placed]
    on_line = [w for _f, w in placed]
    moved = _out_of_order(visits)
    # Read row by row only when something is out of order (most pages: nothing).
    row_order = scan_order.layout_of(source, boxes, short_columns=False)[0] if moved else order
    if moved and row_order != order:
        # A line or two at the right beside a column's top is the text running on into
        # a second column (read after the first) or a case number, a heading or a
        # signature set at the right (read with its row): the boxes cannot tell which,
        # so a reading may follow either, and only what is out of both orders counts.
        # (Unless the first column runs down to the page's foot: ``scan_order._ran_on``.)
        by_rows = {n: r for r, n in enumerate(row_order)}
        moved_by_rows = set(_out_of_order([(f[0], f[1], by_rows[w]) for f, w in placed]))
        moved = [i for i in moved if i in moved_by_rows]
    if not moved:
        return []
    # Read across: the transcript goes from a line to the one beside it on the page
    # (the same row, the other column of a band of two columns) again and again.
    path = [n for k, n in enumerate(on_line) if k == 0 or on_line[k - 1] != n]
    steps = list(pairwise(path))
    across = sum(
        a in in_columns and b in in_columns and _beside(boxes[a], boxes[b]) for a, b in steps
    )
    total = sum(visits[i][1] - visits[i][0] for i in moved)
    if total >= MOVED_CHARS and across >= max(ACROSS_STEPS, ACROSS_SHARE * len(steps)):
        start, end = visits[moved[0]][0], visits[moved[-1]][1]
        detail = _("the text reads across two columns of the page instead of down each one")
        return [Move(Diagnosis(DiagnosisKind.READING_ORDER, start, end, detail), None)]
    found_here = []
    for whole in _stretches(visits, moved):
        group = _trimmed(visits, whole)
        chars = sum(visits[i][1] - visits[i][0] for i in group)
        if group and chars >= MOVED_CHARS:
            start, end = _whole_lines(text, visits[group[0]][0], visits[group[-1]][1])
            found_here.append(_move(text, visits, moved, group, (start, end), chars))
            continue
        # Less than a block: still a line moved where the stretches are nearly all of
        # a whole line (a date line, a heading), each such line on its own.
        by_line: dict[tuple[int, int], list[int]] = {}
        for i in whole:
            by_line.setdefault(_whole_lines(text, visits[i][0], visits[i][1]), []).append(i)
        for span, on_line in by_line.items():
            chars = sum(visits[i][1] - visits[i][0] for i in on_line)
            pieces = [text[visits[i][0] : visits[i][1]] for i in on_line]
            # A phrase the page says twice (某地方檢察署檢察官) matches the other line
            # too: only a line of the page no other line of the transcript reads.
            alone = all(readers[placed[i][1]] == {span[0]} for i in on_line)
            if not alone:
                continue
            if _whole_line_moved(text[span[0] : span[1]], pieces):
                found_here.append(_move(text, visits, moved, on_line, span, chars))
            elif _page_line_moved(text[span[0] : span[1]], pieces, lines, on_line, placed):
                # The transcript joined the page's line to one of its own (the date
                # beside a heading): what moved is that part of the line.
                part = (visits[on_line[0]][0], visits[on_line[-1]][1])
                found_here.append(_move(text, visits, moved, on_line, part, chars))
    return found_here


def _move(
    text: str,
    visits: list[Visit],
    moved: list[int],
    group: list[int],
    span: tuple[int, int],
    chars: int,
) -> Move:
    detail = _(
        "{chars} characters are out of the page's order (a paragraph or block moved)"
    ).format(chars=chars)
    diagnosis = Diagnosis(DiagnosisKind.READING_ORDER, span[0], span[1], detail)
    return Move(diagnosis, _belongs(text, visits, moved, group, span))


def _page_places(
    evidence: PageEvidence, lines: list[Line], found: list[Found]
) -> tuple[list[Box | None], dict[Found, int | None]]:
    """The page's lines (boxes) and which of them each stretch is on: the scan's own
    lines when they were detected (either reading may have listed its lines in another
    order, or joined two), else the alternate's."""
    scan = evidence.scan_lines
    if scan is not None and len(scan.boxes) >= 2:
        heights = scan_order.Heights(scan.boxes)
        text = evidence.alternate.text if evidence.alternate is not None else ""
        on = {f: _on_scan(heights, lines[f[2]], f[3], f[4], text) for f in found}
        return list(scan.boxes), on
    return [ln.box for ln in lines], {f: f[2] for f in found}


def _on_scan(
    heights: scan_order.Heights, line: Line, lo: int, hi: int, alternate: str
) -> int | None:
    """The scan's line the alternate's text [lo, hi) of ``line`` lies along."""
    if line.box is None:
        return None
    own = alternate[line.start : line.end]
    return scan_order.stretch_on(heights, line.box, own, lo - line.start, hi - line.start)


def _whole_line_moved(line: str, moved: list[str]) -> bool:
    """Less than MOVED_CHARS moved, but a whole line of text (a date line, a heading):
    the moved stretches hold most of its letters and digits (an engine misreads a few
    between them), and enough of them to be no chance match of a word. A table row is
    the table's detector's: its cells repeat words from row to row."""
    own = len(text_only(line))
    letters = sum(len(text_only(m)) for m in moved)
    return not line.lstrip().startswith("|") and letters >= max(LINE_CHARS, LINE_SHARE * own)


def _page_line_moved(
    line: str,
    moved: list[str],
    lines: list[Line],
    on_line: list[int],
    placed: list[tuple[Found, int]],
) -> bool:
    """Part of a transcript line moved, and that part is a whole line of the page as
    the alternate reads it (one of its lines, its letters nearly all there): the
    transcript joined a line that is elsewhere on the page to a line of its own."""
    read = {placed[i][0][2] for i in on_line}
    if len(read) != 1 or line.lstrip().startswith("|"):
        return False
    own = len(lines[read.pop()].letters)
    letters = sum(len(text_only(m)) for m in moved)
    return letters >= max(LINE_CHARS, LINE_SHARE * own)


def _belongs(
    text: str, visits: list[Visit], moved: list[int], group: list[int], span: tuple[int, int]
) -> int | None:
    """Where in the transcript the page has the moved ``group``: at the start of the
    line holding the text in order that comes just after it on the page (the end of
    the text when it comes last: lines no reading places, a stray mark, may stand
    between). None when that falls inside the moved lines."""
    out_of_order = set(moved)
    kept = [i for i in range(len(visits)) if i not in out_of_order]
    high = max(visits[i][2] for i in group)
    later = [i for i in kept if visits[i][2] > high]
    if later:
        i = min(later, key=lambda k: (visits[k][2], k))
        at = text.rfind("\n", 0, visits[i][0]) + 1
    else:
        at = len(text)
    return None if span[0] <= at <= span[1] else at


def _first_visits(found: list[Found]) -> list[Found]:
    """The transcript's stretches less those on a line it already read before another:
    text read twice is a repetition (its own diagnosis) or a chance match, no order."""
    seen: set[int] = set()
    out: list[Found] = []
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
    return out


def _trimmed(visits: list[Visit], group: list[int]) -> list[int]:
    """A stretch less the short chance matches at either end: no part of what moved."""
    long = [i for i in group if visits[i][1] - visits[i][0] >= PARTS]
    return [i for i in group if long[0] <= i <= long[-1]] if long else []


def _next_start(lines: list[Line], k: int, limit: int) -> int:
    """The start of the first line after alternate offset ``k`` (``limit`` at most)."""
    return min([ln.start for ln in lines if ln.start > k] + [limit])


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
    # (Compared in place, not with max(): the same pick, ties to the one held, without
    # a call at each of the tree's steps, hundreds a page.)
    for i, (s, e, r) in enumerate(visits):
        k, top = where[r], (0, -1)
        while k > 0:  # the best run ending at a rank <= r
            if tree[k] > top:
                top = tree[k]
            k -= k & -k
        best[i], back[i] = top[0] + e - s, top[1]
        k, ending = where[r], (best[i], i)
        while k <= len(ranks):
            if ending > tree[k]:
                tree[k] = ending
            k += k & -k
    keep: set[int] = set()
    i = max(range(n), key=best.__getitem__)
    while i >= 0:
        keep.add(i)
        i = back[i]
    return [i for i in range(n) if i not in keep]
