"""The team store's side of page visits, critical outcomes and the statistics' pair
measures (issue 26): ``schema_6.sql``'s and ``schema_7.sql``'s tables (the first two as
``store.activity_rows`` keeps them in SQLite). The server stamps each row's author and
time.

An approval's outcomes and measures are recorded by the session once the approval is on
the server (``follow_approvals``): at once, or, given while the server was away, when
the journal sends it (they are read from the server's versions, which an offline desk
cannot read). A visit made while the server is away is not kept: the server stamps its
time, so one sent later would count the wrong seconds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from backend.store.activity_rows import MEASURE_COLUMNS, OUTCOME_COLUMNS, VISIT_KINDS
from backend.store.postgres.journal import Journal
from backend.store.postgres.team_link import TeamLink, again_if_dropped

_INSERT_OUTCOME = (
    f"INSERT INTO proofdesk.critical_outcomes (document_id, {', '.join(OUTCOME_COLUMNS)}) "
    f"VALUES (%s, {', '.join('%s' for _ in OUTCOME_COLUMNS)})"
)

INSERT_MEASURE = (
    f"INSERT INTO proofdesk.pair_measures (document_id, {', '.join(MEASURE_COLUMNS)}) "
    f"VALUES (%s, {', '.join('%s' for _ in MEASURE_COLUMNS)})"
)


class TeamActivity(TeamLink):
    """``PageStore``'s visit and outcome methods for ``TeamStore`` (a mixin)."""

    journal: Journal

    def __init__(self, info: str) -> None:
        super().__init__(info)
        self._approved: list[int] = []  # pages whose approval reached the server, not told
        self._on_approval: Callable[[int], None] | None = None

    def follow_approvals(self, record: Callable[[int], None]) -> None:
        """Call ``record(page)`` each time an approval reaches the server (given now, or
        sent from the journal), starting with those sent before anyone listened (the
        journal replayed when the store opened)."""
        self._on_approval = record
        while self._approved:
            record(self._approved.pop(0))

    def _status_sent(self, page: int, status: str) -> None:
        if status == "final":  # (the database's word for approved)
            self._approved.append(page)
            if self._on_approval is not None:
                self.follow_approvals(self._on_approval)

    @again_if_dropped
    def add_page_visit(self, page: int, kind: str = "visit") -> None:
        """Not tried while the server is away (``away``) or edits wait in the journal: each
        try would hold the store's thread for the connection timeout at every page turn,
        and the reviewer's next autosave would wait behind it. The statistics lose that
        visit."""
        if kind not in VISIT_KINDS:
            raise ValueError(f"unknown visit kind {kind!r}")
        if len(self.journal) or self.away.known:
            return
        with self._tx() as c:
            c.execute(
                "INSERT INTO proofdesk.page_visits (document_id, page, kind) VALUES (%s, %s, %s)",
                (self.doc, page, kind),
            )

    @again_if_dropped
    def add_critical_outcome(self, row: dict[str, Any]) -> None:
        with self._tx() as c:
            c.execute(_INSERT_OUTCOME, (self.doc, *(row[k] for k in OUTCOME_COLUMNS)))

    @again_if_dropped
    def add_pair_measures(self, rows: Sequence[dict[str, Any]]) -> None:
        """Shared with the document's members, stamped with this login (``schema_7.sql``)."""
        if not rows:
            return
        with self._tx() as c, c.cursor() as cur:
            cur.executemany(
                INSERT_MEASURE, [(self.doc, *(r[k] for k in MEASURE_COLUMNS)) for r in rows]
            )
