"""Runs every whole-page detector on one page (``DETECTORS``: one line per kind)."""

from __future__ import annotations

from backend.models import LayoutRegions, ScanLines
from backend.review.diagnoses import (
    cut_short,
    missing_block,
    not_on_scan,
    order_flags,
    reading_order,
    repetition,
    script_drift,
    table_cells,
)
from backend.review.diagnoses.base import Detector, Diagnosis, PageEvidence
from backend.review.tables import ReviewTables
from backend.review.values import Flag, PageReview

DETECTORS: tuple[Detector, ...] = (
    repetition.find,
    cut_short.find,
    missing_block.find,
    not_on_scan.find,
    script_drift.find,
    reading_order.find,
    table_cells.find,
)


def diagnose(
    transcript: str,
    review: PageReview,
    *,
    scan_lines: ScanLines | None,
    tables: ReviewTables,
    layout: LayoutRegions | None = None,
) -> tuple[Diagnosis, ...]:
    """Every whole-page failure found on a page, by position (``review``: the page's
    review against its alternate, without diagnoses; ``scan_lines``: the lines
    detected on its scan, None when unknown; ``layout``: its regions and tables' ruling
    lines, None when unknown)."""
    return findings(transcript, review, scan_lines=scan_lines, tables=tables, layout=layout)[0]


def findings(
    transcript: str,
    review: PageReview,
    *,
    scan_lines: ScanLines | None,
    tables: ReviewTables,
    layout: LayoutRegions | None = None,
) -> tuple[tuple[Diagnosis, ...], list[Flag]]:
    """``diagnose``'s diagnoses, and the critical flags a failure raises: critical
    words in lines the transcript put out of the page's order."""
    evidence = PageEvidence(
        transcript=transcript,
        alternate=review.alternate,
        hunks=review.hunks,
        equal_blocks=review.equal_blocks,
        scan_lines=scan_lines,
        tables=tables,
        same_reading=review.same_reading,
        layout=layout,
    )
    found = [d for detect in DETECTORS for d in detect(evidence)]
    flags = order_flags.moved_flags(evidence, tables.rules)
    return tuple(sorted(found, key=lambda d: (d.start, d.end, d.kind.value))), flags
