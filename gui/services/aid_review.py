"""The page review's computation, apart from its scheduling: what runs on the
store's thread, when a computation may run at all, and how a fresh review
updates the page's summary.

Separate from ``aids_hub`` because these are plain functions with no Qt state:
``review_text`` must hold no Qt object (it runs on the store's thread), and
``loop_running`` is also asked by the compare panel. ``AidsHub`` keeps the
timers, the tasks and the signals that decide *when* a review is computed and
who hears of it.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING

from backend.review.values import FlagKind

if TYPE_CHECKING:
    from backend.models import Version
    from backend.review.page_aids import AidSettings
    from backend.review.values import PageReview
    from backend.session.document_review import PageSummary
    from backend.session.document_session import DocumentSession
    from gui.services.workspace import Workspace


def usable(workspace: Workspace | None) -> bool:
    """Whether ``workspace`` is open and staying open: there is something to review."""
    return workspace is not None and not workspace.closed and not workspace.closing


def loop_running() -> bool:
    """False when Qt runs a step of one of our tasks while the asyncio loop is stopped
    (a test between two ``run_until_complete``): the work is retried by its timer."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def summary_with(
    old: PageSummary, review: PageReview, *, chosen: bool = False, critical: int | None = None
) -> PageSummary:
    """``old`` with the counts of ``review``: the page being edited follows its text as
    typed, not as saved. Compared with its own reading chosen in the dock (``chosen``),
    it checks nothing: the page's own alternate's critical items and differences stay.
    ``critical``: the open critical items as approval counts them (``review_text``)."""
    same = review.same_reading and chosen
    if critical is None:
        critical = old.critical if same else review.count(FlagKind.CRITICAL)
    return replace(
        old,
        agreement=review.agreement,
        markers=review.count(FlagKind.MARKER),
        critical=critical,
        diffs=old.diffs if same else review.count(FlagKind.DIFF),
        same_reading=review.same_reading,
    )


# -- on the store thread ---------------------------------------------------------------


def review_text(
    session: DocumentSession,
    page: int,
    text: str,
    alternate_id: int | None,
    settings: AidSettings,
) -> tuple[PageReview, list[Version], int]:
    """The review of ``text`` as the editor shows it (typing not yet autosaved
    included), the page's alternates, and its open critical items as approval counts
    them: with another reading chosen, the page's own alternate's items count too."""
    alternates = session.alternates(page)
    found = session.reviews.findings(
        page, alternate_id, settings=settings, text=text, alternates=alternates
    )
    return found.review, alternates, len(found.critical)
