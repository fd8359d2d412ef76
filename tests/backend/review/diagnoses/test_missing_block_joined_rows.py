"""A two-column page an engine read row by row, each row's two column lines joined into
one line across a narrow gutter (RapidOCR does), against a transcript read column by
column, whole and right. Each of the alternate's lines is read by the transcript in two
places a column apart, so no one stretch of it holds more than about half the line's
pairs: judged whole, 11-15 lines counted absent and were named a missing block (74 of 80
such reviews). The parts the engine set apart by a space are judged each at its own
place (``Line.parts``)."""

from __future__ import annotations

import random

import pytest

from backend.models import AltText, ScanLines
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.diagnoses_helpers import corpus_text, noisy
from tests.backend.review.diagnoses.layout_helpers import reading
from tests.backend.review.diagnoses.reading_order_helpers import review

COLUMN = 18  # letters a column's line holds


def _columns(seed: int) -> tuple[list[str], list[str]]:
    text = corpus_text(3000 + seed).replace("\n", "")
    lines = [text[i : i + COLUMN] for i in range(0, min(len(text), COLUMN * 30), COLUMN)]
    half = len(lines) // 2
    return lines[:half], lines[half : 2 * half]


def _joined_reading(left: list[str], right: list[str], rng: random.Random) -> AltText:
    """The alternate reads each row's two column lines as one line, across the gutter."""
    rows = [
        noisy(a, rng, 0.05, 0.0) + "　" + noisy(b, rng, 0.05, 0.0)
        for a, b in zip(left, right, strict=True)
    ]
    return reading(
        [(t, (0.08, 0.05 + k * 0.04, 0.92, 0.08 + k * 0.04)) for k, t in enumerate(rows)]
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("with_scan", [True, False])
def test_rows_joined_across_the_gutter_are_no_missing_block(seed: int, with_scan: bool) -> None:
    left, right = _columns(seed)
    alt = _joined_reading(left, right, random.Random(seed))
    scan = ScanLines(tuple(ln.box for ln in alt.lines if ln.box), "t") if with_scan else None
    r = review("\n".join(left + right), alt, scan)
    assert [d.detail for d in r.diagnoses if d.kind is DiagnosisKind.MISSING_BLOCK] == []


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 6])
def test_joined_rows_the_transcript_lost_from_both_columns_are_still_a_missing_block(
    seed: int,
) -> None:
    # The parts are judged at their own places, not as anything found anywhere: rows
    # whose two column lines are both lost from the transcript are still missing.
    left, right = _columns(seed)
    alt = _joined_reading(left, right, random.Random(seed))
    lost = range(3, 7)
    transcript = "\n".join(
        [a for k, a in enumerate(left) if k not in lost]
        + [b for k, b in enumerate(right) if k not in lost]
    )
    r = review(transcript, alt, None)
    assert [d for d in r.diagnoses if d.kind is DiagnosisKind.MISSING_BLOCK]
