"""Opening a review store's file: refusing one whose review was lost, its safe
settings, and the check after a session that did not close cleanly.

Kept apart from ``review_store`` because it runs once per open, before any
page is read or written, and what fails here is the file itself (emptied or
cut short by a crash or a sync tool, made by a newer ProofDesk, no safe journal
mode, damaged), not a page's work. A lost review is refused, never replaced by
a new one, and the refusal names the backup that holds it.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from backend.errors import NoReviewError, StoreCorruptError, StoreEmptyError, StoreError
from backend.i18n import N_, _, and_join
from backend.store.backup import Backup, best_backup, counted_backups
from backend.store.schema import SCHEMA_VERSION, schema_version
from backend.store.store_file import Found

_LOST = {
    Found.EMPTY: N_("is empty (0 bytes)"),
    Found.STORE: N_("holds an empty database"),
    Found.TRUNCATED: N_("is cut short (only the start of its first page is left)"),
    Found.BLANK: N_("holds only zero bytes"),
}


def refuse_damaged_file(path: Path, found: Found, backup_dir: Path, *, known: bool) -> None:
    """Before SQLite opens it: a file emptied, cut short, zeroed, or not a store at all.

    SQLite must not judge an empty file: it takes it for a new database and
    deletes the -wal beside it. "A review was kept here" is known from outside
    the file, which cannot be trusted: a backup of it exists, the caller's record
    says it was opened before, or a -wal with content is beside it.
    """
    if found in (Found.TRUNCATED, Found.BLANK):
        raise lost_review_error(path, found, backup_dir)
    if found is Found.EMPTY and (known or _has_wal(path) or _has_backup(backup_dir)):
        raise lost_review_error(path, found, backup_dir)
    if found is Found.FOREIGN:
        backup = best_backup(counted_backups(backup_dir))
        # Perhaps not a review at all (a PDF given as the store): never suggest deleting it.
        step = (
            _("if it is this document's review, {restore_step}").format(
                restore_step=_restore_step(path, backup)
            )
            if backup
            else _("if it is a file of yours, give the review store another name.")
        )
        raise StoreCorruptError(
            _(
                "{path} is not a review store (or is damaged beyond reading), so "
                "ProofDesk has not touched it; {step}"
            ).format(path=path, step=step)
        )


def refuse_lost_review(
    conn: sqlite3.Connection, path: Path, found: Found, backup_dir: Path, *, known: bool
) -> None:
    """A database with nothing in it (replaced by an empty one), where a review was kept.

    Asked of SQLite before anything is written; the same evidence as above.
    """
    if found is Found.STORE and _has_no_schema(conn) and (known or _has_backup(backup_dir)):
        raise lost_review_error(path, found, backup_dir)


def require_review(
    path: Path, backup_dir: Path, *, known: bool, document: str, page_count: int
) -> None:
    """For a command that only reads: no review file means no review, and none is made
    (neither the file nor its folder). One that was kept there and is gone is an error
    naming its backup, as for a file found empty."""
    if os.path.lexists(path):
        return  # whatever is there, opening it judges it (damaged, a folder, ...)
    backup = best_backup(counted_backups(backup_dir))
    if known or backup is not None:
        step = (
            _("to get the review back, {restore_step}").format(
                restore_step=_restore_step(path, backup)
            )
            if backup
            else _("no backup of it was found.")
        )
        raise StoreEmptyError(
            _(
                "No review file was found at {path}, though a review was kept there; "
                "nothing was created; {step}"
            ).format(path=path, step=step),
            backup=str(backup.path) if backup else "",
        )
    raise NoReviewError(
        _("“{document}” has no review yet (no review file at {path}); nothing was created.").format(
            document=document, path=path
        ),
        page_count=page_count,
    )


def missing_store_notice(path: Path, backup_dir: Path, *, known: bool) -> str:
    """When a new store was made where one had been: say so, and where the old one is."""
    backup = best_backup(counted_backups(backup_dir))
    if backup is None and not known:
        return ""
    notice = _(
        "No review file was found at {path}, though a review was kept there; a new one was started."
    ).format(path=path)
    if backup is not None:
        # The new store is open now: its -wal is its own, gone once ProofDesk is closed.
        step = _restore_step(path, backup, stale_journal=False)
        notice += _(" To get the earlier review back instead, {step}").format(step=step)
    return notice


def lost_review_error(path: Path, found: Found, backup_dir: Path) -> StoreEmptyError:
    backup = best_backup(counted_backups(backup_dir))
    return StoreEmptyError(
        _(
            "The review file {path} {get}, probably cut short by a crash or a sync "
            "tool, so ProofDesk has not opened it (that would start an empty review "
            "in its place); {what_to_do}"
        ).format(path=path, get=lost_words(found), what_to_do=_what_to_do(path, backup)),
        backup=str(backup.path) if backup else "",
    )


def _what_to_do(path: Path, backup: Backup | None) -> str:
    if backup is None:
        return _(
            "no backup of it was found: if the review is lost, delete that file to "
            "start a new review."
        )
    return _("to get the review back, {restore_step}").format(
        restore_step=_restore_step(path, backup)
    )


def _restore_step(path: Path, backup: Backup, *, stale_journal: bool = True) -> str:
    taken = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup.taken_at))
    count = backup.versions or 0
    step = _(
        "close ProofDesk and copy the backup {backup} (taken {taken}, {count} version(s)) "
        "over {path}"
    ).format(backup=backup.path, taken=taken, count=count, path=path)
    leftovers = [p.name for p in _journal_files(path) if stale_journal and p.exists()]
    if leftovers:  # a stale WAL would be replayed onto the restored file
        step += _(", deleting {files} beside it").format(files=and_join(leftovers))
    return step + _(", then open the document again.")


def _journal_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]


def _has_wal(path: Path) -> bool:
    try:
        return _journal_files(path)[0].stat().st_size > 0
    except OSError:
        return False


def _has_backup(backup_dir: Path) -> bool:
    return best_backup(counted_backups(backup_dir)) is not None


def _has_no_schema(conn: sqlite3.Connection) -> bool:
    """A database with no tables and no schema version: what SQLite makes of nothing."""
    try:
        empty = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    except sqlite3.DatabaseError:
        return False  # unreadable: the integrity errors below say why
    return empty and schema_version(conn) == 0


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode: every write is the store's own ``BEGIN IMMEDIATE``."""
    return sqlite3.connect(path, isolation_level=None, timeout=5.0, check_same_thread=False)


def configure(conn: sqlite3.Connection) -> None:
    """WAL with ``synchronous=FULL`` (a returned commit survives a power cut), foreign keys."""
    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StoreError(_("The review store could not switch to its safe journal mode."))
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    if schema_version(conn) > SCHEMA_VERSION:
        raise StoreError(
            _("This review was saved by a newer ProofDesk; update ProofDesk to open it.")
        )


def check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    """After an unclean exit: refuse a damaged file rather than build on it."""
    result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise StoreCorruptError(
            _(
                "The review store is damaged. Restore it from a backup (Help ▸ Backups) "
                "— store: {path}"
            ).format(path=path),
            detail=str(result),
        )


def lost_words(found: Found) -> str:
    """What was found where the review was kept, in the UI language."""
    words = _LOST.get(found, N_("is empty"))
    return _(words)
