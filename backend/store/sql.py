"""SQL building blocks of the review store, used inside its transactions.

Kept apart from ``store.py`` so that file reads as the store's behaviour
(what becomes current, what is kept) while this one holds the row plumbing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from backend.errors import StoreCorruptError, StoreError, StoreLockedError
from backend.models import Change, ReviewStatus, Version, VersionKind

VERSION_COLUMNS = "id, page, kind, text, created_at, author, provenance"


def now() -> float:
    return time.time()


def insert_version(
    c: sqlite3.Connection,
    page: int,
    kind: VersionKind,
    text: str,
    provenance: dict[str, Any],
    author: str,
) -> int:
    cur = c.execute(
        "INSERT INTO versions (page, kind, text, created_at, author, provenance) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (page, kind.value, text, now(), author, json.dumps(provenance, ensure_ascii=False)),
    )
    return int(cur.lastrowid or 0)


def version_change(
    page: int, kind: VersionKind, made_current: bool, *, history_only: bool = False
) -> Change:
    message = ""
    if kind in (VersionKind.OCR, VersionKind.IMPORT) and not made_current and not history_only:
        message = "Kept your edit; the new reading was added to the page's history."
    return Change(pages=frozenset({page}), text=made_current, versions=True, message=message)


def insert_status(c: sqlite3.Connection, page: int, status: ReviewStatus, author: str) -> None:
    c.execute(
        "INSERT INTO status_events (page, status, created_at, author) VALUES (?, ?, ?, ?)",
        (page, status.value, now(), author),
    )


def status_of(c: sqlite3.Connection, page: int) -> ReviewStatus:
    row = c.execute(
        "SELECT status FROM status_events WHERE page = ? ORDER BY id DESC LIMIT 1", (page,)
    ).fetchone()
    return ReviewStatus.UNREVIEWED if row is None else ReviewStatus(row[0])


def index_text(c: sqlite3.Connection, page: int, text: str) -> None:
    c.execute("DELETE FROM search WHERE rowid = ?", (page,))
    c.execute("INSERT INTO search (rowid, text) VALUES (?, ?)", (page, text))


def version_row(row: tuple[Any, ...]) -> Version:
    vid, page, kind, text, created_at, author, provenance = row
    return Version(
        int(vid),
        int(page),
        VersionKind(kind),
        str(text),
        float(created_at),
        str(author),
        json.loads(provenance),
    )


def store_error(exc: sqlite3.DatabaseError, path: Path) -> StoreError:
    message = str(exc).lower()
    if "locked" in message or "busy" in message:
        return StoreLockedError(
            "The review store is busy (another ProofDesk may be saving to it); retrying.",
            detail=str(exc),
        )
    if "full" in message:
        return StoreError(
            "The disk is full; your text is kept in memory until it can be saved.", detail=str(exc)
        )
    if "not a database" in message or "malformed" in message or "corrupt" in message:
        return StoreCorruptError(f"The review store is damaged: {path}", detail=str(exc))
    return StoreError(f"The review store could not be written ({exc}).", detail=str(exc))
