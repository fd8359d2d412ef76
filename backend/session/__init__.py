"""The facade the GUI and the CLI drive: ``DocumentSession`` pairs an open PDF
with its review store, and ``document_review`` runs the review aids over a
whole document (a page's ``PageFindings``, page summaries, the review queue).
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.session.document_review import PageSummary as PageSummary
    from backend.session.document_review import QueueItem as QueueItem
    from backend.session.document_session import DocumentSession as DocumentSession
    from backend.session.page_findings import PageFindings as PageFindings

_SURFACE = {
    "DocumentSession": "document_session",
    "PageSummary": "document_review",
    "QueueItem": "document_review",
    "PageFindings": "page_findings",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "DocumentSession",
    "PageFindings",
    "PageSummary",
    "QueueItem",
]
