"""Moving a review between the embedded store and the team server, whole.

``push``: every version, status and note event of a local review, with its
original author and time (kept in the team store's ``origin_*`` columns, which
only an administrator may write), the working version of each page, and the
document's settings. ``pull``: the same back into a new local store. A version
that names another (a restore's ``restored_from``) is renumbered on the way, so
a round trip compares equal. Either direction refuses to write into a review
that already has history: two histories are never merged silently.
"""

from __future__ import annotations

import json
from typing import Any

from psycopg.types.json import Jsonb

from backend.i18n import _
from backend.models import ReviewStatus
from backend.provenance import Provenance
from backend.store.activity_rows import OUTCOME_COLUMNS
from backend.store.interface import LocalStore
from backend.store.postgres.errors import TeamStoreError
from backend.store.postgres.team_sql import TO_DB, VERSION_COLUMNS, from_db
from backend.store.postgres.team_sql import version_row as decode
from backend.store.postgres.team_store import TeamStore
from backend.store.sql import index_text

LIFECYCLE_KEYS = ("open_state",)  # the local file's own bookkeeping, not the review's
_WHO = "coalesce(origin_author, author)"
_WHEN = "coalesce(origin_created_at, extract(epoch FROM created_at)::float8)"
_INSERT_TEAM_OUTCOME = (
    f"INSERT INTO proofdesk.critical_outcomes (document_id, {', '.join(OUTCOME_COLUMNS)}, "
    f"origin_author, origin_created_at) VALUES (%s, {', '.join(['%s'] * len(OUTCOME_COLUMNS))}, "
    "%s, %s)"
)
_INSERT_LOCAL_OUTCOME = (
    f"INSERT INTO critical_outcomes ({', '.join(OUTCOME_COLUMNS)}, author, created_at) "
    f"VALUES ({', '.join(['?'] * len(OUTCOME_COLUMNS))}, ?, ?)"
)


def _renumber(provenance: dict[str, Any], ids: dict[int, int]) -> dict[str, Any]:
    old = Provenance.from_dict(provenance).restored_from
    if old is not None and old in ids:
        return {**provenance, "restored_from": ids[old]}
    return provenance


def push(local: LocalStore, team: TeamStore) -> int:
    """Copy ``local`` into ``team`` (which must be empty); the number of versions."""
    local.commit_all_drafts()
    conn = local.connection
    with team._tx() as c:
        if c.execute(
            "SELECT 1 FROM proofdesk.versions WHERE document_id = %s LIMIT 1", (team.doc,)
        ).fetchone():
            raise TeamStoreError(
                _("The team server already has a review of this document; nothing was pushed.")
            )
        ids: dict[int, int] = {}
        rows = conn.execute(
            "SELECT id, page, kind, text, created_at, author, provenance FROM versions ORDER BY id"
        ).fetchall()
        for vid, page, kind, text, created, author, prov in rows:
            provenance = _renumber(json.loads(prov), ids)
            row = c.execute(
                "INSERT INTO proofdesk.versions (document_id, page, kind, text, provenance, "
                "origin_author, origin_created_at) VALUES (%s, %s, %s, %s, %s, %s, %s) "
                "RETURNING id",
                (team.doc, page, kind, text, Jsonb(provenance), author, created),
            ).fetchone()
            assert row is not None
            ids[int(vid)] = int(row[0])
        for page, current in conn.execute("SELECT page, current_version FROM pages"):
            text = conn.execute("SELECT text FROM versions WHERE id = ?", (current,)).fetchone()[0]
            c.execute(
                "INSERT INTO proofdesk.pages (document_id, page, current_version, text) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (document_id, page) DO UPDATE SET "
                "current_version = EXCLUDED.current_version, text = EXCLUDED.text",
                (team.doc, page, ids[int(current)], text),
            )
        for page, status, created, author, vid in conn.execute(
            "SELECT page, status, created_at, author, version_id FROM status_events ORDER BY id"
        ):
            c.execute(  # with the version each status was given to ("final": the text approved)
                "INSERT INTO proofdesk.status_events (document_id, page, status, origin_author, "
                "origin_created_at, version_id) VALUES (%s, %s, %s, %s, %s, %s)",
                (team.doc, page, TO_DB[ReviewStatus(status)], author, created, ids.get(vid)),
            )
        for page, text, created, author in conn.execute(
            "SELECT page, text, created_at, author FROM note_events ORDER BY id"
        ):
            c.execute(
                "INSERT INTO proofdesk.note_events (document_id, page, text, origin_author, "
                "origin_created_at) VALUES (%s, %s, %s, %s, %s)",
                (team.doc, page, text, author, created),
            )
        for page, kind, created, author in conn.execute(
            "SELECT page, kind, created_at, author FROM page_visits ORDER BY id"
        ):
            c.execute(
                "INSERT INTO proofdesk.page_visits (document_id, page, kind, origin_author, "
                "origin_created_at) VALUES (%s, %s, %s, %s, %s)",
                (team.doc, page, kind, author, created),
            )
        _push_outcomes(conn, c, team.doc, ids)
        for key, value in conn.execute("SELECT key, value FROM meta"):
            if key not in LIFECYCLE_KEYS:
                c.execute(
                    "INSERT INTO proofdesk.meta (document_id, key, value) VALUES (%s, %s, %s) "
                    "ON CONFLICT (document_id, key) DO UPDATE SET value = EXCLUDED.value",
                    (team.doc, key, value),
                )
    return len(ids)


