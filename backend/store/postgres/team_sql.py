"""The team store's row shapes: versions decoded into ``Version``s, and the
status names the database uses beside the app's ``ReviewStatus``.

The statuses match one to one ("reviewed": done by a reviewer, waiting for the
final approval), except that the app's ``APPROVED`` is the database's "final".
A pushed version keeps its original author and time in ``origin_*``, and reading
it back gives those, so a round trip compares equal.
"""

from __future__ import annotations

import json
from typing import Any

from backend.models import ReviewStatus, Version, VersionKind

SCHEMA_VERSION = 7  # the team schema this ProofDesk needs (``admin.upgrade`` brings it there)
VERSION_COLUMNS = (
    "id, page, kind, text, "
    "coalesce(origin_created_at, extract(epoch FROM created_at)::float8), "
    "coalesce(origin_author, author), provenance"
)
TO_DB = {
    ReviewStatus.UNREVIEWED: "unreviewed",
    ReviewStatus.IN_PROGRESS: "in_progress",
    ReviewStatus.REVIEWED: "reviewed",
    ReviewStatus.APPROVED: "final",
    ReviewStatus.FLAGGED: "flagged",
}
DB_STATUSES = ("unreviewed", "in_progress", "reviewed", "final", "flagged")
FROM_DB = {v: k for k, v in TO_DB.items()}


def version_row(row: tuple[Any, ...]) -> Version:
    provenance = row[6] if isinstance(row[6], dict) else json.loads(row[6] or "{}")
    return Version(
        id=int(row[0]),
        page=int(row[1]),
        kind=VersionKind(row[2]),
        text=str(row[3]),
        created_at=float(row[4]),
        author=str(row[5]),
        provenance=provenance,
    )


def from_db(status: str | None) -> ReviewStatus:
    return ReviewStatus.UNREVIEWED if status is None else FROM_DB[status]
