"""The review store: one SQLite file per document, holding every reading and edit.

Durability: WAL with ``synchronous=FULL``, so a commit that returned survives
a crash or power cut (a 25-kill SIGKILL loop lost no acknowledged commit here).
Every write is one short ``BEGIN IMMEDIATE`` transaction.

The store is used from one thread at a time (the GUI gives it a serial
executor); ``check_same_thread=False`` lets that thread be a worker.

This class is the store's surface and its life cycle, and decodes the rows it
reads into ``Version``s. What the path holds, and whether it is still the same
file at each write, is ``store_file``; opening the file is ``opening``; the
write transaction and the rules run inside it are ``page_writes``; the longer
read queries, and the one reads and writes share, are ``page_queries``.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from backend.errors import StoreFullError
from backend.i18n import _
from backend.models import Change, PageState, ReviewStatus, Version, VersionKind
from backend.provenance import Provenance, ProvenanceLike
from backend.store import activity_rows, facts_rows, page_queries, publish_rows, store_file
from backend.store.backup import default_backup_dir
from backend.store.job_rows import JobStore
from backend.store.limits import check_note
from backend.store.lock import SessionLock
from backend.store.opening import (
    check_integrity,
    configure,
    connect,
    missing_store_notice,
    refuse_damaged_file,
    refuse_lost_review,
)
from backend.store.page_queries import current_version_row, page_source
from backend.store.page_writes import (
    append_version,
    commit_draft_in,
    save_draft_in,
    write_transaction,
)
from backend.store.schema import migrate
from backend.store.sql import (
    VERSION_COLUMNS,
    insert_status,
    now,
    status_of,
    store_error,
    version_change,
    version_row,
)


class ReviewStore(facts_rows.FactsIndex, publish_rows.PublishLog, activity_rows.ActivityLog):
    """Versions, drafts, review status and notes for one document's pages."""

    def __init__(
        self,
        path: str | Path,
        *,
        author: str,
        backup_dir: Path | None = None,
        known: bool = False,
    ) -> None:
        """Open (or create) the store at ``path``.

        ``backup_dir``: where its backups are (default: ``backups/<name>`` beside
        it, as ``settings.paths.backup_dir_for`` says). ``known``: the caller has a
        record that a review was kept at ``path``. Either is evidence that an
        empty file there is a lost review, which is refused, not started over.
        """
        self.path = Path(path)
        self.author = author
        self.was_unclean = False  # set when the last session did not close cleanly
        self.disk_full = False  # the last write failed for a full disk
        self.notices: list[str] = []  # for the user, gathered while opening
        try:
            self._start(
                backup_dir if backup_dir is not None else default_backup_dir(self.path), known
            )
        except StoreFullError as exc:  # nothing was being saved yet: say what did not happen
            raise StoreFullError(_(store_file.DISK_FULL_ON_OPEN), detail=exc.detail) from exc

    def _start(self, backups: Path, known: bool) -> None:
        found = store_file.prepare(self.path)
        refuse_damaged_file(self.path, found, backups, known=known)
        # The first process to open a store owns it: only the owner reads and sets
        # the clean-exit marker. Another (a CLI `status` while the GUI is open, a
        # second window) still reads and writes safely through SQLite's locking.
        self._lock = SessionLock(self.path.with_name(self.path.name + ".lock"))
        try:
            self.owner = self._lock.acquire()
        except OSError as exc:
            store_file.raise_if_full(exc, self._lock.path)
            raise
        self._previous_open_state: str | None = None
        try:
            self._open(found, backups, known)
        except BaseException as exc:
            if found is store_file.Found.CREATED and self.owner:
                store_file.remove_new(self.path)  # leave no empty file to be taken for a lost one
            self._lock.release()
            if isinstance(exc, sqlite3.DatabaseError):
                raise store_error(exc, self.path) from exc
            raise
        store_file.register(self._file)
        if found is store_file.Found.CREATED and (
            notice := missing_store_notice(self.path, backups, known=known)
        ):
            self.notices.append(notice)

    # -- life cycle -------------------------------------------------------

    def _open(self, found: store_file.Found, backups: Path, known: bool) -> None:
        self._conn = connect(self.path)
        try:
            refuse_lost_review(self._conn, self.path, found, backups, known=known)
            configure(self._conn)
            migrate(self._conn)
            self._file = store_file.file_id(self.path)
            self._check_after_unclean_exit()
        except BaseException:
            self._conn.close()
            raise

    def _check_after_unclean_exit(self) -> None:
        if not self.owner:
            return  # a live process has it open: its marker says nothing about a crash
        self._previous_open_state = self.get_meta("open_state")
        self.was_unclean = self._previous_open_state == "open"
        if self.was_unclean:
            check_integrity(self._conn, self.path)
        self.set_meta("open_state", "open")

    def close(self) -> None:
        """Promote every draft to a version, mark a clean exit, close.

        If that fails (disk full) the drafts are still in the store and the exit
        counts as unclean, so the next open recovers them; the file is closed anyway.
        """
        try:
            self.commit_all_drafts()
            # A store deleted under us has no marker worth writing; its loss was
            # reported at the save that noticed it.
            if self.owner and store_file.still_there(self.path, self._file):
                self.set_meta("open_state", "closed")
        finally:
            self._release()

    def abandon(self) -> None:
        """Close without having used the store (opening failed later): leave it as found."""
        try:
            if self.owner and self._previous_open_state != "open":
                self.set_meta("open_state", self._previous_open_state or "closed")
        finally:
            self._release()

    def _release(self) -> None:
        self._conn.close()
        self._lock.release()
        store_file.unregister(self._file)

    # -- what only this store does (``interface.PageStore``'s capabilities) -----

    def local_file(self) -> Path:
        return self.path

    def local(self) -> ReviewStore:
        return self

    def jobs(self) -> JobStore:
        return JobStore(self)

    @property
    def connection(self) -> sqlite3.Connection:
        """For the backup API and the jobs' reads."""
        return self._conn

    def transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """One write transaction, for collaborators that keep their own tables (jobs)."""
        return self._write()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        # SQLite would write on into a deleted or replaced file, and lose it all at close.
        if not store_file.still_there(self.path, self._file):
            raise store_file.gone_error(self.path)
        try:
            with write_transaction(self._conn, self.path) as c:
                yield c
        except StoreFullError:
            self.disk_full = True
            raise
        self.disk_full = False

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
        provenance: ProvenanceLike | None = None,
        *,
        author: str | None = None,
        history_only: bool = False,
    ) -> tuple[Version, Change]:
        """Append a version; ``rules.becomes_current`` says whether it becomes the working
        text (a machine reading never displaces a person's work). ``history_only`` keeps
        any version out of it (a re-run the reviewer has yet to accept)."""
        with self._write() as c:
            vid, made_current = append_version(
                c,
                page,
                kind,
                text,
                provenance or {},
                author or self.author,
                history_only=history_only,
            )
        change = version_change(page, kind, made_current, history_only=history_only)
        return self.version(vid), change

    def add_versions(
        self, items: list[tuple[int, VersionKind, str, ProvenanceLike]]
    ) -> list[Change]:
        """Append many versions in one transaction: all are stored, or none."""
        changes = []
        with self._write() as c:
            for page, kind, text, provenance in items:
                _unused, made_current = append_version(c, page, kind, text, provenance, self.author)
                changes.append(version_change(page, kind, made_current))
        return changes

    def append_in(
        self,
        c: sqlite3.Connection,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: ProvenanceLike,
        *,
        history_only: bool = False,
    ) -> tuple[int, Change]:
        """Append a version inside a caller's ``transaction()``."""
        vid, made_current = append_version(
            c, page, kind, text, provenance, self.author, history_only=history_only
        )
        return vid, version_change(page, kind, made_current, history_only=history_only)

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
        row = current_version_row(self._conn, page)
        return None if row is None else version_row(row)

    def current_version_id(self, page: int) -> int | None:
        """The working version's id, without reading the version (cheap: a cache key)."""
        return page_queries.current_version_id(self._conn, page)

    def latest_version_id(self, page: int, kind: VersionKind) -> int | None:
        """The newest version of ``kind`` on ``page``, by id only (cheap)."""
        return page_queries.latest_version_id(self._conn, page, kind)

    def restore(self, version_id: int) -> tuple[Version, Change]:
        """Make an old version the working text again, as a new ``restore`` version.

        Whatever was typed since the last version is kept in the history first,
        in the same transaction.
        """
        old = self.version(version_id)
        provenance = Provenance.of(restored_from=old.id, restored_kind=old.kind.value)
        with self._write() as c:
            commit_draft_in(c, old.page)
            vid, _made = append_version(
                c, old.page, VersionKind.RESTORE, old.text, provenance, self.author
            )
        return self.version(vid), Change(
            pages=frozenset({old.page}), text=True, versions=True, status=True
        )

    # -- drafts (autosave) ------------------------------------------------------

    def save_draft(self, page: int, text: str) -> Change:
        """Durably keep typed text; cheap enough to call every couple of seconds."""
        with self._write() as c:
            started = save_draft_in(c, page, text, self.author)
        return Change(pages=frozenset({page}), text=True, status=started)

    def commit_draft(self, page: int) -> Change:
        """Turn the page's draft into an ``edit`` version (nothing if unchanged)."""
        with self._write() as c:
            added = commit_draft_in(c, page)
        # (status: new working text takes back an approval, ``rules.status_after``)
        return Change(pages=frozenset({page}), versions=True, status=True) if added else Change()

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
        """Record a status, of the text on screen: typing is saved as a version first."""
        with self._write() as c:
            added = commit_draft_in(c, page)
            insert_status(c, page, status, self.author)
        return Change(pages=frozenset({page}), status=True, versions=added)

    def status(self, page: int) -> ReviewStatus:
        return status_of(self._conn, page)

    def approved_version(self, page: int) -> Version | None:
        """The version the page's approval in force was given to (None: not approved)."""
        vid = page_queries.approved_version_id(self._conn, page)
        return None if vid is None else self.version(vid)

    def status_history(self, page: int) -> list[tuple[ReviewStatus, float, str]]:
        return page_queries.status_history(self._conn, page)

    def statuses(self, page_count: int) -> list[ReviewStatus]:
        """The current status of every page, in one query (fast for thousands of pages)."""
        return page_queries.statuses(self._conn, page_count)

    def set_note(self, page: int, text: str) -> Change:
        check_note(page, text)  # before the transaction: refused, nothing is written
        with self._write() as c:
            c.execute(
                "INSERT INTO note_events (page, text, created_at, author) VALUES (?, ?, ?, ?)",
                (page, text, now(), self.author),
            )
        return Change(pages=frozenset({page}), note=True)

    def note(self, page: int) -> str:
        return page_queries.note(self._conn, page)

    # -- reading a page -------------------------------------------------------------

    def page_state(self, page: int) -> PageState:
        draft = self.draft(page)
        current = self.current_version(page)
        count = page_queries.version_count(self._conn, page)
        text = draft if draft is not None else (current.text if current else "")
        return PageState(
            page=page,
            text=text,
            version_id=None if draft is not None or current is None else current.id,
            has_draft=draft is not None,
            status=self.status(page),
            note=self.note(page),
            version_count=count,
            source=page_source(draft, current),
        )

    def working_text(self, page: int) -> str:
        return self.page_state(page).text

    def version_counts(self) -> dict[int, int]:
        return page_queries.version_counts(self._conn)

    # -- search ------------------------------------------------------------------------

    def search(self, query: str, *, limit: int = 500) -> list[tuple[int, str]]:
        """Pages whose working text contains ``query``: (page, text), in page order."""
        return page_queries.search(self._conn, query, limit)
