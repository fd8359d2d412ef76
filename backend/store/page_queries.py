"""Read-only queries of the review store, as functions of a connection.

Kept apart from ``review_store`` because they take no write lock and hold no
rule about whose text wins: only the SQL that reads pages back (the working
version's row, every page's status at once, full-text search). ``ReviewStore``
offers them as methods; its write steps (``page_writes``) read the working
version's row through here as well. Decoding a row into a ``Version`` stays in
``review_store``, so the store's own reads are the ones that decode.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from backend.models import ReviewStatus, Version, VersionKind
from backend.store.sql import VERSION_COLUMNS


def current_version_row(c: sqlite3.Connection, page: int) -> tuple[Any, ...] | None:
    """The raw row of the page's working version (``VERSION_COLUMNS``), or None."""
    row = c.execute(
        f"SELECT {VERSION_COLUMNS} FROM versions WHERE id = "
        "(SELECT current_version FROM pages WHERE page = ?)",
        (page,),
    ).fetchone()
    return None if row is None else tuple(row)


def current_version_id(c: sqlite3.Connection, page: int) -> int | None:
    row = c.execute("SELECT current_version FROM pages WHERE page = ?", (page,)).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def latest_version_id(c: sqlite3.Connection, page: int, kind: VersionKind) -> int | None:
    row = c.execute(
        "SELECT max(id) FROM versions WHERE page = ? AND kind = ?", (page, kind.value)
    ).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def note(c: sqlite3.Connection, page: int) -> str:
    row = c.execute(
        "SELECT text FROM note_events WHERE page = ? ORDER BY id DESC LIMIT 1", (page,)
    ).fetchone()
    return "" if row is None else str(row[0])


def approved_version_id(c: sqlite3.Connection, page: int) -> int | None:
    """The version the page's approval in force was given to; None when the page is not
    approved, or was approved with no text. An approval from before events named their
    version (schema 4) is of the working version: the upgrade took back every one whose
    text had changed since, and the rule has taken back each one since."""
    row = c.execute(
        "SELECT s.status, coalesce(s.version_id, p.current_version) FROM status_events s "
        "LEFT JOIN pages p ON p.page = s.page WHERE s.page = ? ORDER BY s.id DESC LIMIT 1",
        (page,),
    ).fetchone()
    if row is None or ReviewStatus(row[0]) is not ReviewStatus.APPROVED or row[1] is None:
        return None
    return int(row[1])


def status_history(c: sqlite3.Connection, page: int) -> list[tuple[ReviewStatus, float, str]]:
    rows = c.execute(
        "SELECT status, created_at, author FROM status_events WHERE page = ? ORDER BY id",
        (page,),
    ).fetchall()
    return [(ReviewStatus(s), float(t), str(a)) for s, t, a in rows]


def statuses(c: sqlite3.Connection, page_count: int) -> list[ReviewStatus]:
    """The current status of every page, in one query (fast for thousands of pages)."""
    out = [ReviewStatus.UNREVIEWED] * page_count
    for page, status in c.execute(
        "SELECT page, status FROM status_events WHERE id IN "
        "(SELECT max(id) FROM status_events GROUP BY page)"
    ):
        if 0 <= page < page_count:
            out[page] = ReviewStatus(status)
    return out


def version_count(c: sqlite3.Connection, page: int) -> int:
    return int(c.execute("SELECT count(*) FROM versions WHERE page = ?", (page,)).fetchone()[0])


def version_counts(c: sqlite3.Connection) -> dict[int, int]:
    return dict(c.execute("SELECT page, count(*) FROM versions GROUP BY page"))


def search(c: sqlite3.Connection, query: str, limit: int) -> list[tuple[int, str]]:
    """Pages whose working text contains ``query``: (page, text), in page order."""
    query = query.strip()
    if not query:
        return []
    if len(query) >= 3:  # the trigram index answers a MATCH of 3+ characters
        sql = "SELECT rowid, text FROM search WHERE search MATCH ? ORDER BY rowid LIMIT ?"
        arg = '"' + query.replace('"', '""') + '"'
    else:  # 1-2 characters (common in Chinese): a scan, still fast for thousands of pages
        sql = "SELECT rowid, text FROM search WHERE instr(text, ?) > 0 ORDER BY rowid LIMIT ?"
        arg = query
    return [(int(p), str(t)) for p, t in c.execute(sql, (arg, limit))]


def page_source(draft: str | None, version: Version | None) -> tuple[str, str, str]:
    """Where the working text came from: (kind, engine, model); a draft is an edit."""
    if draft is not None:
        return ("edit", "", "")
    if version is None:
        return ("", "", "")
    origin = version.origin
    return (version.kind.value, origin.engine or "", origin.model or "")
