"""Text runs on into a second column only from a full first column: one that runs down
to the page's foot (b8ef5ef) and whose lines are set across to the gutter. A form's
first page (a list of parties in short lines down the left, the case number at the
right of the first row) read top-down by rows is in the page's order however far down
the list runs (reviewer R, after b8ef5ef named it a reading-order problem and made it
critical)."""

from __future__ import annotations

import pytest

from backend.models import AltText, ScanLines
from backend.review.diagnoses.alt_lines import Box
from backend.review.values import FlagKind, PageReview
from tests.backend.review.diagnoses.layout_helpers import reading
from tests.backend.review.diagnoses.reading_order_helpers import (
    CASE_NUMBER,
    PARTIES,
    SIGNED,
    glyph_boxes,
    order_flags,
    order_named,
    reaching,
    review,
)

# A list's longest entry may reach the middle of the page: one line is no column.
LONG_ENTRY = "訴訟代理人陳大同律師、李小明律師"


def _quiet(transcript: str, alternate: AltText) -> list[tuple[bool, PageReview]]:
    """The reviews (with the scan's lines, and with none) that name an order problem
    or flag anything critical."""
    loud = []
    for scan in (ScanLines(tuple(ln.box for ln in alternate.lines), "test"), None):
        r = review(transcript, alternate, scan)
        critical = [f for f in r.flags if f.kind is FlagKind.CRITICAL]
        if order_named(r) or order_flags(r) or critical:
            loud.append((scan is None, r))
    return loud


def _case_number_beside(parties: list[str], bottom: float | None) -> tuple[str, AltText]:
    """The parties down the left, the case number at the right of the first row, read
    top-down by rows (the number after the first party); ``bottom``: the page
    stretched so that its last line ends there."""
    placed = glyph_boxes([(p, 0.08) for p in parties])
    first = placed[0][1]
    number: Box = (0.62, first[1], 0.62 + len(CASE_NUMBER) * 0.84 / 36, first[3])
    alternate = reading([placed[0], (CASE_NUMBER, number), *placed[1:]])
    if bottom is not None:
        alternate = reaching(alternate, bottom)
    texts = [t for t, _ in placed]
    return "\n".join([texts[0], CASE_NUMBER, *texts[1:]]), alternate


@pytest.mark.parametrize("rows", [10, 21])
def test_a_case_number_beside_a_long_party_list(rows: int) -> None:
    # 21 rows run down to the page's foot (0.93) as they are.
    transcript, alternate = _case_number_beside(PARTIES[:rows], None)
    assert _quiet(transcript, alternate) == []


@pytest.mark.parametrize("rows", [3, 6])
def test_a_case_number_beside_a_short_list_stretched_to_the_foot(rows: int) -> None:
    transcript, alternate = _case_number_beside(PARTIES[:rows], 0.95)
    assert _quiet(transcript, alternate) == []


def test_a_party_list_with_one_long_entry() -> None:
    parties = [*PARTIES[:2], LONG_ENTRY, *PARTIES[3:]]
    transcript, alternate = _case_number_beside(parties, None)
    assert _quiet(transcript, alternate) == []


def test_a_signature_at_the_foot_is_quiet() -> None:
    lines = glyph_boxes(SIGNED)
    alternate = reaching(reading(lines), 0.95)
    assert _quiet("\n".join(t for t, _ in lines), alternate) == []
