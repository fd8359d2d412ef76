"""The alternate's lines, where each is on the page, and which the transcript has.

Shared by the detectors that compare the transcript against what another reading
saw line by line (cut short, missing block, reading order, table cells):

* ``alt_lines``: the alternate's lines (the engine's own, with boxes when it gives
  them, else its line breaks), each with how much of it is text and whether it is
  the engine's noise (a seal, bleed-through, a line it was unsure of);
* ``absent``: lines the transcript does not have *anywhere*: matched by content
  (shared character pairs), not by position, so a block the alternate read in
  another order is still found, and a line it misread here and there still counts
  as present;
* ``page_order``: the lines in the page's reading order from their boxes (column by
  column, top to bottom), whatever order the engine listed them in.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from backend.models import AltText
from backend.review.charclass import HAN
from backend.review.diagnoses.line_share import Grams, grams_of
from backend.review.diagnoses.shared import holds_any

Box = tuple[float, float, float, float]
Row = list[tuple[int, Box]]  # boxes (by index) side by side on the page

# An engine scores a line it read from bleed-through or a smudge low: its text is
# not the page's (``CompareOptions.ghost_score``'s default).
NOISE_SCORE = 0.85
MIN_TEXT = 3  # fewer letters than this is a seal, a page number, a stray mark
# A line sharing fewer of its character pairs than this with a stretch of the
# transcript is absent from it: a real engine misreads 5-15% of characters, which leaves ~70-90%
# of a present line's pairs intact; an absent line of formulaic legal text shares
# up to ~60% by chance (measured on generated pages read by RapidOCR).
PRESENT_SHARE = 0.65
MATCHED = 0.5  # a line the alignment matched this much of is present
SIMPLIFIED_SHARE = 0.2  # this share of Simplified-only letters: the engine's garble


@dataclass(frozen=True)
class Line:
    index: int  # in the engine's order
    start: int  # alternate code points
    end: int
    box: Box | None
    text_chars: int  # letters and digits (no spaces, punctuation)
    noise: bool  # not the page's text: see ``alt_lines``
    letters: str = ""  # the letters and digits themselves (``text_only``)
    # Where in ``letters`` the part the engine set apart by a space begins (``_parts``).
    parts: tuple[int, ...] = ()


# Not a letter or digit (``str.isalnum``, which ``\w`` is, less "_") and no Han ideograph.
_NOT_TEXT = re.compile(f"[^\\w{HAN}]|_")


def text_only(text: str) -> str:
    """The letters and digits of ``text``: what two readings of a line share."""
    return _NOT_TEXT.sub("", text)


# A line: start, end, box, score, letters, its parts (``_parts``).
_Read = tuple[int, int, Box | None, float | None, str, tuple[int, ...]]

_SPACES = re.compile(r"\s+")


def _parts(text: str, box: Box | None) -> tuple[int, ...]:
    """Where, in ``text``'s letters, the part after the space nearest the page's middle
    begins (none: no space there, or fewer than MIN_TEXT letters on a side). An
    engine reading a row of two columns across a narrow gutter sets the columns'
    lines apart by a space there. One place only, not every space: a part found
    somewhere by chance must not make a lost line present. A line in one column (its
    box not across the middle) is not cut; a line without a box at its middle."""
    if box is not None and not box[0] < 0.5 < box[2]:
        return ()
    middle = len(text) * ((0.5 - box[0]) / (box[2] - box[0]) if box is not None else 0.5)
    spaces = [m.start() for m in _SPACES.finditer(text.strip())]
    if not spaces:
        return ()
    offset = len(text) - len(text.lstrip())
    at = offset + min(spaces, key=lambda k: abs(offset + k - middle))
    before = len(_NOT_TEXT.sub("", text[:at]))
    after = len(_NOT_TEXT.sub("", text[at:]))
    return (before,) if min(before, after) >= MIN_TEXT else ()


class _Page:
    """An alternate read into lines, and their reading order when asked for."""

    def __init__(self, alternate: AltText) -> None:
        self.alternate = alternate
        text = alternate.text
        spans: list[tuple[int, int, Box | None, float | None]]
        if alternate.lines:
            spans = [(ln.start, ln.end, ln.box, ln.score) for ln in alternate.lines]
        else:
            spans, pos = [], 0
            for part in text.split("\n"):
                spans.append((pos, pos + len(part), None, None))
                pos += len(part) + 1
        self.read = [
            (s, e, box, score, text_only(text[s:e]), _parts(text[s:e], box))
            for s, e, box, score in spans
        ]
        self.layout: tuple[list[int], set[int]] | None = None
        # By the Simplified set, None for any set of which the page holds no letter.
        self.lines: list[tuple[frozenset[str] | None, list[Line]]] = []


# The last alternates read into lines, by identity (an AltText never changes): cut
# short, missing block, reading order and table cells ask for the same page's lines
# and reading order, and reading them is most of their cost.
_RECENT: list[_Page] = []
_KEEP = 4


def _page(alternate: AltText) -> _Page:
    for page in list(_RECENT):
        if page.alternate is alternate:
            return page
    page = _Page(alternate)
    _RECENT.insert(0, page)
    del _RECENT[_KEEP:]
    return page


def alt_lines(alternate: AltText, simplified: frozenset[str]) -> list[Line]:
    """The alternate's lines; ``noise`` marks a line too short to tell anything, one
    the engine scored as likely bleed-through, or one read as Simplified-only
    characters (a seal or a smudge read as text: ``misreadings.garbled_spans``)."""
    page = _page(alternate)
    # Most alternates hold no Simplified-only letter: then no line is garbled, and the
    # lines are those read with no set at all (a detector asks with none, another with
    # the tables' set), made once.
    key = simplified if holds_any(alternate.text, simplified) else None
    for known, lines in list(page.lines):
        if known is key:
            return list(lines)
    out = []
    drop = _deletions(simplified) if key is not None else None
    for i, (s, e, box, score, letters, parts) in enumerate(page.read):
        # The Simplified-only letters: those the table deletes.
        garbled = drop is not None and len(letters) - len(letters.translate(drop)) >= (
            SIMPLIFIED_SHARE * max(1, len(letters))
        )
        noise = len(letters) < MIN_TEXT or garbled or (score is not None and score < NOISE_SCORE)
        out.append(Line(i, s, e, box, len(letters), noise, letters, parts))
    page.lines.insert(0, (key, out))
    del page.lines[_KEEP:]
    return list(out)


def alt_layout(alternate: AltText) -> tuple[list[int], set[int]]:
    """``layout`` of the alternate's lines (the same for any ``alt_lines`` of it)."""
    page = _page(alternate)
    if page.layout is None:
        boxes = [ln.box for ln in alt_lines(alternate, frozenset())]
        page.layout = laid_out(bands_of(alternate, boxes))
    order, in_columns = page.layout
    return list(order), set(in_columns)


