"""The room on the scan for lines an alternate did not read (``not_on_scan``'s ink).

The scan's detected lines no line the alternate read across, as the letters they can
hold; without the alternate's boxes, the lines it lacks at a full line's letters. A
line it garbled (Latin letters for a faint Han line) left its ink unread too."""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from backend.models import AltLine, AltText, ScanLines

GARBLED = 0.3  # share of a line's characters the transcript shares, below: misread
FULL_LINE = 0.9  # the share of lines shorter than a full one (a paragraph's last is short)

Box = tuple[float, float, float, float]


def letters(text: str) -> int:
    return sum(map(str.isalnum, text))


def unread_room(alternate: AltText, scan: ScanLines, runs: AltRuns) -> float:
    """How many letters the scan's lines the alternate did not read can hold: the
    width of the scan's lines no line it read covers, at its letters per width, or
    without its boxes, the lines it lacks at the letters of a full line it read. A line it garbled
    (``GARBLED``: little of it shared with the transcript, as Latin letters for a
    faint Han line) did not read its ink either. ``runs``: the page's shared runs
    (``AltRuns``), built once for this and ``garbled_lines``."""
    read = [ln for ln in alternate.lines if ln.text.strip() and ln.box]
    if read:
        boxes = [ln.box for ln in read if ln.box and not _garbled(ln, runs)]
        # The width of each scan line no line read across: a line read in part
        # (Tesseract often drops a line's first words) leaves the rest unread.
        level = Level(boxes)
        unread = sum(
            max(0.0, (s[2] - s[0]) - sum(_across(s, b) for b in level.near(s) if same_line(s, b)))
            for s in scan.boxes
        )
        density = statistics.median(
            letters(ln.text) / (ln.box[2] - ln.box[0])
            for ln in read
            if ln.box and ln.box[2] > ln.box[0]
        )
        return unread * density
    lines = sorted(letters(ln) for ln in alternate.text.split("\n") if ln.strip())
    if not lines:
        return float("inf")  # the alternate read nothing: no telling
    full = lines[min(len(lines) - 1, int(FULL_LINE * len(lines)))]
    return max(0, len(scan.boxes) - len(lines)) * full


def garbled_lines(alternate: AltText, runs: AltRuns) -> list[AltLine]:
    """The boxed lines the alternate garbled (``GARBLED``): ``unread_room`` counts their
    ink as unread, so a candidate must not count their letters as read too."""
    return [ln for ln in alternate.lines if ln.text.strip() and ln.box and _garbled(ln, runs)]


class Level:
    """The read lines' boxes by height, to find those that may be on a scan line's
    without trying every pair (a page's scan lines against its read lines was most of
    this detector's cost). ``near`` gives them in their own order: the widths are
    summed as before, to the last bit."""

    # Below this, a box's top is not taken for the line's (a rounding's slack only:
    # ``same_line`` itself decides).
    SLACK = 1e-6

    def __init__(self, boxes: list[Box]) -> None:
        self.boxes = boxes
        # A box upside down (or not a number) has no height to search by: all are tried.
        self.sound = all(b[3] >= b[1] for b in boxes)
        self.by_top = sorted(range(len(boxes)), key=lambda k: boxes[k][1])
        self.tops = [boxes[k][1] for k in self.by_top]
        self.tallest = max((b[3] - b[1] for b in boxes), default=0.0)

    def near(self, s: Box) -> list[Box]:
        """The boxes that may share a line with ``s``: ``same_line`` needs them to
        overlap it in height by half the lower one's, so one starts at most the
        tallest box's height above ``s`` and no lower than its bottom."""
        if not (self.sound and s[3] >= s[1]):
            return self.boxes
        lo = bisect_left(self.tops, s[1] - self.tallest - self.SLACK)
        hi = bisect_right(self.tops, s[3])
        return [self.boxes[k] for k in sorted(self.by_top[lo:hi])]


class AltRuns:
    """The shared runs by where they stand in the alternate, to sum those over one of
    its lines without walking every run for every line."""

    def __init__(self, equal_blocks: Sequence[tuple[int, int, int]]) -> None:
        self.runs = sorted((a, n) for _t, a, n in equal_blocks if n > 0)
        self.starts = [a for a, _n in self.runs]
        self.longest = max((n for _a, n in self.runs), default=0)

    def shared(self, start: int, end: int) -> int:
        """How many of the alternate's characters [start, end) the runs hold (a run
        overlapping it starts after ``start - longest`` and before ``end``)."""
        lo = bisect_right(self.starts, start - self.longest)
        hi = bisect_left(self.starts, end)
        return sum(max(0, min(end, a + n) - max(start, a)) for a, n in self.runs[lo:hi])


def _garbled(line: AltLine, runs: AltRuns) -> bool:
    """Little of the line's letters is shared with the transcript. Its letters, not its
    characters: the alignment leaves a table row's pipes and spaces out of its shared
    runs, so a row read with two cells misread counted as garbled, its ink as unread."""
    count = letters(line.text)
    if not count:
        return False  # a rule line (a table's |---|): no letters to misread
    return runs.shared(line.start, line.end) < GARBLED * count


def _across(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0]))


def same_line(a: Box, b: Box) -> bool:
    """Two boxes of one line: they overlap across, and by half the lower one's height."""
    x = min(a[2], b[2]) - max(a[0], b[0])
    y = min(a[3], b[3]) - max(a[1], b[1])
    return x > 0 and y >= 0.5 * min(a[3] - a[1], b[3] - b[1])
