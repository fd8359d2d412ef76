"""The legal-critical term tests' way in: the hunks and flags the real review gives.

Both go through ``compare_texts`` as the page review calls it (normalised, aligned,
categorised, ``folded=False``), never through a bare character diff: a test fed
hand-made hunks would pass whatever normalisation did to the review.
"""

from __future__ import annotations

from dataclasses import replace

from backend.models import AltText
from backend.review.compare import Comparison, compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.page_aids import review_page
from backend.review.values import DiffCategory, Flag, FlagKind, Hunk
from tests.backend.review.tables import OPTIONS, SETTINGS, TABLES


def comparison(a: str, b: str) -> Comparison:
    """The comparison ``review_page`` makes for its flags (substantive differences only)."""
    return compare_texts(a, b, OPTIONS, folded=False)


def make_hunks(a: str, b: str, category: DiffCategory | None = None) -> list[Hunk]:
    """The review's hunks between ``a`` and ``b``; ``category``: each one recategorised
    (a test of what a category does, on the real hunks)."""
    hunks = comparison(a, b).hunks
    return [h if category is None else replace(h, category=category) for h in hunks]


def critical_of(a: str, b: str, category: DiffCategory | None = None) -> list[Flag]:
    """The critical flags between transcript ``a`` and alternate ``b``: the page review's
    own, or, with ``category``, ``critical_flags`` on the real hunks so recategorised."""
    if category is None:
        review = review_page(0, a, AltText(text=b, engine="rapidocr"), settings=SETTINGS)
        return [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    return critical_flags(a, b, make_hunks(a, b, category), comparison(a, b).matches, tables=TABLES)
