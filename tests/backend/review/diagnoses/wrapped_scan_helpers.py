"""A page's detected lines drawn from its text at a given width (the row-gap tests')."""

from __future__ import annotations

from backend.models import ScanLines
from backend.review.diagnoses.alt_lines import text_only
from tests.backend.review.diagnoses.layout_helpers import Box, box


def wrapped_scan(lines: list[str], width: int) -> ScanLines:
    """The page's detected lines where it is ``width`` characters wide: a longer line
    wraps onto the next row (a table's row does not: the detector boxes each cell's
    letters; its |---| rule is no line on the page)."""
    per_char = 0.84 / width
    boxes: list[Box] = []
    for t in lines:
        # A box holds ink: an indent's blanks are not in it.
        left = len(t.lstrip("\u3000 ")) if any(c.isalnum() for c in t) else 0
        if t.startswith("|"):  # its cells' boxes, side by side: their letters, no rules
            left = cut = len(text_only(t))
        else:
            cut = width
        while left > 0:
            boxes.append(box(0.08, len(boxes), min(left, cut), per_char))
            left -= cut
    return ScanLines(tuple(boxes), "test")
