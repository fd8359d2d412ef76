"""The review store's write transaction and the steps run inside it.

Kept apart from ``review_store`` because this is where the store's rules live:
a machine reading never displaces a person's work (what becomes the working
text), a draft becomes an ``edit`` version only when it changed anything, and
typing starts a page's review. Each step works on the connection of a
transaction the caller holds, so several steps commit together or not at all;
``ReviewStore`` chooses which steps make up each of its writes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from backend.models import ReviewStatus, VersionKind
from backend.store.page_queries import current_version_row
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
    provenance: dict[str, Any],
    author: str,
    *,
    history_only: bool = False,
) -> tuple[int, bool]:
    """Store a version; (its id, whether it became the page's working text)."""
    vid = insert_version(c, page, kind, text, provenance, author)
    made_current = not history_only and _becomes_current(c, page, kind)
    if made_current:
        c.execute("INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)", (page, vid))
        index_text(c, page, text)
    return vid, made_current


def _becomes_current(c: sqlite3.Connection, page: int, kind: VersionKind) -> bool:
    if kind.is_human:
        return True
    if kind is VersionKind.ALTERNATE:
        return False
    if c.execute("SELECT 1 FROM drafts WHERE page = ?", (page,)).fetchone():
        return False
    current = current_version_row(c, page)
    return current is None or not VersionKind(current[2]).is_human


def save_draft_in(c: sqlite3.Connection, page: int, text: str, author: str) -> bool:
    """Keep typed text as the page's draft; True when that started the page's review."""
    check_page_text(page, text)  # a draft becomes an edit version: the same limit
    current = current_version_row(c, page)
    c.execute(
        "INSERT OR REPLACE INTO drafts (page, text, base_version, updated_at, author) "
        "VALUES (?, ?, ?, ?, ?)",
        (page, text, None if current is None else current[0], now(), author),
    )
    index_text(c, page, text)
    return _mark_in_progress(c, page, author)


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
    c.execute("INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)", (page, vid))
    return True


def _mark_in_progress(c: sqlite3.Connection, page: int, author: str) -> bool:
    if status_of(c, page) is ReviewStatus.UNREVIEWED:
        insert_status(c, page, ReviewStatus.IN_PROGRESS, author)
        return True
    return False
