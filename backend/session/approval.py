"""What approving a page must ask about first: its open legal-critical items and markers.

The rule, for every front end that approves (the GUI's Ctrl+Enter, a script): the
page's text is reviewed afresh against the alternate the reviewer compares with, and
also against the page's own newest alternate reading, the one the page list badges
and the export names on approved pages. Choosing another reading that happens to
agree (a second model's that made the same mistake, the transcript's own) must not
hide an open "得以 → 應以" the page's alternate still shows; an item both readings
raise is named once, as the chosen reading raises it.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.review.page_aids import AidSettings
from backend.review.values import Flag, FlagKind, PageReview
from backend.session.document_session import DocumentSession


@dataclass(frozen=True)
class ApprovalItems:
    """What approving would pass over; nothing in either: approve without asking."""

    critical: tuple[Flag, ...]
    markers: tuple[Flag, ...]

    @property
    def clear(self) -> bool:
        return not self.critical and not self.markers


def approval_items(
    session: DocumentSession,
    page: int,
    text: str,
    alternate_id: int | None = None,
    settings: AidSettings | None = None,
) -> ApprovalItems:
    """The open items of ``text`` (the page as the editor shows it, typing not yet
    saved included) with the chosen alternate (None: the page's newest). Call on the
    store's thread."""
    if alternate_id is not None and all(v.id != alternate_id for v in session.alternates(page)):
        alternate_id = None  # a reading of another page, or gone: the page's own
    review = session.review(page, alternate_id=alternate_id, settings=settings, text=text)
    own = None if alternate_id is None else session.review(page, settings=settings, text=text)
    markers = tuple(f for f in review.flags if f.kind is FlagKind.MARKER)
    return ApprovalItems(open_critical(review, own), markers)


def open_critical(chosen: PageReview, own: PageReview | None) -> tuple[Flag, ...]:
    """The critical items of the review against the chosen reading, and those of the
    review against the page's own alternate (``own``; None: they are one) that no
    chosen item already names: what approval asks about and the page list badges."""
    critical = [f for f in chosen.flags if f.kind is FlagKind.CRITICAL]
    if own is not None:
        critical += [
            f
            for f in own.flags
            if f.kind is FlagKind.CRITICAL and not any(f.span.overlaps(c.span) for c in critical)
        ]
        critical.sort(key=lambda f: (f.start, f.end))
    return tuple(critical)
