"""The database's refusals as the team store's errors, in the user's words."""

from __future__ import annotations

import psycopg

from backend.i18n import _
from backend.store.postgres.errors import (
    ApprovalRefusedError,
    PageClaimedError,
    PermissionRefusedError,
    TeamStoreError,
    TeamUnreachableError,
)

# SQLSTATEs raised by schema.sql's triggers.
CLAIMED, NOT_SENIOR, SELF_APPROVAL = "PD001", "PD002", "PD003"
STALE_APPROVAL = "PD004"  # schema_3.sql: the page changed after the approver saw it


def mapped(exc: psycopg.Error) -> TeamStoreError:
    """``exc`` as the narrowest ``TeamStoreError`` (the server's words kept in ``detail``)."""
    state = exc.sqlstate or ""
    reason = (exc.diag.message_primary or str(exc)).strip()
    if isinstance(exc, psycopg.OperationalError) and not state:
        return TeamUnreachableError(
            _("The team server cannot be reached: {reason}").format(reason=reason.splitlines()[0]),
            detail=reason,
        )
    if state == NOT_SENIOR:
        return ApprovalRefusedError(
            _("Only a senior reviewer may give the final approval."), detail=reason
        )
    if state == SELF_APPROVAL:
        return ApprovalRefusedError(
            _(
                "Second-person approval: you edited this page's text last, so someone else "
                "must give it the final approval."
            ),
            detail=reason,
        )
    # The trigger guards both marks (reviewed and approved), so the words name both.
    if state == STALE_APPROVAL:  # HINT: the page (from 0)
        return ApprovalRefusedError(
            _(
                "Page {page} was changed after you saw it, so it was not marked reviewed "
                "or approved: review the new text, then mark it again."
            ).format(page=int(exc.diag.message_hint or "0") + 1),
            detail=reason,
        )
    if state == CLAIMED:  # DETAIL: who; HINT: "page since" (schema.sql, refuse_if_claimed)
        page, since = (exc.diag.message_hint or "0 0").split()
        return PageClaimedError(int(page), exc.diag.message_detail or "", float(since))
    if state.startswith("42") or state == "P0001":
        return PermissionRefusedError(
            _("The team server refused this: {reason}").format(reason=reason), detail=reason
        )
    if state.startswith("08") or state.startswith("57"):  # connection lost, server shut down
        return TeamUnreachableError(
            _("The team server cannot be reached: {reason}").format(reason=reason), detail=reason
        )
    return TeamStoreError(
        _("The team server reported an error: {reason}").format(reason=reason), detail=reason
    )
