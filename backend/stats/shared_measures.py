"""The statistics' measures of history pushed to the team store (``proofdesk store push``).

A page approved on the team store has its readings' measures shared by the approver's
ProofDesk at approval (``backend.session.approval_measures``). History pushed from an
embedded store was approved elsewhere (its file's measures name its own version ids, and
pages approved before they were recorded have none): the administrator who pushes it
measures it once here, and shares each pair as written by the page's approver
(``origin_author``, which only an administrator may write, and only into history brought
in: ``stamp_event``), so every member's first statistics read ~8,000 rows instead of
~40 MB of text.
"""

from __future__ import annotations

from backend.session.approval_measures import critical_chars_now
from backend.stats.comparing import measure_pairs, trusted_measures
from backend.stats.pair_cache import PairCache
from backend.stats.reading import team_scope
from backend.stats.team_history import read_history
from backend.store.activity_rows import MEASURE_COLUMNS
from backend.store.postgres.team_store import TeamStore

_INSERT = (
    f"INSERT INTO proofdesk.pair_measures (document_id, {', '.join(MEASURE_COLUMNS)}, "
    f"origin_author, origin_created_at) VALUES (%s, {', '.join('%s' for _ in MEASURE_COLUMNS)}, "
    "%s, %s)"
)


def share_pushed(team: TeamStore, page_count: int, cache: PairCache | None = None) -> int:
    """Measure the approved pages' readings that no approver shared and share them; the
    number of pairs shared. ``team``: an administrator's store, right after the push."""
    critical = critical_chars_now()
    with team._read() as c:  # its connection, as the store's other readers use it
        history = read_history(c, team.doc, page_count, team_scope(team))
    measured = measure_pairs(history, critical, cache)
    shared = trusted_measures(history, critical.digest)
    page_of = {r.version_id: r.page for r in history.readings}
    rows = []
    for reading_id, changes in measured.items():
        approval = history.approvals[page_of[reading_id]]
        if (reading_id, approval.version_id) in shared:
            continue
        rows.append(
            (team.doc, reading_id, approval.version_id, critical.digest, changes.distance,
             changes.reading_chars, changes.approved_chars, changes.critical,
             approval.approver, approval.at)
        )  # fmt: skip
    if rows:
        with team._tx() as c, c.cursor() as cur:
            cur.executemany(_INSERT, rows)
    return len(rows)
