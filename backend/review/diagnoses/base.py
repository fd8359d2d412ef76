"""What every whole-page detector looks at, and its signature.

``Diagnosis`` and ``DiagnosisKind`` live in ``backend.review.values`` (a page's
review holds them); they are named here too, for the detectors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from backend.models import AltText, LayoutRegions, ScanLines
from backend.review.tables import ReviewTables
from backend.review.values import Diagnosis, DiagnosisKind, Hunk

__all__ = ["Detector", "Diagnosis", "DiagnosisKind", "PageEvidence"]


@dataclass(frozen=True)
class PageEvidence:
    """What a detector may look at: the two readings, their alignment, the scan's lines
    and layout.

    Built once per page by ``diagnose``; ``alternate`` and the alignment are empty
    without an alternate reading, ``scan_lines`` is None when the scan's lines were
    not detected (no image, the detector not installed), ``layout`` likewise when its
    regions and tables' ruling lines were not (``backend.session.layout``)."""

    transcript: str
    alternate: AltText | None
    hunks: tuple[Hunk, ...]
    # Runs both texts share: (transcript start, alternate start, length), as PageReview.
    equal_blocks: tuple[tuple[int, int, int], ...]
    scan_lines: ScanLines | None
    tables: ReviewTables
    # The alternate is the transcript's own reading: its agreement proves nothing.
    same_reading: bool = False
    layout: LayoutRegions | None = None


Detector = Callable[[PageEvidence], list[Diagnosis]]
