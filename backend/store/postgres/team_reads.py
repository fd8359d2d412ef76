"""The team store's longer reads: a page's whole state in one round trip, search,
and a supervisor's progress (pages per status and per person, and the claims).
"""

from __future__ import annotations

import contextlib
from typing import Any

import psycopg

from backend.models import PageState
from backend.store.page_queries import page_source
from backend.store.postgres.team_sql import DB_STATUSES, VERSION_COLUMNS, from_db
from backend.store.postgres.team_sql import version_row as decode
from backend.store.postgres.team_writes import Conn

_PAGE = """
SELECT v.id, v.page, v.kind, v.text,
       coalesce(v.origin_created_at, extract(epoch FROM v.created_at)::float8),
       coalesce(v.origin_author, v.author), v.provenance,
       (SELECT text FROM proofdesk.drafts d
         WHERE d.document_id = %(doc)s AND d.page = %(page)s AND d.client = %(client)s),
       (SELECT status FROM proofdesk.status_events s
         WHERE s.document_id = %(doc)s AND s.page = %(page)s ORDER BY id DESC LIMIT 1),
       (SELECT text FROM proofdesk.note_events n
         WHERE n.document_id = %(doc)s AND n.page = %(page)s ORDER BY id DESC LIMIT 1),
       (SELECT count(*) FROM proofdesk.versions c
         WHERE c.document_id = %(doc)s AND c.page = %(page)s)
FROM (SELECT 1) one
LEFT JOIN proofdesk.pages p ON p.document_id = %(doc)s AND p.page = %(page)s
LEFT JOIN proofdesk.versions v ON v.id = p.current_version
"""


def page_state(c: Conn, doc: int, page: int, client: str) -> tuple[PageState, int | None]:
    """The page as this client sees it, and the id of its working version."""
    row = c.execute(_PAGE, {"doc": doc, "page": page, "client": client}).fetchone()
    assert row is not None
    current = None if row[0] is None else decode(row[:7])
    draft = None if row[7] is None else str(row[7])
    text = draft if draft is not None else (current.text if current else "")
    state = PageState(
        page=page,
        text=text,
        version_id=None if draft is not None or current is None else current.id,
        has_draft=draft is not None,
        status=from_db(row[8]),
        note=row[9] or "",
        version_count=int(row[10]),
        source=page_source(draft, current),
    )
    return state, None if current is None else current.id


def search(c: Conn, doc: int, query: str, limit: int) -> list[tuple[int, str]]:
    query = query.strip()
    if not query:
        return []
    pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = c.execute(
        "SELECT page, text FROM proofdesk.pages WHERE document_id = %s AND text ILIKE %s "
        "ORDER BY page LIMIT %s",
        (doc, pattern, limit),
    ).fetchall()
    return [(int(p), str(t)) for p, t in rows]


def progress(c: Conn, doc: int, page_count: int) -> dict[str, Any]:
    """Pages per status, per person (last editor, approver, claims, queue), and the claims."""
    statuses = dict.fromkeys(DB_STATUSES, 0)
    latest = c.execute(
        "SELECT DISTINCT ON (page) page, status, coalesce(origin_author, author) "
        "FROM proofdesk.status_events WHERE document_id = %s ORDER BY page, id DESC",
        (doc,),
    ).fetchall()
    status_of = {int(p): str(s) for p, s, _ in latest if 0 <= p < page_count}
    for s in status_of.values():
        statuses[s] += 1
    statuses["unreviewed"] += page_count - len(status_of)
    people: dict[str, dict[str, int]] = {}
    queues: dict[str, set[int]] = {}

    def person(name: str) -> dict[str, int]:
        return people.setdefault(name, {"edited": 0, "final": 0, "claimed": 0, "assigned": 0,
                                        "assigned_final": 0})  # fmt: skip

    for _page, status, who in latest:
        if status == "final":
            person(str(who))["final"] += 1
    for who, n in c.execute(
        "SELECT who, count(*) FROM (SELECT DISTINCT ON (page) page, "
        "coalesce(origin_author, author) AS who FROM proofdesk.versions "
        "WHERE document_id = %s AND kind IN ('edit', 'restore') ORDER BY page, id DESC) last "
        "GROUP BY who",
        (doc,),
    ):
        person(str(who))["edited"] = int(n)
    claims = [
        {"page": int(p) + 1, "holder": str(h), "since": float(t)}
        for p, h, t in c.execute(
            "SELECT page, holder, extract(epoch FROM since)::float8 FROM proofdesk.claims "
            "WHERE document_id = %s AND expires_at > clock_timestamp() ORDER BY page",
            (doc,),
        )
    ]
    for claim in claims:
        person(str(claim["holder"]))["claimed"] += 1
    for first, last, who in c.execute(
        "SELECT first_page, last_page, person FROM proofdesk.assignments WHERE document_id = %s",
        (doc,),
    ):
        pages = range(int(first), min(int(last), page_count - 1) + 1)
        person(str(who))["assigned"] += len(pages)
        person(str(who))["assigned_final"] += sum(status_of.get(p) == "final" for p in pages)
        queues.setdefault(str(who), set()).update(p for p in pages if status_of.get(p) != "final")
    return {
        "statuses": statuses,
        "people": people,
        "claims": claims,
        # Each person's queue: assigned pages not final yet (1-based, in page order).
        "queues": {who: [p + 1 for p in sorted(q)] for who, q in sorted(queues.items())},
    }


def queue(c: Conn, doc: int, who: str) -> list[int]:
    """The pages assigned to ``who`` that are not final yet, in page order (0-based)."""
    rows = c.execute(
        "SELECT g.p FROM proofdesk.assignments a, generate_series(a.first_page, a.last_page) g(p) "
        "WHERE a.document_id = %s AND a.person = %s AND coalesce((SELECT status FROM "
        "proofdesk.status_events s WHERE s.document_id = a.document_id AND s.page = g.p "
        "ORDER BY id DESC LIMIT 1), 'unreviewed') <> 'final' ORDER BY g.p",
        (doc, who),
    ).fetchall()
    return sorted({int(r[0]) for r in rows})


def warm_up(c: Conn, doc: int, client: str) -> None:
    """A page open's queries, run once at login and their answers dropped: a new server
    process loads the tables' catalog entries and plans on its first use of them
    (measured: the first opens of 20 reviewers logging in at once made page-open p99
    52 ms, against under 30 ms for every later open; warmed, their first saves did)."""
    page_state(c, doc, 0, client)
    c.execute(
        f"SELECT {VERSION_COLUMNS} FROM proofdesk.versions WHERE document_id = %s "
        "AND page = %s ORDER BY id",
        (doc, 0),
    ).fetchall()
    # And the autosave's function, compiled on its first call, in a transaction that is
    # rolled back: no claim, draft, status or notification is left of it.
    # (Page 0 claimed by someone else raises: the warm-up is only a head start.)
    with contextlib.suppress(psycopg.Error), c.transaction(force_rollback=True):
        c.execute(
            "SELECT proofdesk.save_draft(%s, %s, %s, %s, NULL, %s, false)",
            (doc, 0, client, "", 1.0),
        )
