"""Whole-page failure: text not on the scan, sentences no reading and no ink supports.

A model that invents writes fluent sentences of the document's kind where the page
has none (olmOCR on blank or damaged areas; two sentences between paragraphs). The
alternate reading has nothing for them: a hunk whose transcript side is whole
sentences (``MIN_LETTERS`` letters or more, sentence punctuation inside) and whose
alternate side is empty or a scrap, and whose wording the alternate holds nowhere
else (a block it read in another order is no invention: ``READ_ELSEWHERE``).

But the alternate also drops faint or blurred lines: "the alternate lacks it"
alone is the unread-line signal the risk already counts. So the ink decides:

1. With the scan's lines (``scan_lines``): the lines the alternate left unread are
   the scan's lines none of its line boxes overlaps (without boxes: how many more
   lines the scan has than the alternate read), as the letters they can hold. Each
   candidate, in page order, is an unread line while that room holds at least half
   its letters, and uses the room up; with none left, it is not on the scan. But
   the detector misses ink too: a line under a stamp (the seal's frame and colour
   break its shape) has no box, and the lines around it stand two pitches apart.
   So first, where the lines the alternate read just before and after a candidate
   stand more than a pitch apart (as in 2), the lines of room between them hold at
   most that many of the page's longest lines: a candidate they hold is no
   invention (two sentences more do not fit), and the rest go to the unread room.
2. Without them, from the alternate's line boxes: the lines it read just before
   and just after the candidate. Read at the page's usual line pitch (less than
   ``ROOM`` pitches apart) there is no room between them for a line it missed, so
   the candidate is not on the scan; with room, or no box, nothing is named.
3. Without boxes either, only the strongest case: the alternate reads straight on
   within one line where the transcript has whole sentences. An engine reading a
   line does not skip sentences in its middle.

With no independent alternate nothing is named: the scan's lines alone say the
text is too long, not which sentences are invented (a loop is ``repetition``'s)."""

from __future__ import annotations

import itertools
import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from backend.i18n import _
from backend.models import AltLine, AltText, ScanLines
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.invented_span import named_span
from backend.review.diagnoses.shared import excerpt, has_alternate
from backend.review.values import Hunk

MIN_LETTERS = 10  # two short sentences (本件免訴。…部分無罪。) at least
SCRAP = 0.25  # the alternate's side holds at most this share of the letters
# The share of the candidate's runs of three characters the alternate holds when it
# read the text elsewhere: ~0.6 or more through an engine's 10-15% misreads; invented
# sentences of the page's kind share its words, but seldom a third of their runs.
READ_ELSEWHERE = 0.5
SNAP = 4  # letters of a line that may lie beside a gap the alignment put in it
GARBLED = 0.3  # share of a line's characters the transcript shares, below: misread
FULL_LINE = 0.9  # the share of lines shorter than a full one (a paragraph's last is short)
ROOM = 1.6  # line pitches between two read lines that leave room for a missed one
# A seal covers up to four lines; a wider gap nobody read or boxed is blank paper, where
# text is what a VLM invents (issue 22: olmOCR on blank areas), not ink a seal hides.
SEAL_PITCHES = 5.5
_SENTENCE_END = frozenset("。！？；!?;")

Box = tuple[float, float, float, float]


