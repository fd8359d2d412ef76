"""The review's DIFF flags, made from a comparison's hunks.

Kept apart from ``compare`` because this is the wording a reviewer reads
(what the alternate has where the transcript has what) and the choice of which
kinds of difference are flagged at all, not how the differences are found.
"""

from __future__ import annotations

from collections.abc import Iterable

from backend.review.values import DiffCategory, Flag, FlagKind, Hunk

FLAGGED = frozenset({DiffCategory.SUBSTANTIVE})


def _quote(text: str, limit: int = 24) -> str:
    text = " ".join(text.split())
    return f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”"


def _detail(h: Hunk) -> str:
    if h.start == h.end:
        return f"the alternate has {_quote(h.alt_text)} here; the transcript has nothing"
    if not h.alt_text.strip():
        return "the alternate has nothing here"
    return f"the alternate reads {_quote(h.alt_text)} here"


def hunk_flags(hunks: Iterable[Hunk], categories: frozenset[DiffCategory] = FLAGGED) -> list[Flag]:
    """A DIFF flag for each hunk of the given kinds (by default only substantive ones)."""
    return [
        Flag(
            h.start,
            h.end,
            FlagKind.DIFF,
            _detail(h),
            alt_start=h.alt_start,
            alt_end=h.alt_end,
            replacement=h.alt_text,
            category=h.category.value,
        )
        for h in hunks
        if h.category in categories
    ]
