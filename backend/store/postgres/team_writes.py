"""The team store's write steps, each run inside a transaction the caller holds.

Where the store applies the review's rules (``backend.store.rules``, shared with the
embedded store; the database enforces them besides): a machine reading never
displaces a person's work, and a save based on an
older version than the page's working one never replaces it: the save is
stored (both are kept) and the caller is told which version stays current.
Each step locks the page's row first, so two saves of one page are ordered.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from backend.models import VersionKind
from backend.provenance import Provenance, ProvenanceLike, stored_form
from backend.store.limits import bounded_provenance
from backend.store.postgres.errors import PageClaimedError
from backend.store.rules import becomes_current

Conn = psycopg.Connection[tuple[Any, ...]]


def lock_page(c: Conn, doc: int, page: int) -> tuple[int | None, str | None, str | None]:
    """Lock the page's row (made if missing): (working version, its kind, its text)."""
    c.execute(
        "INSERT INTO proofdesk.pages (document_id, page) VALUES (%s, %s) ON CONFLICT DO NOTHING",
        (doc, page),
    )
    row = c.execute(
        "SELECT p.current_version, v.kind, v.text FROM proofdesk.pages p "
        "LEFT JOIN proofdesk.versions v ON v.id = p.current_version "
        "WHERE p.document_id = %s AND p.page = %s FOR UPDATE OF p",
        (doc, page),
    ).fetchone()
    assert row is not None
    return row[0], row[1], row[2]


def insert_version(
    c: Conn,
    doc: int,
    page: int,
    kind: VersionKind,
    text: str,
    provenance: ProvenanceLike,
    base: int | None,
    origin: tuple[str, float] | None = None,
) -> int:
    kept = bounded_provenance(stored_form(provenance))  # as the embedded store: trimmed if huge
    row = c.execute(
        "INSERT INTO proofdesk.versions (document_id, page, kind, text, provenance, "
        "base_version, origin_author, origin_created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
        "RETURNING id",
        (doc, page, kind.value, text, Jsonb(kept), base, *(origin or (None, None))),
    ).fetchone()
    assert row is not None
    return int(row[0])


def set_current(c: Conn, doc: int, page: int, vid: int | None, text: str) -> None:
    c.execute(
        "UPDATE proofdesk.pages SET current_version = coalesce(%s, current_version), text = %s "
        "WHERE document_id = %s AND page = %s",
        (vid, text, doc, page),
    )


def append_version(
    c: Conn,
    doc: int,
    page: int,
    kind: VersionKind,
    text: str,
    provenance: ProvenanceLike,
    *,
    history_only: bool = False,
    origin: tuple[str, float] | None = None,
) -> tuple[int, bool]:
    """Store a version; (its id, whether it became the page's working text)."""
    current, current_kind, _ = lock_page(c, doc, page)
    vid = insert_version(c, doc, page, kind, text, provenance, current, origin)
    typing = c.execute(
        "SELECT 1 FROM proofdesk.drafts WHERE document_id = %s AND page = %s LIMIT 1", (doc, page)
    ).fetchone()
    made_current = not history_only and becomes_current(
        kind,
        typing=typing is not None,
        current=None if current_kind is None else VersionKind(current_kind),
    )
    if made_current:
        set_current(c, doc, page, vid, text)
    return vid, made_current


UNSEEN = -1  # no version id: the page was not shown here, so any working version will do


def restore_in(
    c: Conn, doc: int, page: int, text: str, provenance: ProvenanceLike, seen: int | None
) -> tuple[int, int | None]:
    """An old text as a ``restore`` version: (its id, the version that stays current
    instead when a newer one was saved since the page was shown (``seen``), else None)."""
    current, _, _ = lock_page(c, doc, page)
    if seen != UNSEEN and seen != current:
        return insert_version(c, doc, page, VersionKind.RESTORE, text, provenance, seen), current
    vid = insert_version(c, doc, page, VersionKind.RESTORE, text, provenance, current)
    set_current(c, doc, page, vid, text)
    return vid, None


def status_event_in(
    c: Conn, doc: int, page: int, status: str, key: str | None, seen: int | None
) -> None:
    """Record a status (``seen``: the version shown, schema 3) once however often its
    ``key`` is sent (again after a dropped connection, or replayed from the journal)."""
    c.execute(
        "INSERT INTO proofdesk.status_events (document_id, page, status, op_key, version_id) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (document_id, op_key) DO NOTHING",
        (doc, page, status, key, seen),
    )


def claim_in(c: Conn, doc: int, page: int, lease_s: float) -> None:
    """Take or renew the page's lease; ``PageClaimedError`` when someone else holds it."""
    row = c.execute(
        "SELECT holder, extract(epoch FROM since)::float8 FROM proofdesk.claims "
        "WHERE document_id = %s AND page = %s AND holder <> current_user "
        "AND expires_at > clock_timestamp()",
        (doc, page),
    ).fetchone()
    if row is not None:
        raise PageClaimedError(page, str(row[0]), float(row[1]))
    c.execute(
        "INSERT INTO proofdesk.claims (document_id, page, expires_at) "
        "VALUES (%s, %s, clock_timestamp() + make_interval(secs => %s)) "
        "ON CONFLICT (document_id, page) DO UPDATE SET expires_at = EXCLUDED.expires_at",
        (doc, page, lease_s),
    )


