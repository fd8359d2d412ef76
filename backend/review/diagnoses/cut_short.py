"""Whole-page failure: cut short. The transcript stops before the page does (a VLM's
answer that ended early): the alternate reads lines after the transcript's last
one, or the scan holds far more text than the transcript after its last line
(``lost_lines``). Zero-width, at the transcript's end."""

from __future__ import annotations

from backend.i18n import _
from backend.review.diagnoses.base import Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.lost_lines import lost_lines
from backend.review.diagnoses.shared import excerpt


def find(evidence: PageEvidence) -> list[Diagnosis]:
    tail = lost_lines(evidence).tail
    if tail is None:
        return []
    if tail.lines:
        detail = _(
            "the text stops before the page ends: the alternate reads {lines} more lines"
            " ({chars} characters) after it, from “{start}”"
        ).format(lines=tail.lines, chars=tail.chars, start=excerpt(tail.text))
    else:
        detail = _(
            "the text stops before the page ends: the scan holds about {chars} characters more"
        ).format(chars=tail.chars)
    return [Diagnosis(DiagnosisKind.CUT_SHORT, tail.at, tail.at, detail, missing=tail.chars)]