_DELETIONS: list[tuple[frozenset[str], dict[int, None]]] = []


def _deletions(chars: frozenset[str]) -> dict[int, None]:
    """A ``str.translate`` table deleting ``chars`` (kept for the last sets asked)."""
    for known, table in list(_DELETIONS):
        if known is chars:
            return table
    table = dict.fromkeys(map(ord, chars))
    _DELETIONS.insert(0, (chars, table))
    del _DELETIONS[_KEEP:]
    return table


def absent(
    lines: list[Line],
    alternate: str,
    transcript: str,
    equal_blocks: tuple[tuple[int, int, int], ...],
) -> list[bool]:
    """For each line, whether the transcript lacks it (noise lines never are): the
    alignment matched little of it, and it shares few character pairs with the
    transcript anywhere."""
    return [p < PRESENT_SHARE for p in presence(lines, alternate, transcript, equal_blocks)]


def presence(
    lines: list[Line],
    alternate: str,
    transcript: str,
    equal_blocks: tuple[tuple[int, int, int], ...],
) -> list[float]:
    """For each line, the share of its character pairs the transcript has at one place
    (``line_share``; 1.0: a noise line, or one the alignment matched). A line the
    engine read in parts set apart by spaces (``Line.parts``: a row of two columns
    read across the gutter) may be read by the transcript part by part, each at its
    own place (column by column): it has the larger of the two shares."""
    matched = bytearray(len(alternate) + 1)
    for _t, a, n in equal_blocks:
        matched[a : a + n] = b"\x01" * len(matched[a : a + n])
    have: Grams | None = None  # the transcript's pairs, when a line needs them
    out = []
    for ln in lines:
        if ln.noise or matched[ln.start : ln.end].count(1) >= MATCHED * (ln.end - ln.start):
            out.append(1.0)
            continue
        if have is None:
            have = grams_of(text_only(transcript))
        out.append(have.share_in_parts(ln.letters, ln.parts))
    return out


def to_transcript(equal_blocks: tuple[tuple[int, int, int], ...], alt_offset: int) -> int:
    """Where in the transcript the alternate's ``alt_offset`` falls: after the shared
    run that comes before it in the alternate (0 when none does)."""
    best, best_a = 0, -1
    for t, a, n in equal_blocks:
        if best_a < a <= alt_offset:
            best_a, best = a, t + min(alt_offset - a, n)
    return best


def line_at(lines: list[Line], offset: int) -> int | None:
    """The index of the line holding alternate ``offset`` (None: between lines)."""
    # Bisected by key: a list of the starts a call made every visit quadratic in lines.
    k = bisect_right(lines, offset, key=lambda ln: ln.start) - 1
    return k if k >= 0 and offset < lines[k].end else None


# ---- The page's reading order from the boxes ------------------------------------

MIDDLE_LOW, MIDDLE_HIGH = 0.44, 0.56  # a line crossing this band spans both columns
COLUMN_WIDTH = 0.25  # a text column's lines are this wide at least (table cells are less)
COLUMN_ROWS = 3  # rows with a line in each column, wide lines on each side: two columns


