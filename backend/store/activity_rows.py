"""The embedded store's side of what the review statistics need beyond the edits
(issue 26): page visits, the critical items' outcomes and the readings' measures at
approval, append-only logs stamped with this store's author and the time now
(``schema._V7``, ``schema._V8``)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

VISIT_KINDS = ("visit", "leave")
OUTCOME_COLUMNS = ("page", "version_id", "reading_id", "raised", "accepted", "dismissed", "items")
# A machine reading measured against the approved text (``backend.stats.shared_measures``).
MEASURE_COLUMNS = (
    "reading_id", "approved_id", "critical_digest", "distance", "reading_chars",
    "approved_chars", "critical",
)  # fmt: skip
_INSERT_OUTCOME = (
    f"INSERT INTO critical_outcomes ({', '.join(OUTCOME_COLUMNS)}, author, created_at) "
    f"VALUES ({', '.join('?' for _ in OUTCOME_COLUMNS)}, ?, ?)"
)

_INSERT_MEASURE = (
    f"INSERT INTO pair_measures ({', '.join(MEASURE_COLUMNS)}, author, created_at) "
    f"VALUES ({', '.join('?' for _ in MEASURE_COLUMNS)}, ?, ?)"
)


class ActivityLog:
    """``PageStore``'s visit and outcome methods for ``ReviewStore`` (a mixin)."""

    _conn: sqlite3.Connection
    author: str

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # ReviewStore's

    def add_page_visit(self, page: int, kind: str = "visit") -> None:
        """This store's author arrived at ``page`` ('visit') or left it ('leave'), now."""
        if kind not in VISIT_KINDS:
            raise ValueError(f"unknown visit kind {kind!r}")
        with self._write() as c:
            c.execute(
                "INSERT INTO page_visits (page, kind, author, created_at) VALUES (?, ?, ?, ?)",
                (page, kind, self.author, time.time()),
            )

    def add_critical_outcome(self, row: dict[str, Any]) -> None:
        """Record an approval's critical items (``OUTCOME_COLUMNS``; ``items`` as JSON)."""
        values = [row[k] for k in OUTCOME_COLUMNS]
        with self._write() as c:
            c.execute(_INSERT_OUTCOME, (*values, self.author, time.time()))

    def add_pair_measures(self, rows: Sequence[dict[str, Any]]) -> None:
        """Record the measures of machine readings against an approved text
        (``MEASURE_COLUMNS``), as this store's author, now."""
        now = time.time()
        values = [(*(r[k] for k in MEASURE_COLUMNS), self.author, now) for r in rows]
        with self._write() as c:
            c.executemany(_INSERT_MEASURE, values)
