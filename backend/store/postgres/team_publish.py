"""The team store's side of the publish decisions (issue 25): ``schema_5.sql``'s
``publish_decisions``, as ``store.publish_rows`` keeps them in SQLite. The server
stamps each row's author and time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from backend.store.postgres.team_link import TeamLink, again_if_dropped
from backend.store.publish_rows import COLUMNS

_OWN = tuple(c for c in COLUMNS if c not in ("author", "created_at"))  # the server's
_SELECT = (
    "SELECT "
    + ", ".join("extract(epoch FROM created_at)" if c == "created_at" else c for c in COLUMNS)
    + " FROM proofdesk.publish_decisions WHERE document_id = %s ORDER BY id"
)
_INSERT = (
    f"INSERT INTO proofdesk.publish_decisions (document_id, {', '.join(_OWN)}) "
    f"VALUES (%s, {', '.join('%s' for _ in _OWN)})"
)


class TeamPublish(TeamLink):
    """``PageStore``'s publish decision methods for ``TeamStore`` (a mixin)."""

    @again_if_dropped
    def publish_decisions(self) -> list[dict[str, Any]]:
        with self._read() as c:
            rows = c.execute(_SELECT, (self.doc,)).fetchall()
        stamped = [dict(zip(COLUMNS, row, strict=True)) for row in rows]
        return [{**row, "created_at": float(row["created_at"])} for row in stamped]

    @again_if_dropped
    def add_publish_decisions(self, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        with self._tx() as c, c.cursor() as cur:
            values = [(self.doc, *(row.get(k, "") for k in _OWN)) for row in rows]
            cur.executemany(_INSERT, values)
