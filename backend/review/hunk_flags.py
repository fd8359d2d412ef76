"""The review's DIFF flags, made from a comparison's hunks.

Kept apart from ``compare`` because this is the wording a reviewer reads
(what the alternate has where the transcript has what) and the choice of which
kinds of difference are flagged at all, not how the differences are found.
"""

from __future__ import annotations

from collections.abc import Iterable

from backend.i18n import _, in_quotes
from backend.review.values import DiffCategory, Flag, FlagKind, Hunk

FLAGGED = frozenset({DiffCategory.SUBSTANTIVE})


def _quote(text: str, limit: int = 24) -> str:
    text = " ".join(text.split())
    return in_quotes(text if len(text) <= limit else text[: limit - 1] + "…")


def _detail(h: Hunk, simplified_only: frozenset[str]) -> str:
    if h.start == h.end:
        said = _("the alternate has {quote} here; the transcript has nothing").format(
            quote=_quote(h.alt_text)
        )
    elif not h.alt_text.strip():
        return _("the alternate has nothing here")
    else:
        said = _("the alternate reads {quote} here").format(quote=_quote(h.alt_text))
    simplified = "".join(dict.fromkeys(c for c in h.alt_text if c in simplified_only))
    if simplified:  # no Traditional Chinese legal text has them: the engine misread here
        said += _("; the alternate is more likely wrong: it has the Simplified {chars}").format(
            chars=simplified[:6]
        )
    return said


def hunk_flags(
    hunks: Iterable[Hunk],
    simplified: frozenset[str],
    categories: frozenset[DiffCategory] = FLAGGED,
) -> list[Flag]:
    """A DIFF flag for each hunk of the given kinds (by default only substantive ones).

    ``simplified``: the characters only Simplified Chinese writes (``ReviewTables``)."""
    return [
        Flag(
            h.start,
            h.end,
            FlagKind.DIFF,
            _detail(h, simplified),
            alt_start=h.alt_start,
            alt_end=h.alt_end,
            replacement=h.alt_text,
            category=h.category,
        )
        for h in hunks
        if h.category in categories
    ]
