"""Approved pages that still have legal-critical items or whole-page problems open:
named on every export.

An approval is the reviewer's word that the page is right; an open "得 → 應" or
a loop on an approved page means the approval was given over it (asked and
answered, or before the alternate came). The export and the report name such
pages so that nobody downstream reads "approved" as "checked". What is open is
what approving asks about (``session.approval.items_of``): its critical items and
its diagnoses; the markers left are a count of their own in every export.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from backend.i18n import _, list_join
from backend.review.diagnosis_names import kinds_named
from backend.review.values import Diagnosis
from backend.session.approval import items_of

if TYPE_CHECKING:
    from backend.export.pages import ExportDocument
    from backend.session.document_session import DocumentSession


@dataclass(frozen=True)
class OpenPage:
    """An approved page (0-based) and what approving it asked about that is still open."""

    page: int
    critical: int  # open legal-critical items
    diagnoses: tuple[Diagnosis, ...] = ()  # whole-page problems named


def approved_open_items(
    document: ExportDocument, session: DocumentSession | None = None
) -> tuple[OpenPage, ...]:
    """Approved pages of ``document`` with critical items or diagnoses open. They come
    from the document when it carries the review aids, else from ``session`` (a review
    per approved page, on the store's thread)."""
    out = []
    for page in document.pages:
        if not page.approved:
            continue
        found = OpenPage(page.page, len(page.critical_flags), page.diagnoses)
        if not (found.critical or found.diagnoses) and session is not None:
            items = items_of(session.reviews.findings(page.page))
            found = OpenPage(page.page, len(items.critical), items.diagnoses)
        if found.critical or found.diagnoses:
            out.append(found)
    return tuple(out)


def open_items_notice(pages: tuple[OpenPage, ...]) -> str:
    """One warning naming the approved pages with critical items open, and those with
    whole-page problems with the problems' kinds ("2 (repetition)")."""
    critical = tuple(p.page for p in pages if p.critical)
    named = list_join(
        _("{page} ({kinds})").format(page=p.page + 1, kinds=list_join(kinds_named(p.diagnoses)))
        for p in pages
        if p.diagnoses
    )
    if not named:
        return open_critical_notice(critical)
    if not critical:
        return _(
            "Approved page(s) with whole-page problems: {pages}. "
            "Check them before relying on this export."
        ).format(pages=named)
    return _(
        "Approved page(s) with legal-critical items still open: {critical}; with whole-page "
        "problems: {diagnosed}. Check them before relying on this export."
    ).format(critical=list_join(p + 1 for p in critical), diagnosed=named)


def open_critical_notice(pages: tuple[int, ...]) -> str:
    numbers = list_join(p + 1 for p in pages)
    return _(
        "Approved page(s) with legal-critical items still open: {pages}. "
        "Check them before relying on this export."
    ).format(pages=numbers)
