"""Helpers shared by the tests of tables against the page's rows (``table_scan``):
a table as HTML, a page read cell by cell, and where the one table diagnosis stands."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from backend.models import AltText
from backend.review.diagnoses.table_rows import tables
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_sample_helpers import ROWS

CELLS = DiagnosisKind.TABLE_CELLS
# The middle rows: a row lost or merged has a row of the page above and below it.
MIDDLE = st.integers(1, len(ROWS) - 2)
Lines = Sequence[tuple[str, tuple[float, float, float, float]]]


def named_at(text: str, alternate: AltText, row: int) -> str:
    """The one table diagnosis's detail; it must be at transcript row ``row``."""
    (diagnosis,) = found(text, alternate, CELLS)
    at = tables(text)[0][row + 1]  # + 1: the header
    assert (diagnosis.start, diagnosis.end) == (at.start, at.end)
    return diagnosis.detail


def html_table(rows: list[list[str]], spans: dict[tuple[int, int], int] | None = None) -> str:
    """``rows`` (the first a header) as one line of HTML; ``spans``: (row, column) of a
    cell and its rowspan (the rows below leave that column out)."""
    spans = spans or {}
    covered = {(r + k, c) for (r, c), n in spans.items() for k in range(1, n)}
    out = []
    for r, row in enumerate(rows):
        tag = "th" if r == 0 else "td"
        cells = []
        for c, text in enumerate(row):
            if (r, c) in covered:
                continue
            span = f' rowspan="{spans[r, c]}"' if (r, c) in spans else ""
            cells.append(f"<{tag}{span}>{text}</{tag}>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    return "附表\n<table>" + "".join(out) + "</table>\n以上正本證明與原本無異。"


def read_cell_by_cell(grid: list[list[str]], xs: list[float], more: Lines = ()) -> AltText:
    """A piece per non-empty cell of ``grid`` (as the page shows it), with its box."""
    lines = [("附表", (0.45, 0.08, 0.55, 0.1)), *more]
    for r, row in enumerate(grid):
        y = 0.12 + r * 0.03
        for x, text in zip(xs, row, strict=True):
            if text:
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    return reading(lines)
