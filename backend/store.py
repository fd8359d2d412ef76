"""The review store: one SQLite file per document, holding every reading and edit.

Durability: WAL with ``synchronous=FULL``, so a commit that returned survives
a crash or power cut (a 25-kill SIGKILL loop lost no acknowledged commit here).
Every write is one short ``BEGIN IMMEDIATE`` transaction.

The store is used from one thread at a time (the GUI gives it a serial
executor); ``check_same_thread=False`` lets that thread be a worker.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from backend.errors import StoreCorruptError, StoreError
from backend.models import Change, PageState, ReviewStatus, Version, VersionKind
from backend.store_lock import SessionLock
from backend.store_schema import SCHEMA_VERSION, migrate, schema_version
from backend.store_sql import (
    VERSION_COLUMNS,
    index_text,
    insert_status,
    insert_version,
    now,
    status_of,
    store_error,
    version_change,
    version_row,
)


class ReviewStore:
    """Versions, drafts, review status and notes for one document's pages."""

    def __init__(self, path: str | Path, *, author: str) -> None:
        self.path = Path(path)
        self.author = author
        self.was_unclean = False  # set when the last session did not close cleanly
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Created readable by the user only, wherever it is (--store may put it
        # anywhere); SQLite gives its -wal and -shm files the same permissions.
        os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        # The first process to open a store owns it: only the owner reads and sets
        # the clean-exit marker. Another (a CLI `status` while the GUI is open, a
        # second window) still reads and writes safely through SQLite's locking.
        self._lock = SessionLock(self.path.with_name(self.path.name + ".lock"))
        self.owner = self._lock.acquire()
        self._previous_open_state: str | None = None
        try:
            self._conn = sqlite3.connect(
                self.path, isolation_level=None, timeout=5.0, check_same_thread=False
            )
            self._configure()
            migrate(self._conn)
            self._check_after_unclean_exit()
        except sqlite3.DatabaseError as exc:
            self._lock.release()
            raise store_error(exc, self.path) from exc
        except BaseException:
            self._lock.release()
            raise

    # -- life cycle -------------------------------------------------------

    def _configure(self) -> None:
        mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError("The review store could not switch to its safe journal mode.")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        if schema_version(self._conn) > SCHEMA_VERSION:
            raise StoreError(
                "This review was saved by a newer ProofDesk; update ProofDesk to open it."
            )

    def _check_after_unclean_exit(self) -> None:
        if not self.owner:
            return  # a live process has it open: its marker says nothing about a crash
        self._previous_open_state = self.get_meta("open_state")
        self.was_unclean = self._previous_open_state == "open"
        if self.was_unclean:
            result = self._conn.execute("PRAGMA integrity_check").fetchone()[0]
            if result != "ok":
                raise StoreCorruptError(
                    "The review store is damaged. Restore it from a backup "
                    f"(Help ▸ Backups) — store: {self.path}",
                    detail=str(result),
                )
        self.set_meta("open_state", "open")

    def close(self) -> None:
        """Promote every draft to a version, mark a clean exit, close.

        If that fails (disk full) the drafts are still in the store and the exit
        counts as unclean, so the next open recovers them; the file is closed anyway.
        """
        try:
            self.commit_all_drafts()
            if self.owner:
                self.set_meta("open_state", "closed")
        finally:
            self._conn.close()
            self._lock.release()

    def abandon(self) -> None:
        """Close without having used the store (opening failed later): leave it as found."""
        if self.owner and self._previous_open_state != "open":
            self.set_meta("open_state", self._previous_open_state or "closed")
        self._conn.close()
        self._lock.release()

    @property
    def connection(self) -> sqlite3.Connection:
        """For the backup API only."""
        return self._conn

    def transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """One write transaction, for collaborators that keep their own tables (jobs)."""
        return self._write()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise store_error(exc, self.path) from exc
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except BaseException as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.DatabaseError):
                raise store_error(exc, self.path) from exc
            raise

    # -- meta ---------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._write() as c:
            c.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- versions -------------------------------------------------------------

    def add_version(
        self,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: dict[str, Any] | None = None,
        *,
        author: str | None = None,
        history_only: bool = False,
    ) -> tuple[Version, Change]:
        """Append a version. Machine readings never displace a person's work.

        An ``ocr`` or ``import`` version becomes the working text only when the
        page has no draft and its working version is not a human edit; an
        ``alternate`` never does. ``edit`` and ``restore`` always do.
        ``history_only`` keeps any version out of the working text (a re-run
        the reviewer has yet to accept).
        """
        with self._write() as c:
            vid, made_current = self._append(
                c, page, kind, text, provenance or {}, author, history_only=history_only
            )
        change = version_change(page, kind, made_current, history_only=history_only)
        return self.version(vid), change

    def add_versions(
        self, items: list[tuple[int, VersionKind, str, dict[str, Any]]]
    ) -> list[Change]:
        """Append many versions in one transaction: all are stored, or none."""
        changes = []
        with self._write() as c:
            for page, kind, text, provenance in items:
                _, made_current = self._append(c, page, kind, text, provenance, None)
                changes.append(version_change(page, kind, made_current))
        return changes

    def append_in(
        self,
        c: sqlite3.Connection,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: dict[str, Any],
        *,
        history_only: bool = False,
    ) -> tuple[int, Change]:
        """Append a version inside a caller's ``transaction()``."""
        vid, made_current = self._append(
            c, page, kind, text, provenance, None, history_only=history_only
        )
        return vid, version_change(page, kind, made_current, history_only=history_only)

    def _append(
        self,
        c: sqlite3.Connection,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: dict[str, Any],
        author: str | None,
        *,
        history_only: bool = False,
    ) -> tuple[int, bool]:
        vid = insert_version(c, page, kind, text, provenance, author or self.author)
        made_current = not history_only and self._becomes_current(c, page, kind)
        if made_current:
            c.execute(
                "INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)", (page, vid)
            )
            index_text(c, page, text)
        return vid, made_current

    def _becomes_current(self, c: sqlite3.Connection, page: int, kind: VersionKind) -> bool:
        if kind.is_human:
            return True
        if kind is VersionKind.ALTERNATE:
            return False
        if c.execute("SELECT 1 FROM drafts WHERE page = ?", (page,)).fetchone():
            return False
        current = self._current_version_row(c, page)
        return current is None or not VersionKind(current[2]).is_human

    def versions(self, page: int) -> list[Version]:
        rows = self._conn.execute(
            f"SELECT {VERSION_COLUMNS} FROM versions WHERE page = ? ORDER BY id", (page,)
        ).fetchall()
        return [version_row(r) for r in rows]

    def version(self, version_id: int) -> Version:
        row = self._conn.execute(
            f"SELECT {VERSION_COLUMNS} FROM versions WHERE id = ?", (version_id,)
        ).fetchone()
        if row is None:
            raise KeyError(version_id)
        return version_row(row)

    def current_version(self, page: int) -> Version | None:
        row = self._current_version_row(self._conn, page)
        return None if row is None else version_row(row)

    def current_version_id(self, page: int) -> int | None:
        """The working version's id, without reading the version (cheap: a cache key)."""
        row = self._conn.execute(
            "SELECT current_version FROM pages WHERE page = ?", (page,)
        ).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def latest_version_id(self, page: int, kind: VersionKind) -> int | None:
        """The newest version of ``kind`` on ``page``, by id only (cheap)."""
        row = self._conn.execute(
            "SELECT max(id) FROM versions WHERE page = ? AND kind = ?", (page, kind.value)
        ).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def _current_version_row(self, c: sqlite3.Connection, page: int) -> tuple[Any, ...] | None:
        row = c.execute(
            f"SELECT {VERSION_COLUMNS} FROM versions WHERE id = "
            "(SELECT current_version FROM pages WHERE page = ?)",
            (page,),
        ).fetchone()
        return None if row is None else tuple(row)

    def restore(self, version_id: int) -> tuple[Version, Change]:
        """Make an old version the working text again, as a new ``restore`` version.

        Whatever was typed since the last version is kept in the history first,
        in the same transaction.
        """
        old = self.version(version_id)
        provenance = {"restored_from": old.id, "restored_kind": old.kind.value}
        with self._write() as c:
            self._commit_draft_in(c, old.page)
            vid, _ = self._append(c, old.page, VersionKind.RESTORE, old.text, provenance, None)
        return self.version(vid), Change(pages=frozenset({old.page}), text=True, versions=True)

    # -- drafts (autosave) ------------------------------------------------------

    def save_draft(self, page: int, text: str) -> Change:
        """Durably keep typed text; cheap enough to call every couple of seconds."""
        with self._write() as c:
            current = self._current_version_row(c, page)
            c.execute(
                "INSERT OR REPLACE INTO drafts (page, text, base_version, updated_at, author) "
                "VALUES (?, ?, ?, ?, ?)",
                (page, text, None if current is None else current[0], now(), self.author),
            )
            index_text(c, page, text)
            started = self._mark_in_progress(c, page)
        return Change(pages=frozenset({page}), text=True, status=started)

    def commit_draft(self, page: int) -> Change:
        """Turn the page's draft into an ``edit`` version (nothing if unchanged)."""
        with self._write() as c:
            added = self._commit_draft_in(c, page)
        return Change(pages=frozenset({page}), versions=added) if added else Change()

    def _commit_draft_in(self, c: sqlite3.Connection, page: int) -> bool:
        row = c.execute("SELECT text, author FROM drafts WHERE page = ?", (page,)).fetchone()
        if row is None:
            return False
        c.execute("DELETE FROM drafts WHERE page = ?", (page,))
        current = self._current_version_row(c, page)
        if current is not None and current[3] == row[0]:
            return False
        vid = insert_version(c, page, VersionKind.EDIT, row[0], {}, row[1])
        c.execute("INSERT OR REPLACE INTO pages (page, current_version) VALUES (?, ?)", (page, vid))
        return True

    def commit_all_drafts(self) -> Change:
        pages = [r[0] for r in self._conn.execute("SELECT page FROM drafts").fetchall()]
        for page in pages:
            self.commit_draft(page)
        return Change(pages=frozenset(pages), versions=bool(pages))

    def draft(self, page: int) -> str | None:
        row = self._conn.execute("SELECT text FROM drafts WHERE page = ?", (page,)).fetchone()
        return None if row is None else str(row[0])

    # -- status and notes ---------------------------------------------------------

    def set_status(self, page: int, status: ReviewStatus) -> Change:
        with self._write() as c:
            insert_status(c, page, status, self.author)
        return Change(pages=frozenset({page}), status=True)

    def _mark_in_progress(self, c: sqlite3.Connection, page: int) -> bool:
        if status_of(c, page) is ReviewStatus.UNREVIEWED:
            insert_status(c, page, ReviewStatus.IN_PROGRESS, self.author)
            return True
        return False

    def status(self, page: int) -> ReviewStatus:
        return status_of(self._conn, page)

    def status_history(self, page: int) -> list[tuple[ReviewStatus, float, str]]:
        rows = self._conn.execute(
            "SELECT status, created_at, author FROM status_events WHERE page = ? ORDER BY id",
            (page,),
        ).fetchall()
        return [(ReviewStatus(s), float(t), str(a)) for s, t, a in rows]

    def statuses(self, page_count: int) -> list[ReviewStatus]:
        """The current status of every page, in one query (fast for thousands of pages)."""
        out = [ReviewStatus.UNREVIEWED] * page_count
        for page, status in self._conn.execute(
            "SELECT page, status FROM status_events WHERE id IN "
            "(SELECT max(id) FROM status_events GROUP BY page)"
        ):
            if 0 <= page < page_count:
                out[page] = ReviewStatus(status)
        return out

    def set_note(self, page: int, text: str) -> Change:
        with self._write() as c:
            c.execute(
                "INSERT INTO note_events (page, text, created_at, author) VALUES (?, ?, ?, ?)",
                (page, text, now(), self.author),
            )
        return Change(pages=frozenset({page}), note=True)

    def note(self, page: int) -> str:
        row = self._conn.execute(
            "SELECT text FROM note_events WHERE page = ? ORDER BY id DESC LIMIT 1", (page,)
        ).fetchone()
        return "" if row is None else str(row[0])

    # -- reading a page -------------------------------------------------------------

    def page_state(self, page: int) -> PageState:
        draft = self.draft(page)
        current = self.current_version(page)
        count = self._conn.execute(
            "SELECT count(*) FROM versions WHERE page = ?", (page,)
        ).fetchone()[0]
        text = draft if draft is not None else (current.text if current else "")
        return PageState(
            page=page,
            text=text,
            version_id=None if draft is not None or current is None else current.id,
            has_draft=draft is not None,
            status=self.status(page),
            note=self.note(page),
            version_count=int(count),
            source=_source(draft, current),
        )

    def working_text(self, page: int) -> str:
        return self.page_state(page).text

    def version_counts(self) -> dict[int, int]:
        return dict(self._conn.execute("SELECT page, count(*) FROM versions GROUP BY page"))

    # -- search ------------------------------------------------------------------------

    def search(self, query: str, *, limit: int = 500) -> list[tuple[int, str]]:
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
        return [(int(p), str(t)) for p, t in self._conn.execute(sql, (arg, limit))]


def _source(draft: str | None, version: Version | None) -> tuple[str, str, str]:
    if draft is not None:
        return ("edit", "", "")
    if version is None:
        return ("", "", "")
    prov = version.provenance
    return (version.kind.value, str(prov.get("engine") or ""), str(prov.get("model") or ""))
