"""Opening a review store's file: who may read it, its safe settings, and the
check after a session that did not close cleanly.

Kept apart from ``review_store`` because it runs once per open, before any
page is read or written, and what fails here is the file itself (made by a
newer ProofDesk, no safe journal mode, damaged by a crash), not a page's work.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from backend.errors import StoreCorruptError, StoreError
from backend.store.schema import SCHEMA_VERSION, schema_version


def create_private(path: Path) -> None:
    """Create ``path`` (and its folder) readable by the user only, if it is not there."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created readable by the user only, wherever it is (--store may put it
    # anywhere); SQLite gives its -wal and -shm files the same permissions.
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode: every write is the store's own ``BEGIN IMMEDIATE``."""
    return sqlite3.connect(path, isolation_level=None, timeout=5.0, check_same_thread=False)


def configure(conn: sqlite3.Connection) -> None:
    """WAL with ``synchronous=FULL`` (a returned commit survives a power cut), foreign keys."""
    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StoreError("The review store could not switch to its safe journal mode.")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    if schema_version(conn) > SCHEMA_VERSION:
        raise StoreError("This review was saved by a newer ProofDesk; update ProofDesk to open it.")


def check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    """After an unclean exit: refuse a damaged file rather than build on it."""
    result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise StoreCorruptError(
            "The review store is damaged. Restore it from a backup "
            f"(Help ▸ Backups) — store: {path}",
            detail=str(result),
        )
