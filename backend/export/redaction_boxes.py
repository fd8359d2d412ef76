"""Where a span of the final text stands on the scan, for redaction (issue 25).

The final text is aligned character by character to an alternate reading that has
line boxes (as the searchable PDF's layer is, ``pdf_layout``); a span's characters
that matched give the characters of the alternate's lines it covers, and each line's
box is cut to that share of its width, a Latin letter or digit counted as half a
Chinese character (in print they are about that wide). Characters of the span the
alternate read otherwise are counted out from the matched ones beside them; a span
none of whose characters matched is placed between the matched characters right
before and after it, when both stand on one line. Otherwise it has no place: the
export says so.

Each box is widened by a character on either side and a little up and down: a
redaction that misses part of a glyph leaves it readable; one that covers a little
of the next costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import fast_diff_match_patch

from backend.export.pages import Layout

Box = tuple[float, float, float, float]  # page-relative 0..1: x0, y0, x1, y1
NEIGHBOUR = 3  # characters to look for a matched one beside an unmatched span
PAD_CHARS = 1.0  # a box's widening on each side, in characters of its line
PAD_HEIGHT = 0.15  # ... and up and down, as a share of the line's height


def alt_positions(text: str, alt: str) -> list[int]:
    """For each character of ``text``, the character of ``alt`` it matched (-1: none)."""
    out = [-1] * len(text)
    i = j = 0
    for op, count in fast_diff_match_patch.diff(text, alt, counts_only=True, cleanup="No"):
        if op == "=":
            out[i : i + count] = range(j, j + count)
        i += count if op in "=-" else 0
        j += count if op in "=+" else 0
    return out


def span_boxes(
    text: str, spans: Sequence[tuple[int, int]], layout: Layout
) -> list[tuple[Box, ...] | None]:
    """Per span of ``text``: its boxes on the page (one per alternate line it covers),
    or None when it cannot be placed."""
    positions = alt_positions(text, layout.text)
    return [_boxes(_alt_range(positions, start, end), layout) for start, end in spans]


def _alt_range(positions: list[int], start: int, end: int) -> tuple[int, int] | None:
    """The alternate's characters ``start``..``end`` stand for (inclusive), or None."""
    matched = [(i, positions[i]) for i in range(start, end) if positions[i] >= 0]
    if matched:
        (first_i, first), (last_i, last) = matched[0], matched[-1]
        return first - (first_i - start), last + (end - 1 - last_i)
    near_before = range(start - 1, max(start - NEIGHBOUR, 0) - 1, -1)
    near_after = range(end, min(end + NEIGHBOUR, len(positions)))
    before = next((positions[i] for i in near_before if positions[i] >= 0), None)
    after = next((positions[i] for i in near_after if positions[i] >= 0), None)
    if before is None or after is None or after - before < 2:
        return None
    return before + 1, after - 1


def _boxes(at: tuple[int, int] | None, layout: Layout) -> tuple[Box, ...] | None:
    if at is None:
        return None
    first, last = at
    out: list[Box] = []
    for line in layout.lines:
        if line.box is None or line.end <= first or line.start > last:
            continue
        widths = [_width(c) for c in layout.text[line.start : line.end]] or [1.0]
        x0, y0, x1, y1 = line.box
        unit = (x1 - x0) / sum(widths)  # a full-width character's share of the box
        a = max(first, line.start) - line.start
        b = min(last, line.end - 1) - line.start + 1
        left, right = sum(widths[:a]), sum(widths[:b])
        pad_y = (y1 - y0) * PAD_HEIGHT
        out.append(
            (
                max(0.0, x0 + (left - PAD_CHARS) * unit),
                max(0.0, y0 - pad_y),
                min(1.0, x0 + (right + PAD_CHARS) * unit),
                min(1.0, y1 + pad_y),
            )
        )
    return tuple(out) or None


def _width(c: str) -> float:
    """A character's width in full-width characters: Latin letters, digits, ASCII
    punctuation and half-width forms are about half one (0912-345-678 in a line of
    Chinese is six full widths, not twelve)."""
    return 0.5 if c.isascii() or "\uff61" <= c <= "\uffdc" else 1.0
