"""The embedded store's side of the publish decisions (issue 25): an append-only log of
plain rows. What a row means (which decision is in force) is ``backend.publish``'s."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

COLUMNS = (
    *("kind", "key", "decision", "scope", "page", "text", "occurrence", "author", "created_at"),
    *("before", "after", "box"),
)
_BLANK = {"before": "", "after": "", "box": ""}  # a row written before these were kept
_SELECT = f"SELECT {', '.join(COLUMNS)} FROM publish_decisions ORDER BY id"
_INSERT = (
    f"INSERT INTO publish_decisions ({', '.join(COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in COLUMNS)})"
)


class PublishLog:
    """``PageStore``'s publish decision methods for ``ReviewStore`` (a mixin)."""

    _conn: sqlite3.Connection
    author: str

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # ReviewStore's

    def publish_decisions(self) -> list[dict[str, Any]]:
        """Every decision, oldest first."""
        return [dict(zip(COLUMNS, row, strict=True)) for row in self._conn.execute(_SELECT)]

    def add_publish_decisions(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append ``rows`` (each a decision's ``to_row()``) in one transaction, as this
        store's author, now: a row's own author and time are not trusted."""
        now = time.time()
        stamped = [{**_BLANK, **row, "author": self.author, "created_at": now} for row in rows]
        values = [tuple(row[c] for c in COLUMNS) for row in stamped]
        with self._write() as c:
            c.executemany(_INSERT, values)