def save_draft_in(
    c: Conn,
    doc: int,
    page: int,
    client: str,
    text: str,
    base: int | None,
    lease_s: float,
    seen_empty: bool = False,
) -> bool:
    """Keep typed text as this client's draft, claiming the page (``proofdesk.save_draft``
    in schema.sql); True when that started the page's review. ``seen_empty``: the
    writer opened the page before it had any version."""
    row = c.execute(
        "SELECT proofdesk.save_draft(%s, %s, %s, %s, %s, %s, %s)",
        (doc, page, client, text, base, lease_s, seen_empty),
    ).fetchone()
    return bool(row and row[0])


def commit_draft_in(c: Conn, doc: int, page: int, client: str) -> tuple[int | None, int | None]:
    """This client's draft as an ``edit`` version, releasing the page's claim: (its id or
    None, the version that stays current instead when the draft was based on an older
    one, else None)."""
    current, _, current_text = lock_page(c, doc, page)
    row = c.execute(
        "DELETE FROM proofdesk.drafts WHERE document_id = %s AND page = %s AND client = %s "
        "RETURNING text, base_version",
        (doc, page, client),
    ).fetchone()
    if row is None:
        return None, None
    # The typing is saved: the page is free for others again (typing on claims it anew).
    c.execute(
        "DELETE FROM proofdesk.claims WHERE document_id = %s AND page = %s "
        "AND holder = current_user",
        (doc, page),
    )
    text, base = str(row[0]), row[1]
    if current is not None and current_text == text:
        return None, None
    vid = insert_version(c, doc, page, VersionKind.EDIT, text, {}, base)
    if base == current:
        set_current(c, doc, page, vid, text)
        return vid, None
    return vid, current


def lost_commit(
    c: Conn, doc: int, page: int, text: str, seen: int | None
) -> tuple[int | None, int | None]:
    """The ``edit`` a commit of this person's draft ``text`` made after ``seen`` (the
    version they were shown), found when the draft is gone: the commit's reply was lost
    (the connection died after the server committed), so its caller never learnt it.
    (Its id or None, the version that stays current instead when it was kept as a
    conflict, as ``commit_draft_in``.) A page's versions are made one at a time (its row
    locked), in id order: a working version older than it was current when it came, so
    it was kept beside that one; a newer one was saved after it."""
    current, _, _ = lock_page(c, doc, page)
    row = c.execute(
        "SELECT max(id) FROM proofdesk.versions WHERE document_id = %s AND page = %s "
        "AND kind = 'edit' AND author = current_user AND origin_author IS NULL "
        "AND text = %s AND id > %s",
        (doc, page, text, seen or 0),
    ).fetchone()
    if row is None or row[0] is None:
        return None, None
    vid = int(row[0])
    return vid, current if current is not None and current < vid else None


def own_drafts(c: Conn, doc: int, client: str) -> list[int]:
    rows = c.execute(
        "SELECT page FROM proofdesk.drafts WHERE document_id = %s AND client = %s ORDER BY page",
        (doc, client),
    ).fetchall()
    return [int(r[0]) for r in rows]


def orphan_drafts(c: Conn, doc: int, client: str, lease_s: float) -> list[tuple[int, str]]:
    """This person's drafts left by a window that died (its lease long lapsed): (page, client)."""
    rows = c.execute(
        "SELECT page, client FROM proofdesk.drafts WHERE document_id = %s "
        "AND author = current_user AND client <> %s "
        "AND updated_at < clock_timestamp() - make_interval(secs => %s) ORDER BY page",
        (doc, client, lease_s),
    ).fetchall()
    return [(int(p), str(k)) for p, k in rows]


def recover_draft(c: Conn, doc: int, page: int, client: str) -> tuple[int | None, int | None]:
    """An orphan draft as a version (``commit_draft_in``); when someone else has claimed
    the page since, as an ``alternate`` version instead, so nothing is lost or imposed."""
    try:
        with c.transaction():  # a savepoint: the refusal undoes this step only
            return commit_draft_in(c, doc, page, client)
    except psycopg.errors.DatabaseError as exc:
        if exc.sqlstate != "PD001":
            raise
    row = c.execute(
        "DELETE FROM proofdesk.drafts WHERE document_id = %s AND page = %s AND client = %s "
        "RETURNING text, base_version",
        (doc, page, client),
    ).fetchone()
    if row is None:
        return None, None
    prov = Provenance.of(source="unsaved typing of a window that closed abnormally")
    vid = insert_version(c, doc, page, VersionKind.ALTERNATE, str(row[0]), prov, row[1])
    return vid, lock_page(c, doc, page)[0]
