"""The legal-critical term tests' way in: the hunks and flags the real review gives.

Both go through ``compare_texts`` as the page review calls it (normalised, aligned,
categorised, ``folded=False``), never through a bare character diff: a test fed
hand-made hunks would pass whatever normalisation did to the review.
"""

from __future__ import annotations

from dataclasses import replace

from backend.review.compare import Comparison, compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import DiffCategory, Flag, Hunk
from tests.backend.review.tables import OPTIONS, TABLES


def comparison(a: str, b: str) -> Comparison:
    """The comparison ``review_page`` makes for its flags (substantive differences only)."""
    return compare_texts(a, b, OPTIONS, folded=False)


def make_hunks(a: str, b: str, category: DiffCategory | None = None) -> list[Hunk]:
    """The review's hunks between ``a`` and ``b``; ``category``: each one recategorised
    (a test of what a category does, on the real hunks)."""
    hunks = comparison(a, b).hunks
    return [h if category is None else replace(h, category=category) for h in hunks]


def critical_of(a: str, b: str, category: DiffCategory | None = None) -> list[Flag]:
    """The legal-critical check's own flags between transcript ``a`` and alternate ``b``,
    on the page review's real comparison (``category``: its hunks so recategorised).
    Its own, before ``review_page`` merges each with the difference it sits in (the
    merged items: ``test_page_findings``, ``test_span``)."""
    found = comparison(a, b)
    hunks = [h if category is None else replace(h, category=category) for h in found.hunks]
    return critical_flags(a, b, hunks, found.matches, tables=TABLES)
