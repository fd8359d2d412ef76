"""Where each line of the final text goes in a searchable PDF's invisible layer.

With an alternate reading that has line boxes, the final text is aligned to
it character by character; each final line takes the union of the boxes its
matched characters came from. Lines that match nothing share the box of the
line before them (the reading order stays right). Without boxes, the page
gets one block of lines inside its margins. Pure geometry: no PyMuPDF here.

A table (``backend.tables``: Markdown, HTML, tab-separated) is placed cell by cell:
each cell's text, without the markup, at the boxes its characters matched. The
alternate's boxes are lines as its engine detected them: a cell alone in its box
lands on it; cells of one row read as one line share that line, side by side by
grid column (the scan's column rules are not known here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import fast_diff_match_patch

from backend.export.pages import Layout
from backend.models import box_union
from backend.tables import find_tables

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, as the page is shown
Measure = Callable[[str, float], float]  # (text, font size) -> width in points

MIN_MATCHED_SHARE = 0.3  # of a line's characters, to trust its box
MIN_OWNER_SHARE = 0.2  # of the matched characters, for an alternate line to count
MARGIN = 0.05  # of the page, around a page-level block
LINE_HEIGHT = 1.15  # baseline to baseline, in font sizes
MAX_BLOCK_FONT = 12.0


@dataclass(frozen=True)
class Span:
    """A piece of the layer: a line, or a table cell's text."""

    start: int  # its characters in the final text
    end: int
    text: str  # what goes in the layer
    row: tuple[int, int] | None = None  # a cell's (table, row)
    columns: tuple[float, float] = (0.0, 1.0)  # a cell's share of its row's width


@dataclass(frozen=True)
class Placed:
    text: str
    origin: tuple[float, float]  # baseline start
    fontsize: float


def layer_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line with visible characters."""
    spans, start = [], 0
    for line in text.split("\n"):
        end = start + len(line)
        if line.strip():
            spans.append((start, end))
        start = end + 1
    return spans


def layer_spans(text: str) -> list[Span]:
    """The lines of ``text`` with visible characters; a table's lines are its cells."""
    out: list[Span] = []
    at = 0
    for number, table in enumerate(t for t in find_tables(text) if t.rows):
        out += _lines(text, at, table.start)
        width = max(table.columns, 1)
        for cell in table.cells:
            value = clean(" ".join(cell.value.split()))  # a cell's line breaks as spaces
            if value:
                share = (cell.column / width, min(cell.column + cell.column_span, width) / width)
                out.append(Span(cell.start, cell.end, value, (number, cell.row), share))
        at = table.end
    return out + _lines(text, at, len(text))


def _lines(text: str, start: int, end: int) -> list[Span]:
    return [
        Span(start + s, start + e, clean(text[start + s : start + e]))
        for s, e in layer_lines(text[start:end])
    ]


def clean(text: str) -> str:
    """What may go in the text layer: tabs as spaces, no other control characters."""
    return "".join(" " if c == "\t" else c for c in text if c >= " " or c == "\t")


def place(
    text: str, layout: Layout | None, size: tuple[float, float], measure: Measure
) -> list[Placed]:
    """Every line and table cell of ``text`` placed on a page of ``size`` (width, height)
    in points."""
    spans = layer_spans(text)
    found = (
        align(text, [(s.start, s.end) for s in spans], layout, size) if layout is not None else None
    )
    if found is None:
        return _block(_row_lines(spans), size, measure)
    boxes = _share_boxes(found, [s.row for s in spans])
    out: list[Placed] = []
    for span, (box, share, of, beside) in zip(spans, boxes, strict=True):
        x0, y0, x1, y1 = box
        slot = (y1 - y0) / of
        if beside:  # cells of one row in one box: each at its columns' share of it
            x0, x1 = x0 + (x1 - x0) * span.columns[0], x0 + (x1 - x0) * span.columns[1]
        out.append(_fit(span.text, (x0, y0 + slot * share, x1, y0 + slot * (share + 1)), measure))
    return out


def _row_lines(spans: list[Span]) -> list[str]:
    """Lines for a page without boxes: a table row's cells on one line."""
    out: list[str] = []
    for i, span in enumerate(spans):
        if span.row is not None and i and spans[i - 1].row == span.row:
            out[-1] += " " + span.text
        else:
            out.append(span.text)
    return out


def align(
    text: str, spans: list[tuple[int, int]], layout: Layout, size: tuple[float, float]
) -> list[Box] | None:
    """Per span: the box its characters matched (or its neighbour's); None: none matched."""
    width, height = size
    found = [
        None if box is None else _scale(box, width, height)
        for box in matched_boxes(text, spans, layout)
    ]
    if not any(found):
        return None
    return _fill_gaps(found)