def rows(boxes: list[tuple[int, Box]]) -> list[Row]:
    """Lines grouped into rows: a line whose middle lies within the first line of the
    row's height is on that row (cells of a table row, two columns' lines)."""
    out: list[Row] = []
    for n, b in sorted(boxes, key=lambda nb: (nb[1][1] + nb[1][3]) / 2):
        middle = (b[1] + b[3]) / 2
        if out and middle <= out[-1][0][1][3]:
            out[-1].append((n, b))
        else:
            out.append([(n, b)])
    return out


def _spans_middle(b: Box) -> bool:
    return b[0] < MIDDLE_LOW and b[2] > MIDDLE_HIGH


def _two_columns(band: list[Row]) -> bool:
    """Rows holding two columns of text: a line on each side in several rows, several
    of them a column wide, never more than two on a row (a table row's cells are
    more, and narrow)."""
    if len(band) < COLUMN_ROWS:
        return False  # (fewer rows than that hold fewer lines on each side: most bands)
    if any(len(r) > 2 for r in band):
        return False
    both = sum(
        any(b[2] <= MIDDLE_HIGH for _, b in r) and any(b[0] >= MIDDLE_LOW for _, b in r)
        for r in band
    )
    boxes = [b for r in band for _, b in r]
    wide_left = sum(b[2] <= MIDDLE_HIGH and b[2] - b[0] >= COLUMN_WIDTH for b in boxes)
    wide_right = sum(b[0] >= MIDDLE_LOW and b[2] - b[0] >= COLUMN_WIDTH for b in boxes)
    return min(both, wide_left, wide_right) >= COLUMN_ROWS


def page_order(lines: list[Line]) -> list[int]:
    """The lines with boxes (indices into ``lines``) in reading order: top to bottom,
    a row left to right, except where a band of rows holds two columns of text, which
    is read column by column. Lines without a box are left out."""
    return layout(lines)[0]


def layout(lines: list[Line]) -> tuple[list[int], set[int]]:
    """``page_order``, and the lines that are in a band of two columns of text."""
    return laid_out(bands([(ln.index, ln.box) for ln in lines if ln.box is not None]))


def bands(boxed: list[tuple[int, Box]]) -> list[list[Row]]:
    """The boxes (by index) in ``rows``, top to bottom, and the rows in bands: a row
    with a line across the middle (a heading, a full-width paragraph) is a band of its
    own, and the rows between two such are one band, which may hold two columns. The
    one walk of a page's boxes: the alternate's order (``layout``) and the scan's
    (``scan_order.layout``) differ only in how they read a band (``band_order``)."""
    out: list[list[Row]] = []
    band: list[Row] = []
    for row in rows(boxed):
        if any(_spans_middle(b) for _, b in row):
            if band:
                out.append(band)
            out.append([row])
            band = []
        else:
            band.append(row)
    if band:
        out.append(band)
    return out


def band_order(band: list[Row]) -> tuple[list[int], list[int]]:
    """A band's lines in reading order, and those of it in two columns of text: column
    by column when it holds two (``_two_columns``), else a row at a time, left to
    right (and none in columns)."""
    if _two_columns(band):
        cells = [nb for r in band for nb in r]
        left = [nb for nb in cells if (nb[1][0] + nb[1][2]) / 2 < 0.5]
        right = [nb for nb in cells if (nb[1][0] + nb[1][2]) / 2 >= 0.5]
        order: list[int] = []
        for side in (left, right):
            order.extend(n for n, _ in sorted(side, key=lambda nb: (nb[1][1], nb[1][0])))
        return order, [n for n, _ in cells]
    return [n for r in band for n, _ in sorted(r, key=lambda nb: nb[1][0])], []


def laid_out(found: list[list[Row]]) -> tuple[list[int], set[int]]:
    """The bands' lines in reading order (``band_order``), and those in two columns."""
    order: list[int] = []
    in_columns: set[int] = set()
    for band in found:
        sub, cols = band_order(band)
        order += sub
        in_columns.update(cols)
    return order, in_columns


# The last pages' bands, by the identity of what the boxes came from (an alternate,
# a page's ScanLines): lost lines and reading order lay out the same page, reading
# order twice (columns, then rows), and walking its boxes is the cost of each.
_BANDS: list[tuple[object, tuple[Box | None, ...], list[list[Row]]]] = []
_KEEP_BANDS = 8


def bands_of(source: object, boxes: Sequence[Box | None]) -> list[list[Row]]:
    """``bands`` of ``boxes`` (by position; None left out), the boxes of ``source``:
    kept for the last few sources (by identity, as ``alt_layout`` keeps its lines),
    and only for the same boxes (a caller passing some of them gets their own bands;
    comparing them costs far less than the walk)."""
    key = tuple(boxes)
    for known, known_boxes, found in _BANDS:
        if known is source and known_boxes == key:
            return found
    found = bands([(n, b) for n, b in enumerate(key) if b is not None])
    _BANDS.insert(0, (source, key, found))
    del _BANDS[_KEEP_BANDS:]
    return found


def side_by_side(a: Box, b: Box) -> bool:
    """Two lines on one row of the page, one beside the other."""
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    apart = a[2] <= b[0] or b[2] <= a[0]
    return apart and overlap > 0.5 * min(a[3] - a[1], b[3] - b[1])