def find(evidence: PageEvidence) -> list[Diagnosis]:
    if not has_alternate(evidence) or evidence.alternate is None:
        return []
    alternate = evidence.alternate
    candidates = _candidates(evidence.hunks, alternate.text)
    if not candidates:
        return []
    if evidence.scan_lines is not None:
        # A gap at the candidate's own place explains it before the page's unread
        # lines do: those stay for the candidates with no gap where they stand.
        boxed = [ln for ln in alternate.lines if ln.box and ln.text.strip()]
        longest = max((_ems(ln.text) for ln in boxed), default=0.0)
        unplaced = [
            h for h in candidates if not _fits(h, _hidden_lines(h, boxed, alternate.text), longest)
        ]
        invented = _without_ink(unplaced, alternate, evidence.scan_lines, evidence.equal_blocks)
    elif any(line.box for line in alternate.lines):
        invented = [h for h in candidates if _no_room(h, alternate.lines, alternate.text)]
    else:
        invented = [h for h in candidates if _mid_line(h, alternate.text)]
    detail = _(
        "{chars} characters (“{start}”) that no reading and no line of the scan "
        "supports: the model may have invented them"
    )
    # The span named leaves out a neighbouring line the alignment joined to the hunk.
    spans, text = [named_span(h) for h in invented], evidence.transcript
    return [
        Diagnosis(
            DiagnosisKind.NOT_ON_SCAN,
            s,
            e,
            detail.format(chars=_letters(text[s:e]), start=excerpt(text[s:e])),
        )
        for s, e in spans
    ]


def _letters(text: str) -> int:
    return sum(map(str.isalnum, text))


def _ems(text: str) -> float:
    """How wide ``text``'s letters are, in full-width glyphs: a half-width digit or
    Latin letter takes half one, so a line of dates (民國104年9月21日) holds more letters
    than a line of Han characters as wide."""
    return sum(0.5 if c.isascii() else 1.0 for c in text if c.isalnum())


def _candidates(hunks: Sequence[Hunk], alternate: str) -> list[Hunk]:
    # The alternate's runs of three, built when a hunk first needs them: most pages
    # have no hunk of whole sentences, and building them was this detector's cost.
    runs: set[str] | None = None
    found = []
    for h in hunks:
        ours = _letters(h.text)
        if ours < MIN_LETTERS or _letters(h.alt_text) > SCRAP * ours:
            continue
        if not any(c in _SENTENCE_END for c in h.text):
            continue  # a phrase or a line's end, not whole sentences
        own = [h.text[i : i + 3] for i in range(len(h.text) - 2) if h.text[i : i + 3].strip()]
        if own:
            if runs is None:
                runs = {alternate[i : i + 3] for i in range(len(alternate) - 2)}
            if sum(p in runs for p in own) >= READ_ELSEWHERE * len(own):
                continue  # the alternate read it, elsewhere in its order
        found.append(h)
    return found


def _without_ink(
    candidates: list[Hunk],
    alternate: AltText,
    scan: ScanLines,
    equal_blocks: Sequence[tuple[int, int, int]],
) -> list[Hunk]:
    """The candidates the scan's unread lines have no room for, in page order: each
    takes the letters it has from that room while at least half of them fit."""
    room = _unread_room(alternate, scan, equal_blocks)
    invented = []
    for h in candidates:
        letters = _letters(h.text)
        if room >= letters / 2:
            room -= letters  # an unread line: the risk counts it already
        else:
            invented.append(h)
    return invented


def _unread_room(
    alternate: AltText, scan: ScanLines, equal_blocks: Sequence[tuple[int, int, int]]
) -> float:
    """How many letters the scan's lines the alternate did not read can hold: the
    width of the scan's lines no line it read covers, at its letters per width, or
    without its boxes, the lines it lacks at the letters of a full line it read. A line it garbled
    (``GARBLED``: little of it shared with the transcript, as Latin letters for a
    faint Han line) did not read its ink either."""
    read = [ln for ln in alternate.lines if ln.text.strip() and ln.box]
    if read:
        runs = _AltRuns(equal_blocks)
        boxes = [ln.box for ln in read if ln.box and not _garbled(ln, runs)]
        # The width of each scan line no line read across: a line read in part
        # (Tesseract often drops a line's first words) leaves the rest unread.
        level = _Level(boxes)
        unread = sum(
            max(0.0, (s[2] - s[0]) - sum(_across(s, b) for b in level.near(s) if _same_line(s, b)))
            for s in scan.boxes
        )
        density = statistics.median(
            _letters(ln.text) / (ln.box[2] - ln.box[0])
            for ln in read
            if ln.box and ln.box[2] > ln.box[0]
        )
        return unread * density
    lines = sorted(_letters(ln) for ln in alternate.text.split("\n") if ln.strip())
    if not lines:
        return float("inf")  # the alternate read nothing: no telling
    full = lines[min(len(lines) - 1, int(FULL_LINE * len(lines)))]
    return max(0, len(scan.boxes) - len(lines)) * full