def matched_boxes(text: str, spans: list[tuple[int, int]], layout: Layout) -> list[Box | None]:
    """Per span of ``text``: the union of the alternate's line boxes its characters were
    aligned to, page-relative (0..1); None where too few matched. No gap is filled: the
    archive formats write a line without a box rather than with its neighbour's."""
    owners = _owners(text, layout)
    found: list[Box | None] = []
    for start, end in spans:
        counts = Counter(o for o in owners[start:end] if o >= 0)
        visible = sum(1 for c in text[start:end] if not c.isspace())
        matched = sum(counts.values())
        if matched < max(1.0, MIN_MATCHED_SHARE * visible):
            found.append(None)
            continue
        floor = MIN_OWNER_SHARE * matched
        if max(counts.values()) < floor:
            # A line the scan wraps into more than 1/MIN_OWNER_SHARE lines (a paragraph a
            # line) has no line with that share: the lines with that share of its most.
            floor = MIN_OWNER_SHARE * max(counts.values())
        chosen = [layout.lines[i].box for i, n in counts.items() if n >= floor]
        found.append(box_union(b for b in chosen if b is not None))
    return found


def _owners(text: str, layout: Layout) -> list[int]:
    """For each character of ``text``, the alternate line it matched (-1: none)."""
    alt_owner = [-1] * len(layout.text)
    for index, line in enumerate(layout.lines):
        if line.box is not None:
            for k in range(max(0, line.start), min(line.end, len(alt_owner))):
                alt_owner[k] = index
    owners = [-1] * len(text)
    i = j = 0
    for op, count in fast_diff_match_patch.diff(text, layout.text, counts_only=True, cleanup="No"):
        if op == "=":
            owners[i : i + count] = alt_owner[j : j + count]
        i += count if op in "=-" else 0
        j += count if op in "=+" else 0
    return owners


def _scale(box: Box, width: float, height: float) -> Box:
    """Page-relative 0..1 to points, kept on the page (text off it is not extracted)."""
    x0, y0, x1, y1 = (min(max(v, 0.0), 1.0) for v in box)
    return (x0 * width, y0 * height, max(x1, x0 + 0.001) * width, max(y1, y0 + 0.001) * height)


def _fill_gaps(found: list[Box | None]) -> list[Box]:
    """An unmatched line shares the box before it (or after it, at the top)."""
    first = next(b for b in found if b is not None)
    out: list[Box] = []
    for box in found:
        out.append(box if box is not None else (out[-1] if out else first))
    return out


def _share_boxes(
    boxes: list[Box], rows: list[tuple[int, int] | None]
) -> list[tuple[Box, int, int, bool]]:
    """Consecutive spans in one box split it into equal horizontal slots, top to bottom;
    the cells of one table row take one slot together, side by side (the last: True)."""
    out: list[tuple[Box, int, int, bool]] = []
    i = 0
    while i < len(boxes):
        j = i
        while j + 1 < len(boxes) and boxes[j + 1] == boxes[i]:
            j += 1
        slots: list[int] = []  # each span's slot within the run
        for k in range(i, j + 1):
            same_row = k > i and rows[k] is not None and rows[k] == rows[k - 1]
            slots.append(slots[-1] if same_row else (slots[-1] + 1 if slots else 0))
        sizes = Counter(slots)
        out += [(boxes[i], slot, slots[-1] + 1, sizes[slot] > 1) for slot in slots]
        i = j + 1
    return out


def _fit(text: str, box: Box, measure: Measure) -> Placed:
    """Font size from the box height, shrunk until the line fits the box width."""
    x0, y0, x1, y1 = box
    fontsize = max((y1 - y0) * 0.9, 1.0)
    length = measure(text, fontsize)
    if length > x1 - x0 > 0:
        fontsize = max(fontsize * (x1 - x0) / length, 0.5)
    return Placed(text, (x0, y1 - (y1 - y0) * 0.12), fontsize)


def _block(lines: list[str], size: tuple[float, float], measure: Measure) -> list[Placed]:
    """All lines top to bottom inside the margins, wrapped and shrunk until they fit."""
    width, height = size
    left, top = width * MARGIN, height * MARGIN
    avail_w, avail_h = width - 2 * left, height - 2 * top
    if not lines:
        return []
    fontsize = min(MAX_BLOCK_FONT, avail_h / (len(lines) * LINE_HEIGHT))
    while True:
        rows = [row for line in lines for row in _wrap(line, avail_w, fontsize, measure)]
        if len(rows) * fontsize * LINE_HEIGHT <= avail_h or fontsize <= 0.5:
            break
        fontsize = max(fontsize * 0.8, 0.5)
    return [
        Placed(row, (left, top + fontsize * (LINE_HEIGHT * n + 1)), fontsize)
        for n, row in enumerate(rows)
    ]


def _wrap(line: str, width: float, fontsize: float, measure: Measure) -> list[str]:
    """Break a line into rows no wider than ``width`` (CJK breaks anywhere)."""
    if measure(line, fontsize) <= width:
        return [line]
    rows, row, used = [], "", 0.0
    for ch in line:
        w = measure(ch, fontsize)
        if row and used + w > width:
            rows.append(row)
            row, used = "", 0.0
        row += ch
        used += w
    return rows + ([row] if row else [])