def pull(team: TeamStore, local: LocalStore) -> int:
    """Copy the team's review into ``local`` (which must have no versions yet)."""
    with team._read() as c:
        versions = [
            decode(r)
            for r in c.execute(
                f"SELECT {VERSION_COLUMNS} FROM proofdesk.versions WHERE document_id = %s "
                "ORDER BY id",
                (team.doc,),
            )
        ]
        pages = c.execute(
            "SELECT page, current_version FROM proofdesk.pages WHERE document_id = %s "
            "AND current_version IS NOT NULL",
            (team.doc,),
        ).fetchall()
        events = {
            table: c.execute(
                f"SELECT page, {column}, coalesce(origin_created_at, "
                "extract(epoch FROM created_at)::float8), coalesce(origin_author, author), "
                f"{version} FROM proofdesk.{table} WHERE document_id = %s ORDER BY id",
                (team.doc,),
            ).fetchall()
            for table, column, version in (
                ("status_events", "status", "version_id"),
                ("note_events", "text", "NULL"),
            )
        }
        meta = c.execute(
            "SELECT key, value FROM proofdesk.meta WHERE document_id = %s", (team.doc,)
        ).fetchall()
        visits = c.execute(
            f"SELECT page, kind, {_WHEN}, {_WHO} FROM proofdesk.page_visits "
            "WHERE document_id = %s ORDER BY id",
            (team.doc,),
        ).fetchall()
        outcomes = c.execute(
            f"SELECT {', '.join(OUTCOME_COLUMNS)}, {_WHO}, {_WHEN} "
            "FROM proofdesk.critical_outcomes WHERE document_id = %s ORDER BY id",
            (team.doc,),
        ).fetchall()
    with local.transaction() as s:
        if s.execute("SELECT 1 FROM versions LIMIT 1").fetchone():
            raise TeamStoreError(
                _("The local review of this document already has history; nothing was pulled.")
            )
        ids: dict[int, int] = {}
        for v in versions:
            cur = s.execute(
                "INSERT INTO versions (page, kind, text, created_at, author, provenance) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    v.page,
                    v.kind.value,
                    v.text,
                    v.created_at,
                    v.author,
                    json.dumps(_renumber(v.provenance, ids), ensure_ascii=False),
                ),
            )
            ids[v.id] = int(cur.lastrowid or 0)
        texts = {v.id: v.text for v in versions}
        for page, current in pages:
            s.execute(
                "INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)",
                (page, ids[int(current)]),
            )
            index_text(s, int(page), texts[int(current)])
        for page, status, created, author, vid in events["status_events"]:
            s.execute(
                "INSERT INTO status_events (page, status, created_at, author, version_id) "
                "VALUES (?, ?, ?, ?, ?)",
                (page, from_db(status).value, created, author, ids.get(vid)),
            )
        for page, text, created, author, _none in events["note_events"]:
            s.execute(
                "INSERT INTO note_events (page, text, created_at, author) VALUES (?, ?, ?, ?)",
                (page, text, created, author),
            )
        for key, value in meta:
            s.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        s.executemany(
            "INSERT INTO page_visits (page, kind, created_at, author) VALUES (?, ?, ?, ?)", visits
        )
        for row in outcomes:
            values = dict(zip((*OUTCOME_COLUMNS, "author", "created_at"), row, strict=True))
            for key in ("version_id", "reading_id"):
                values[key] = ids.get(values[key]) if values[key] is not None else None
            s.execute(_INSERT_LOCAL_OUTCOME, tuple(values.values()))
    return len(versions)


def _push_outcomes(conn: Any, c: Any, doc: int, ids: dict[int, int]) -> None:
    """The critical outcomes of ``conn`` (the local store) into ``c`` (the team's), their
    versions renumbered as the versions were."""
    rows = conn.execute(
        f"SELECT {', '.join(OUTCOME_COLUMNS)}, author, created_at FROM critical_outcomes "
        "ORDER BY id"
    ).fetchall()
    for row in rows:
        values = dict(zip((*OUTCOME_COLUMNS, "author", "created_at"), row, strict=True))
        for key in ("version_id", "reading_id"):
            values[key] = ids.get(values[key]) if values[key] is not None else None
        c.execute(_INSERT_TEAM_OUTCOME, (doc, *values.values()))
