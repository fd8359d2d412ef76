"""The review store's write transaction and the steps run inside it.

Kept apart from ``review_store`` because this is where the store applies the
review's rules (``rules``, shared with the team store): a machine reading never
displaces a person's work, new working text takes back a page's approval, and
typing starts a page's review; and a draft becomes an ``edit`` version only when
it changed anything. Each step works on the connection of a
transaction the caller holds, so several steps commit together or not at all;
``ReviewStore`` chooses which steps make up each of its writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from backend.models import VersionKind
from backend.provenance import ProvenanceLike
from backend.store.page_queries import current_version_row
from backend.store.rules import becomes_current, status_after
from backend.store.sql import (
    check_page_text,
    index_text,
    insert_status,
    insert_version,
    now,
    status_of,
    store_error,
)


@contextmanager
def write_transaction(conn: sqlite3.Connection, path: Path) -> Iterator[sqlite3.Connection]:
    """One short ``BEGIN IMMEDIATE`` transaction; SQLite's errors become ``StoreError``s."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise store_error(exc, path) from exc
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.DatabaseError):
            raise store_error(exc, path) from exc
        raise


def append_version(
    c: sqlite3.Connection,
    page: int,
    kind: VersionKind,
    text: str,
    provenance: ProvenanceLike,
    author: str,
    *,
    history_only: bool = False,
) -> tuple[int, bool]:
    """Store a version; (its id, whether it became the page's working text)."""
    vid = insert_version(c, page, kind, text, provenance, author)
    typing = c.execute("SELECT 1 FROM drafts WHERE page = ?", (page,)).fetchone() is not None
    current = current_version_row(c, page)
    made_current = not history_only and becomes_current(
        kind, typing=typing, current=None if current is None else VersionKind(current[2])
    )
    if made_current:
        _make_current(c, page, vid, author)
        index_text(c, page, text)
    return vid, made_current


def _make_current(c: sqlite3.Connection, page: int, vid: int, author: str) -> None:
    """Point the page at version ``vid``: new working text, which an approval no longer covers."""
    c.execute("INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)", (page, vid))
    _apply_status_rule(c, page, author, typing=False, changed=True)


def _apply_status_rule(
    c: sqlite3.Connection, page: int, author: str, *, typing: bool, changed: bool
) -> bool:
    """Record the status ``rules.status_after`` gives the page; True when it changed."""
    status = status_after(status_of(c, page), typing=typing, changed=changed)
    if status is not None:
        insert_status(c, page, status, author)
    return status is not None


def save_draft_in(c: sqlite3.Connection, page: int, text: str, author: str) -> bool:
    """Keep typed text as the page's draft; True when that changed the page's status
    (typing started its review, or took back its approval: at the first keystroke)."""
    check_page_text(page, text)  # a draft becomes an edit version: the same limit
    current = current_version_row(c, page)
    c.execute(
        "INSERT OR REPLACE INTO drafts (page, text, base_version, updated_at, author) "
        "VALUES (?, ?, ?, ?, ?)",
        (page, text, None if current is None else current[0], now(), author),
    )
    index_text(c, page, text)
    changed = text != ("" if current is None else current[3])
    return _apply_status_rule(c, page, author, typing=True, changed=changed)


def commit_draft_in(c: sqlite3.Connection, page: int) -> bool:
    """Turn the page's draft into an ``edit`` version; False when there was nothing new."""
    row = c.execute("SELECT text, author FROM drafts WHERE page = ?", (page,)).fetchone()
    if row is None:
        return False
    c.execute("DELETE FROM drafts WHERE page = ?", (page,))
    current = current_version_row(c, page)
    if current is not None and current[3] == row[0]:
        return False
    vid = insert_version(c, page, VersionKind.EDIT, row[0], {}, row[1])
    _make_current(c, page, vid, row[1])
    return True
