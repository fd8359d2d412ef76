"""Whole-page failure: table cells (not written yet: finds nothing)."""

from __future__ import annotations

from backend.review.diagnoses.base import Diagnosis, PageEvidence


def find(evidence: PageEvidence) -> list[Diagnosis]:
    return []
