"""A list of parties beside the case number, some entries carrying a street address,
read top-down by rows. Two or three such entries end in the middle band (past
FULL_ACROSS), which "more than one line past FULL_ACROSS" took for a full first column
the text ran on from, so the reading was named out of order and flagged critical. A
column of running text has most of its lines across (0.62-0.69 on the bench's
two-column pages); the list has few (FULL_SHARE)."""

from __future__ import annotations

import pytest

from backend.models import AltText, ScanLines
from backend.review.diagnoses.alt_lines import Box
from backend.review.values import FlagKind
from tests.backend.review.diagnoses.layout_helpers import reading
from tests.backend.review.diagnoses.reading_order_helpers import (
    CASE_NUMBER,
    PARTIES,
    glyph_boxes,
    order_flags,
    order_named,
    review,
)

# A street and number after the district: 17-19 letters a line, ending at 0.48-0.52 of
# the page's width (glyph_boxes: 0.08 + 0.0233 a letter), inside the middle band.
STREETS = ["忠孝路一號", "文化路二段三號"]


def _loud(transcript: str, alternate: AltText) -> list[tuple[bool, list[str]]]:
    """The reviews (with the scan's lines, and with none) that name an order problem
    or flag anything critical."""
    out = []
    for scan in (
        ScanLines(tuple(ln.box for ln in alternate.lines if ln.box is not None), "test"),
        None,
    ):
        r = review(transcript, alternate, scan)
        critical = [f for f in r.flags if f.kind is FlagKind.CRITICAL]
        if order_named(r) or order_flags(r) or critical:
            out.append((scan is None, [d.detail for d in r.diagnoses]))
    return out


# Where the addresses are: the first entries, or spread down the list.
@pytest.mark.parametrize("with_street", [(0, 1), (0, 1, 2), (3, 9, 15), (1, 5, 9, 13, 17)])
def test_a_party_list_with_some_street_addresses_is_quiet(with_street: tuple[int, ...]) -> None:
    parties = [p + STREETS[i % 2] if i in with_street else p for i, p in enumerate(PARTIES)]
    placed = glyph_boxes([(p, 0.08) for p in parties])
    first = placed[0][1]
    number: Box = (0.62, first[1], 0.62 + len(CASE_NUMBER) * 0.84 / 36, first[3])
    alternate = reading([placed[0], (CASE_NUMBER, number), *placed[1:]])
    transcript = "\n".join([parties[0], CASE_NUMBER, *parties[1:]])  # read top-down by rows
    assert _loud(transcript, alternate) == []
