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
   invention (two sentences more do not fit); what they do not hold of a candidate,
   and the candidates with no gap, go to the unread room.
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
from collections.abc import Sequence

from backend.i18n import _
from backend.models import AltLine, AltText, ScanLines
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.invented_span import named_span
from backend.review.diagnoses.not_on_scan_room import AltRuns, garbled_lines, unread_room
from backend.review.diagnoses.shared import excerpt, has_alternate
from backend.review.values import Hunk

MIN_LETTERS = 10  # two short sentences (本件免訴。…部分無罪。) at least
SCRAP = 0.25  # the alternate's side holds at most this share of the letters
# The share of the candidate's runs of three characters the alternate holds when it
# read the text elsewhere: ~0.6 or more through an engine's 10-15% misreads; invented
# sentences of the page's kind share its words, but seldom a third of their runs.
READ_ELSEWHERE = 0.5
SNAP = 4  # letters of a line that may lie beside a gap the alignment put in it
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
        # The shared runs by place, once for the page: the garbled lines and the
        # unread room both judge its read lines by them.
        runs = AltRuns(evidence.equal_blocks)
        garbled = garbled_lines(alternate, runs)
        beyond = [
            (h, _beyond(h, _hidden_lines(h, boxed, alternate.text), longest, garbled))
            for h in candidates
        ]
        unplaced = [(h, n) for h, n in beyond if n > 0]
        invented = _without_ink(unplaced, alternate, evidence.scan_lines, runs)
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
        text = _unread_part(h)
        if text is None:
            continue
        if not any(c in _SENTENCE_END for c in text):
            continue  # a phrase or a line's end, not whole sentences
        own = [text[i : i + 3] for i in range(len(text) - 2) if text[i : i + 3].strip()]
        if own:
            if runs is None:
                runs = {alternate[i : i + 3] for i in range(len(alternate) - 2)}
            if sum(p in runs for p in own) >= READ_ELSEWHERE * len(own):
                continue  # the alternate read it, elsewhere in its order
        found.append(h)
    return found


def _unread_part(h: Hunk) -> str | None:
    """The hunk's text the alternate's side has nothing for, when that is
    ``MIN_LETTERS`` letters or more and the side a scrap (``SCRAP``) beside it; else
    None. The alignment can join a neighbouring line the alternate read, misread, to
    the sentences it has nothing for (the next line's 被告於偵查及本院審理… read
    被告於申士及人院審理…): that side is then no scrap, though it is that line's
    reading. So the span ``named_span`` leaves (the hunk less its pieces the side
    reads) is judged, with the side's letters less those of the pieces left out."""
    ours = _letters(h.text)
    if ours < MIN_LETTERS:
        return None
    theirs = _letters(h.alt_text)
    if theirs <= SCRAP * ours:
        return h.text
    start, end = named_span(h)
    part = h.text[start - h.start : end - h.start]
    mine = _letters(part)
    if mine < MIN_LETTERS or theirs - (ours - mine) > SCRAP * mine:
        return None
    return part


def _without_ink(
    candidates: list[tuple[Hunk, float]],
    alternate: AltText,
    scan: ScanLines,
    runs: AltRuns,
) -> list[Hunk]:
    """The candidates the scan's unread lines have no room for, in page order: each
    takes the letters it has beyond its own place's gap (``_beyond``) from that room
    while at least half of them fit."""
    room = unread_room(alternate, scan, runs)
    invented = []
    for h, letters in candidates:
        if room >= letters / 2:
            room -= letters  # an unread line: the risk counts it already
        else:
            invented.append(h)
    return invented


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
    the ink beyond (``unread_room``)."""
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


def _beyond(h: Hunk, lines: float, longest: float, garbled: Sequence[AltLine] = ()) -> float:
    """The candidate's letters that ``lines`` lines of the page's longest at its place
    leave for the page's unread lines (``_without_ink``); 0 when it fits there.

    Its letters the alternate's side does not hold fit in them give or take the
    letters of a read line the alignment put beside them (``SNAP``), all as wide as
    they are (``_ems``). The alignment can join two gaps into one hunk across a short
    line it read (a stamped line, 件不實者。, then a line it dropped though the
    detector boxed it): the gap holds the stamped line, the unread box the other, so
    what the gap leaves goes to the unread lines rather than all of it. With no gap,
    all its letters go. The side's part on lines the alternate ``garbled`` is not
    taken off: the unread room counts their ink already (a neighbour line read with
    half its letters wrong, joined to the hunk, was counted twice, and two invented
    sentences then fitted its ink)."""
    if lines <= 0:
        return float(_letters(h.text))
    a, b = h.alt_start, h.alt_end
    garbled_part = sum(
        _ems(h.alt_text[max(a, ln.start) - a : min(b, ln.end) - a])
        for ln in garbled
        if ln.start < b and ln.end > a
    )
    unread = _ems(h.text) - (_ems(h.alt_text) - garbled_part)
    over = unread - lines * longest - SNAP
    if over <= 0:
        return 0.0
    # Back from widths to letters, at the candidate's own mix of full and half widths.
    return over * _letters(h.text) / max(_ems(h.text), 1.0)


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