class _Level:
    """The read lines' boxes by height, to find those that may be on a scan line's
    without trying every pair (a page's scan lines against its read lines was most of
    this detector's cost). ``near`` gives them in their own order: the widths are
    summed as before, to the last bit."""

    # Below this, a box's top is not taken for the line's (a rounding's slack only:
    # ``_same_line`` itself decides).
    SLACK = 1e-6

    def __init__(self, boxes: list[Box]) -> None:
        self.boxes = boxes
        # A box upside down (or not a number) has no height to search by: all are tried.
        self.sound = all(b[3] >= b[1] for b in boxes)
        self.by_top = sorted(range(len(boxes)), key=lambda k: boxes[k][1])
        self.tops = [boxes[k][1] for k in self.by_top]
        self.tallest = max((b[3] - b[1] for b in boxes), default=0.0)

    def near(self, s: Box) -> list[Box]:
        """The boxes that may share a line with ``s``: ``_same_line`` needs them to
        overlap it in height by half the lower one's, so one starts at most the
        tallest box's height above ``s`` and no lower than its bottom."""
        if not (self.sound and s[3] >= s[1]):
            return self.boxes
        lo = bisect_left(self.tops, s[1] - self.tallest - self.SLACK)
        hi = bisect_right(self.tops, s[3])
        return [self.boxes[k] for k in sorted(self.by_top[lo:hi])]


class _AltRuns:
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


def _garbled(line: AltLine, runs: _AltRuns) -> bool:
    """Little of the line's letters is shared with the transcript. Its letters, not its
    characters: the alignment leaves a table row's pipes and spaces out of its shared
    runs, so a row read with two cells misread counted as garbled, its ink as unread."""
    letters = _letters(line.text)
    if not letters:
        return False  # a rule line (a table's |---|): no letters to misread
    return runs.shared(line.start, line.end) < GARBLED * letters


def _across(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0]))


def _same_line(a: Box, b: Box) -> bool:
    """Two boxes of one line: they overlap across, and by half the lower one's height."""
    x = min(a[2], b[2]) - max(a[0], b[0])
    y = min(a[3], b[3]) - max(a[1], b[1])
    return x > 0 and y >= 0.5 * min(a[3] - a[1], b[3] - b[1])


def _no_room(h: Hunk, lines: Sequence[AltLine], alternate: str) -> bool:
    boxed = [ln for ln in lines if ln.box and ln.text.strip()]
    if len(boxed) < 3:
        return False
    points = _points(h, alternate)
    if not points:
        return True  # the alternate reads one line straight through where the text is
    pitch = _line_pitch(boxed)
    return all(_tight(boxed, p, pitch) for p in points)


def _points(h: Hunk, alternate: str) -> list[int]:
    """Where on the alternate's lines a line it missed may lie: where its side of the
    hunk ends lines, and the hunk's place (none when it reads one line straight on)."""
    at, inside = _point(h, alternate)
    if inside:
        return []
    breaks = [
        h.alt_start + i for i, c in enumerate(alternate[h.alt_start : h.alt_end]) if c == "\n"
    ]
    return [*breaks, at]


def _line_pitch(boxed: Sequence[AltLine]) -> float:
    return max(_pitch(boxed), statistics.median(b[3] - b[1] for b in _boxes(boxed)))


def _hidden_lines(h: Hunk, boxed: Sequence[AltLine], alternate: str) -> float:
    """How many lines the scan may hold at the candidate's place that no detector
    boxed: the pitches between the lines the alternate read just before and after
    each of its points, less one (another column: unknown, any number), where that
    gap is a seal's height at most. At the page's edge none: the scan's lines count
    the ink beyond (``_unread_room``)."""
    if len(boxed) < 3:
        return 0.0
    pitch = _line_pitch(boxed)
    pairs = {pair for p in _points(h, alternate) if (pair := _neighbours(boxed, p))}
    room = 0.0
    for upper, lower in pairs:
        if lower[0] >= upper[2] or lower[1] < upper[1]:
            return float("inf")  # another column or a line above: no telling
        pitches = (lower[1] - upper[1]) / pitch if pitch > 0 else 0.0
        room += max(0, round(pitches) - 1) if ROOM <= pitches <= SEAL_PITCHES else 0
    return room


