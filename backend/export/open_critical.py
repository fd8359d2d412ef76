"""Approved pages that still have legal-critical items open: named on every export.

An approval is the reviewer's word that the page is right; an open "得 → 應"
on an approved page means the approval was given over it (asked and answered,
or before the alternate came). The export and the report name such pages so
that nobody downstream reads "approved" as "checked".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backend.i18n import _, list_join
from backend.review.values import FlagKind

if TYPE_CHECKING:
    from backend.export.pages import ExportDocument
    from backend.session.document_session import DocumentSession


def approved_open_critical(
    document: ExportDocument, session: DocumentSession | None = None
) -> tuple[int, ...]:
    """Approved pages of ``document`` (0-based) with critical items open. Their counts come
    from the document when it carries the review aids, else from ``session`` (a diff per
    approved page, on the store's thread)."""
    out = []
    for page in document.pages:
        if not page.approved:
            continue
        if page.critical_flags or (
            session is not None and session.review(page.page).count(FlagKind.CRITICAL)
        ):
            out.append(page.page)
    return tuple(out)


def open_critical_notice(pages: tuple[int, ...]) -> str:
    numbers = list_join(p + 1 for p in pages)
    return _(
        "Approved page(s) with legal-critical items still open: {pages}. "
        "Check them before relying on this export."
    ).format(pages=numbers)
