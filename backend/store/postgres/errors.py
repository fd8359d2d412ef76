"""The team store's refusals, each a ``StoreError`` the GUI and the CLI can show.

Most are the database's own refusals (row-level security, the approval
trigger, a claim held by someone else) turned into a sentence; the conflict on
save carries both versions, so the caller can show the diff.
"""

from __future__ import annotations

from backend.errors import StoreError
from backend.i18n import _
from backend.models import Version


class TeamStoreError(StoreError):
    """Something the team server refused or could not do."""


class TeamUnreachableError(TeamStoreError):
    """The server cannot be reached (edits go to the local journal meanwhile)."""


class LoginRefusedError(TeamUnreachableError):
    """A wrong password (or no such person): unreachable for this person, so typing
    still goes to the journal when the password changed mid-session."""


class NotGivenError(TeamStoreError):
    """The document is not on the server, or was not given to this person."""


class PermissionRefusedError(TeamStoreError):
    """The database refused the action for this person's role."""


class ApprovalRefusedError(PermissionRefusedError):
    """The final approval was refused (not a senior reviewer, or the last editor)."""


class PageClaimedError(TeamStoreError):
    """Someone else is editing the page (their claim has not expired)."""

    def __init__(self, page: int, holder: str, since: float) -> None:
        import time

        super().__init__(
            _("Page {page} is being edited by {holder} since {time}.").format(
                page=page + 1, holder=holder, time=time.strftime("%H:%M", time.localtime(since))
            )
        )
        self.page, self.holder, self.since = page, holder, since


class SaveConflictError(TeamStoreError):
    """A save based on an older version: both are kept, the newer stays current."""

    def __init__(self, page: int, mine: Version, theirs: Version) -> None:
        super().__init__(
            _(
                "Page {page} was changed by {author} while you edited it. Both versions are "
                "kept: theirs stays the working text, yours is in the history (version {mine})."
            ).format(page=page + 1, author=theirs.author, mine=mine.id)
        )
        self.page, self.mine, self.theirs = page, mine, theirs
