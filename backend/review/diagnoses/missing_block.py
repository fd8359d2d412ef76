"""Whole-page failure: missing block. Lines or a region of the page (a paragraph, a
flowchart box) the transcript lacks inside it: a run of the alternate's lines the
transcript has nowhere, wherever the alternate put them in its reading order, or a
transcript far shorter than the scan's ink (``lost_lines``). Zero-width, where the
block would go."""

from __future__ import annotations

from backend.i18n import _
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.lost_lines import lost_lines
from backend.review.diagnoses.shared import excerpt


def find(evidence: PageEvidence) -> list[Diagnosis]:
    found = []
    for block in lost_lines(evidence).blocks:
        if block.lines:
            detail = _(
                "{lines} lines ({chars} characters) the alternate reads are missing, from “{start}”"
            ).format(lines=block.lines, chars=block.chars, start=excerpt(block.text))
        else:
            detail = _("the scan holds about {chars} characters more than the text").format(
                chars=block.chars
            )
        found.append(
            Diagnosis(DiagnosisKind.MISSING_BLOCK, block.at, block.at, detail, missing=block.chars)
        )
    return found
