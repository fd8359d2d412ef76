"""Live updates: other reviewers' saves, claims and status changes, as they happen.

Every change to a page makes the database NOTIFY the document's channel (in the
same transaction, so nothing is told that did not commit); its name is a random
token kept with the document, so only those given the document can listen. ``LiveUpdates``
listens on a connection of its own and turns each notification into the
session's ``Change`` record, so a screen redraws what it names. A window's own
changes are left out (the notification carries its client id).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import psycopg
from psycopg import sql

from backend.models import Change
from backend.store.postgres.db_errors import mapped
from backend.store.postgres.team_store import TeamStore


@dataclass(frozen=True)
class TeamEvent:
    page: int
    what: str  # the table that changed: pages, versions, status_events, note_events, claims
    by: str  # who (their database login)
    client: str  # which window

    @property
    def change(self) -> Change:
        return Change(
            pages=frozenset({self.page}),
            text=self.what == "pages",
            versions=self.what == "versions",
            status=self.what == "status_events",
            note=self.what == "note_events",
        )


class LiveUpdates:
    def __init__(self, store: TeamStore) -> None:
        self._own = store.client
        self._conn = store.side_connection()
        try:
            self.channel = str(
                store._one("SELECT channel FROM proofdesk.documents WHERE id = %s", (store.doc,))
            )
            self._conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
        except BaseException:
            self._conn.close()  # no one else holds it: left open, it lingers until a GC
            raise

    def poll(self, timeout: float) -> list[TeamEvent]:
        """Wait up to ``timeout`` s for the next notification; return it and any queued."""
        events: list[TeamEvent] = []
        try:
            for wait in (timeout, 0.0):
                for n in self._conn.notifies(timeout=wait, stop_after=None if wait == 0 else 1):
                    data = json.loads(n.payload)
                    if data.get("client") != self._own:
                        events.append(
                            TeamEvent(
                                int(data["page"]),
                                str(data["what"]),
                                str(data["by"]),
                                str(data.get("client") or ""),
                            )
                        )
        except psycopg.Error as exc:
            raise mapped(exc) from exc
        return events

    def close(self) -> None:
        self._conn.close()
