"""Lines of the page the transcript lacks: at its end (cut short) or inside it (a block).

With an alternate reading: its lines the transcript has nowhere (``alt_lines.absent``),
taken in the page's reading order (the boxes', else the engine's). The absent
lines after the last line the transcript has are the page's tail: the transcript
stopped early. Other runs of absent lines are blocks dropped from the middle,
found wherever the alternate listed them.

With only the scan's detected lines: how many characters the ink holds, from the
line boxes (CJK glyphs are about square, so a line holds about as many characters
as it is wide for its height), against the transcript's. No reading says where the
text went missing; a transcript that stops mid-sentence was cut short, one that
ends a sentence lost a block.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median

import fast_diff_match_patch

from backend.models import ScanLines
from backend.review.diagnoses.alt_lines import (
    PRESENT_SHARE,
    Line,
    alt_layout,
    alt_lines,
    line_at,
    page_order,
    presence,
    side_by_side,
    text_only,
    to_transcript,
)
from backend.review.diagnoses.base import PageEvidence
from backend.review.diagnoses.line_share import grams_of
from backend.review.diagnoses.row_gap import row_gap

# A run of absent lines is a block when it is this big; fewer (a line, a cell) is
# an omission the diff flags on its own.
BLOCK_LINES, BLOCK_LINE_CHARS = 3, 12
BLOCK_CHARS = 30  # ... or two lines this long (one line alone: heavily misread, or the diff's)
# The page's tail is as big as a block must be: lines lost at the end are as many
# as lines lost in the middle (a short table and its date cut off are ~8% of a page).
BRIDGE_SHARE, BRIDGE_CHARS = 0.9, 15  # see _against_alternate (a table row is less)
# An alternate sharing less than this share of its text with the transcript is
# not a reading of the same page (a cut-short page still shares ~40%).
RELATED = 0.2
# A run is read in its place when the transcript holds between its neighbours from
# half to twice its letters (a misreading changes letters, not how many there are).
IN_PLACE = 0.5
# ... and keeps this share of the run's letters in order and in place: a misreading
# substitutes a letter where it stands, so what it keeps sits at one offset (give or
# take PLACE letters), while what other text keeps by chance in order (之, 者, 第…條)
# sits anywhere. Measured through the review on 4,500 draws of generated pages
# (2,047 runs between neighbours the transcript has):
# lines misread 40-55% (then 5% more) keep 0.26-0.68 in place (0.34 at the 1st
# percentile); another page's text, or the lines before not caught as repeated,
# 0-0.22 (0.13 at the 99th). Kept in order anywhere, the two met (0.26 against 0.26:
# 4 runs misread fell under the former 0.3, as explore's seed 730 did).
RESEMBLES = 0.25
PLACE = 3
REPEATED = 0.8  # the text before it, again: most of its letters in order
END_RUN = 4  # a shared run this long places the transcript's end in the alternate
TAIL_ABSENT = 0.7  # share of the text after the transcript's end it must lack

# Without a reading: the ink's characters estimated from line boxes. A4 is 1.414
# times as tall as wide; a detector's box is taller than its glyphs (measured on
# RapidOCR's boxes of generated pages: ~1.4 characters per box-height of width).
PAGE_ASPECT = 1.414
CHARS_PER_HEIGHT = 1.4
# The estimate is within ±30% on a page; the transcript must fall well short of it.
SCAN_SHORT = 0.6
SENTENCE_ENDS = frozenset("。！？!?」』）)：:；;")


@dataclass(frozen=True)
class Lost:
    """A stretch of the page the transcript lacks."""

    at: int  # transcript offset where it would go
    lines: int  # lines of the alternate (0: estimated from the scan)
    chars: int  # its letters (or the estimated shortfall)
    text: str  # what the alternate reads there ("" from the scan)


@dataclass(frozen=True)
class LostLines:
    tail: Lost | None  # the end of the page
    blocks: tuple[Lost, ...]  # blocks in the middle


NONE = LostLines(None, ())


# The last pages asked about, by identity: cut_short and missing_block ask about the
# same page (``diagnose`` hands every detector one PageEvidence). Not an lru_cache:
# hashing a page's evidence (its hunks, the alternate's lines) cost more than a lookup.
_RECENT: list[tuple[PageEvidence, LostLines]] = []
_KEEP = 4


def lost_lines(evidence: PageEvidence) -> LostLines:
    for seen, found in list(_RECENT):
        if seen is evidence:
            return found
    found = _lost_lines(evidence)
    _RECENT.insert(0, (evidence, found))
    del _RECENT[_KEEP:]
    return found


def _lost_lines(evidence: PageEvidence) -> LostLines:
    alt = evidence.alternate
    if alt is not None and not evidence.same_reading:
        return _against_alternate(evidence)
    if evidence.scan_lines is not None and evidence.scan_lines.boxes:
        return _against_scan(evidence.transcript, evidence.scan_lines)
    return NONE


def _against_alternate(evidence: PageEvidence) -> LostLines:
    assert evidence.alternate is not None
    text = evidence.alternate.text
    lines = alt_lines(evidence.alternate, evidence.tables.simplified_only())
    shares = presence(lines, text, evidence.transcript, evidence.equal_blocks)
    missing = [share < PRESENT_SHARE for share in shares]
    order = [ln.index for ln in lines]
    if any(ln.box is not None for ln in lines):  # the page's order; boxless lines last
        order = alt_layout(evidence.alternate)[0] + [ln.index for ln in lines if ln.box is None]
    real = [n for n in order if not lines[n].noise]
    shared = sum(n for _t, _a, n in evidence.equal_blocks)
    if not real or shared < RELATED * sum(lines[n].text_chars for n in real):
        return NONE  # another page, or garbage: it says nothing of what this one lacks
    # A line between two absent ones that shares only some pairs with the transcript
    # shares a formula (被上訴人給付新臺幣…) with another line, not its own text. A short
    # one (a table row, 「…應予駁回。」) loses as many pairs to a misreading: it is absent
    # only where the transcript has no room for it between the lines around the three.
    # The alignment matching half of it is no reading either: across a dropped block a
    # diff pairs what it can, the formula's words with the next line's.
    # A line the transcript kept, read by an engine misreading 5-15% of it, shares as
    # little as half its pairs (its letters are the alternate's, and a misread letter
    # breaks two pairs): under BRIDGE_SHARE a long one is absent when the transcript has
    # no room for it either, or it shares less than a present line (PRESENT_SHARE) and
    # the room does not hold that share of its letters in place (a line half read there
    # is half lost: 債務人無資力清償者 lost from the line, 0.47 of it in place).
    for p in range(1, len(real) - 1):
        a, n, b = real[p - 1], real[p], real[p + 1]
        if not (missing[a] and missing[b] and not missing[n]):
            continue
        have = grams_of(text_only(evidence.transcript))
        share = have.share_in_parts(lines[n].letters, lines[n].parts)
        if share >= BRIDGE_SHARE:
            continue
        room = _room(evidence, lines, real, missing, p)
        if room is not None and len(room) < IN_PLACE * lines[n].text_chars:
            missing[n] = True  # no room for it: it went with the lines around it
        elif lines[n].text_chars >= BRIDGE_CHARS and share < PRESENT_SHARE:
            kept = 0 if room is None else _kept_in_place(lines[n].letters, room)
            missing[n] = kept < PRESENT_SHARE * len(lines[n].letters)
    # The tail: the lines after the one the transcript's last shared run is on. A
    # short formulaic line there (a date) may share pairs with text above by chance,
    # so the tail is judged by the share of its text that is absent.
    k = _end_line(evidence, lines, real)
    after = [lines[n] for n in real[k:]]
    tail_lines = [ln for ln in after if missing[ln.index]]
    tail_chars = sum(ln.text_chars for ln in tail_lines)
    tail = None
    if _is_block(tail_lines) and tail_chars >= TAIL_ABSENT * sum(ln.text_chars for ln in after):
        at = len(evidence.transcript.rstrip())
        tail = Lost(at, len(tail_lines), tail_chars, _text(text, tail_lines))
    else:
        k = len(real)
    blocks = []
    run: list[Line] = []
    before: Line | None = None  # the line before the run, in the page's order
    for n in [*real[:k], -1]:
        if n >= 0 and missing[n]:
            run.append(lines[n])
            continue
        following = lines[n] if n >= 0 else None
        if _is_block(run) and not _read_in_place(evidence, before, following, run):
            # After the line the page has before it, wherever the alternate listed it.
            at = to_transcript(evidence.equal_blocks, before.end) if before else 0
            at = _line_end(evidence.transcript, at)
            lost = Lost(at, len(run), sum(ln.text_chars for ln in run), _text(text, run))
            end = len(evidence.transcript.rstrip())
            if tail is None and following is None and at >= end:
                # Nothing of the page after it, nothing of the transcript: the page's
                # tail (the transcript's last line, a formula a line further down
                # shares, put its end there; the tail above was judged from there).
                tail = Lost(end, lost.lines, lost.chars, lost.text)
            else:
                blocks.append(lost)
        run = []
        before = lines[n] if n >= 0 else None
    return LostLines(tail, tuple(blocks))


def _room(
    evidence: PageEvidence, lines: list[Line], real: list[int], missing: list[bool], p: int
) -> str | None:
    """The letters the transcript holds between the lines it has around ``real[p]`` and
    its absent neighbours (None: at the page's edge, where nothing tells). Less than
    half of ``real[p]``'s letters: it lacks the line with them (its pairs are another
    line's)."""
    i, j = p - 1, p + 1
    while i >= 0 and missing[real[i]]:
        i -= 1
    while j < len(real) and missing[real[j]]:
        j += 1
    if i < 0 or j == len(real):
        return None
    start = to_transcript(evidence.equal_blocks, lines[real[i]].end)
    end = _transcript_start(evidence.equal_blocks, lines[real[j]].start)
    if end is None:
        return None
    return text_only(evidence.transcript[start:end]) if end > start else ""


def _read_in_place(
    evidence: PageEvidence, before: Line | None, after: Line | None, run: list[Line]
) -> bool:
    """The transcript holds about as much text as the run between the lines the page
    has around it: the run was read in its place and misread past recognising (an
    alternate that garbled a table's short rows), not lost; the diff flags it. A block
    really dropped leaves its neighbours side by side in the transcript."""
    if before is None or after is None:
        return False
    start = to_transcript(evidence.equal_blocks, before.end)
    end = _transcript_start(evidence.equal_blocks, after.start)
    if end is None or end <= start:
        return False
    between = text_only(evidence.transcript[start:end])
    chars = sum(ln.text_chars for ln in run)
    if not IN_PLACE * chars <= len(between) <= chars / IN_PLACE:
        return False
    # Not the text before it again (a model in a loop writes what it just wrote, and a
    # page's formulas make that resemble any of its lines) ...
    before_it = text_only(evidence.transcript[:start])[-len(between) :]
    if _kept(between, before_it) >= REPEATED * len(between):
        return False
    # ... but that text, misread: some of its letters in the same order. Other text
    # there (a sentence not on the page) shares little, whatever its length.
    assert evidence.alternate is not None
    theirs = "".join(text_only(evidence.alternate.text[ln.start : ln.end]) for ln in run)
    return _kept_in_place(theirs, between) >= RESEMBLES * len(theirs)


def _kept(a: str, b: str) -> int:
    """How many of ``a``'s characters ``b`` has in the same order (a character-level
    diff with no clean-up: a misreading substitutes in place)."""
    ops = fast_diff_match_patch.diff(a, b, counts_only=True, cleanup="No")
    return sum(n for op, n in ops if op == "=")


def _kept_in_place(a: str, b: str) -> int:
    """How many of ``a``'s characters ``b`` has in the same order and at one offset:
    ``PLACE`` letters either way of the median offset of all it keeps (the neighbours'
    bounds may take in a few letters of the line before, which shifts all of them; a
    misreading that drops or adds a letter shifts the rest by one)."""
    ops = fast_diff_match_patch.diff(a, b, counts_only=True, cleanup="No")
    offsets: list[int] = []
    i = j = 0
    for op, n in ops:
        if op == "=":
            offsets += [j - i] * n
            i, j = i + n, j + n
        elif op == "-":
            i += n
        else:
            j += n
    if not offsets:
        return 0
    middle = median(offsets)
    return sum(1 for d in offsets if abs(d - middle) <= PLACE)


def _transcript_start(
    equal_blocks: tuple[tuple[int, int, int], ...], alt_offset: int
) -> int | None:
    """Where the alternate's text from ``alt_offset`` on starts in the transcript: before
    the first shared run at or after it (None: none is)."""
    runs = [(a, t) for t, a, _n in equal_blocks if a >= alt_offset]
    if not runs:
        return None
    a, t = min(runs)
    return max(0, t - (a - alt_offset))


def _end_line(evidence: PageEvidence, lines: list[Line], real: list[int]) -> int:
    """Where in ``real`` (the page's lines in order) the line after the transcript's
    last shared run is (``len(real)``: no run)."""
    runs = [(t, a) for t, a, n in evidence.equal_blocks if n >= END_RUN]
    if not runs:
        return len(real)
    last = line_at(lines, max(runs)[1])
    if last is None or last not in real:
        return len(real)
    return real.index(last) + 1


def _line_end(text: str, at: int) -> int:
    """The end of the line ``at`` is on (lines are what is missing), or ``at`` at a
    line's start."""
    if at == 0 or text[at - 1] == "\n":
        return at
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _is_block(run: list[Line]) -> bool:
    chars = sum(ln.text_chars for ln in run)
    if len(run) >= BLOCK_LINES:
        return chars >= BLOCK_LINE_CHARS
    return len(run) >= 2 and chars >= BLOCK_CHARS


def _text(text: str, lines: list[Line]) -> str:
    return "\n".join(text[ln.start : ln.end] for ln in lines)


def ink_chars(scan: ScanLines) -> int:
    """About how many characters the scan's lines hold."""
    return round(sum(_chars(b) for b in scan.boxes))


def _chars(box: tuple[float, float, float, float]) -> float:
    x0, y0, x1, y1 = box
    return max(1.0, (x1 - x0) / (y1 - y0) / PAGE_ASPECT * CHARS_PER_HEIGHT) if y1 > y0 else 0.0


def _against_scan(transcript: str, scan: ScanLines) -> LostLines:
    """The transcript's lines against the scan's rows, when its line breaks follow the
    page's (the lengths agree line by line from the top and from the bottom): the
    rows neither end matches are what it lacks. Else (a transcript that joined the
    page's lines into paragraphs) only the count of characters tells."""
    ours = [len(text_only(t)) for t in transcript.split("\n")]
    ends = _line_ends(transcript)
    ours, ends = [c for c in ours if c], [e for c, e in zip(ours, ends, strict=True) if c]
    aligned = row_gap(ours, scan_rows(scan))
    if aligned is not None:
        first, lost_rows, scale = aligned
        if not _rows_block(lost_rows, scale):
            return NONE  # the lines follow the page's rows: nothing is lost but a line
        at = ends[first - 1] if first else 0
        lost = Lost(at, 0, round(scale * sum(lost_rows)), "")
        return LostLines(lost, ()) if first == len(ours) else LostLines(None, (lost,))
    have = sum(ours)
    ink = ink_chars(scan)
    if have >= SCAN_SHORT * ink:
        return NONE
    lost = Lost(len(transcript.rstrip()), 0, ink - have, "")
    ending = transcript.rstrip()[-1:]
    if ending and ending not in SENTENCE_ENDS:
        return LostLines(lost, ())
    return LostLines(None, (lost,))


def _rows_block(rows: list[float], scale: float) -> bool:
    """The scan's rows a block as ``_is_block`` counts one, in estimated letters."""
    chars = scale * sum(rows)
    if len(rows) >= BLOCK_LINES:
        return chars >= BLOCK_LINE_CHARS
    return len(rows) >= 2 and chars >= BLOCK_CHARS


def _line_ends(text: str) -> list[int]:
    out, pos = [], 0
    for part in text.split("\n"):
        pos += len(part)
        out.append(pos)
        pos += 1
    return out


def scan_rows(scan: ScanLines) -> list[float]:
    """The characters of each of the scan's rows (a line, or the cells of a table
    row side by side), in the page's reading order."""
    lines = [Line(n, 0, 0, b, 0, False) for n, b in enumerate(scan.boxes)]
    out: list[float] = []
    previous = None
    for n in page_order(lines):
        box = scan.boxes[n]
        if previous is not None and side_by_side(previous, box):
            out[-1] += _chars(box)
        else:
            out.append(_chars(box))
        previous = box
    return out
