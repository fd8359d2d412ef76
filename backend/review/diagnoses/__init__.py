"""Whole-page failures, named: the ways a VLM reading fails a page as a whole.

A character diff against an alternate reading catches a word changed. It does not
say what went wrong when the page as a whole was read badly, and some such
failures it cannot see at all (two columns read straight across look like layout
to a folding diff; a loop with no alternate is just long text). Each module here
looks for one kind of failure, from the transcript, the alternate and its
alignment (``PageReview``) and, when known, the text lines detected on the scan
(``ScanLines``: where ink is, without reading it):

* ``repetition``: a sentence or phrase repeated over and over (a decoding loop);
* ``cut_short``: the transcript stops before the page does;
* ``missing_block``: lines or a region of the page with no text in the transcript;
* ``not_on_scan``: sentences no reading and no ink supports;
* ``script_drift``: Simplified characters in a Traditional document;
* ``reading_order``: columns read across, paragraphs or cells out of order;
* ``table_cells``: a table row's cells in the wrong columns, or a cell lost.

``diagnose`` runs them all (``DETECTORS``); adding a kind is a new module, its
member of ``DiagnosisKind`` and one line in ``DETECTORS``.
"""

from __future__ import annotations

from backend.review.diagnoses.base import Detector, Diagnosis, DiagnosisKind, PageEvidence
from backend.review.diagnoses.run import DETECTORS, diagnose

__all__ = ["DETECTORS", "Detector", "Diagnosis", "DiagnosisKind", "PageEvidence", "diagnose"]