def _fits(h: Hunk, lines: float, longest: float) -> bool:
    """The candidate's letters the alternate's side does not hold fit in ``lines``
    lines of the page's longest, give or take the letters of a read line the
    alignment put beside them (``SNAP``); all as wide as they are (``_ems``)."""
    unread = _ems(h.text) - _ems(h.alt_text)
    return lines > 0 and unread <= lines * longest + SNAP


def _boxes(lines: Sequence[AltLine]) -> list[Box]:
    return [ln.box for ln in lines if ln.box]


def _tight(boxed: Sequence[AltLine], at: int, pitch: float) -> bool:
    """The lines the alternate read just before and after ``at`` follow each other
    at the page's pitch: no line between them went unread."""
    pair = _neighbours(boxed, at)
    if pair is None:
        return False  # at the page's edge: ink beyond the last line read is unknown
    upper, lower = pair
    if lower[0] >= upper[2] or lower[1] < upper[1]:
        return False  # another column or a line above: the order is not the page's
    return lower[1] - upper[1] < ROOM * pitch


def _neighbours(boxed: Sequence[AltLine], at: int) -> tuple[Box, Box] | None:
    """The boxes of the lines the alternate read just before and after ``at``."""
    before = [ln for ln in boxed if ln.start < at]
    after = [ln for ln in boxed if ln.start >= at]
    if not before or not after:
        return None
    upper = max(before, key=lambda ln: ln.start).box
    lower = min(after, key=lambda ln: ln.start).box
    assert upper is not None and lower is not None
    return upper, lower


def _point(h: Hunk, alternate: str) -> tuple[int, bool]:
    """Where in the alternate the transcript's extra text stands, and whether that is
    inside one of its lines. Within ``SNAP`` letters of a line's start (end) it is
    that line's start (end): lines that open alike (an indent and 第) let the
    alignment put the lines the alternate lacks a little inside the next one."""
    a, b = h.alt_start, h.alt_end
    line_start = alternate.rfind("\n", 0, a) + 1
    line_end = alternate.find("\n", b)
    line_end = len(alternate) if line_end < 0 else line_end
    before, after = _letters(alternate[line_start:a]), _letters(alternate[b:line_end])
    # Where the transcript breaks a line inside the hunk and the alternate's side is on
    # one line, the transcript's letters after the break open that line: lines that
    # open alike (第七百八十五條… and 第二百六十二條…) align more than SNAP letters into
    # it, and a misread opening (九人 for 九份) is the alternate's side, not a line's end.
    parts = h.text.split("\n")
    opening = _letters(parts[-1]) if len(parts) > 1 and "\n" not in alternate[a:b] else 0
    if min(before, after) <= SNAP:  # the nearer end of the line
        if before == after and opening:
            theirs = _letters(alternate[a:b])
            if abs(theirs - opening) < abs(theirs - _letters(parts[0])):
                return line_start, False
        return (line_start, False) if before < after else (line_end, False)
    if before <= opening:
        return line_start, False
    return a, "\n" not in alternate[a:b]


def _pitch(boxed: Sequence[AltLine]) -> float:
    """The page's usual distance between the tops of two lines read one after another."""
    tops = [b[1] for b in _boxes(boxed)]
    steps = sorted(b - a for a, b in itertools.pairwise(tops) if b > a)
    return steps[len(steps) // 2] if steps else 0.0


def _mid_line(h: Hunk, alternate: str) -> bool:
    """The alternate reads on within one line where the hunk stands (more than
    ``SNAP`` letters on both sides)."""
    return _point(h, alternate)[1]
