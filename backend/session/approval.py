"""What approving a page must ask about first: its open legal-critical items, its
whole-page diagnoses (a loop, a page cut short: issue 22) and its markers.

The rule, for every front end that approves (the GUI's Ctrl+Enter, a script): the
page's text is reviewed afresh against the alternate the reviewer compares with, and
also against the page's own newest alternate reading, the one the page list badges
and the export names on approved pages. The open critical items are the page's
findings' (``page_findings``), the same the page list badges.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.review.page_aids import AidSettings
from backend.review.values import Diagnosis, Flag
from backend.session.document_session import DocumentSession
from backend.session.page_findings import PageFindings


@dataclass(frozen=True)
class ApprovalItems:
    """What approving would pass over; nothing in either: approve without asking."""

    critical: tuple[Flag, ...]
    markers: tuple[Flag, ...]
    diagnoses: tuple[Diagnosis, ...] = ()

    @property
    def clear(self) -> bool:
        return not self.critical and not self.markers and not self.diagnoses


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
    found = session.reviews.findings(page, alternate_id, settings=settings, text=text)
    return items_of(found)


def items_of(found: PageFindings) -> ApprovalItems:
    """What approving a page with these findings asks about: the one definition, which
    the export also reads to name approved pages whose items are still open."""
    return ApprovalItems(found.critical, found.markers, found.diagnoses)
