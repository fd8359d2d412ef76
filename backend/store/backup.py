"""Backups of a review store through SQLite's online backup API.

A plain file copy of a live WAL database can catch it mid-write; the backup
API copies a consistent snapshot. Backups are taken on close and every 30
minutes, then thinned: all from the last day (at most ``KEEP_RECENT``), one a
day for two weeks, one a week for two months.

Versions are append-only, so the backup holding the most of them holds the most
of the review. Thinning never deletes the newest such backup, and a backup
holding none while others hold some (of an emptied or damaged store) never
takes the place of one that holds the review.
"""

from __future__ import annotations

import calendar
import os
import sqlite3
import stat
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from backend.store.store_file import make_private_folders

KEEP_RECENT = 12
DAY = 86_400.0
BACKUP_INTERVAL_S = 30 * 60
_SUFFIX = ".sqlite3"


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: float
    # How many versions it holds; None: not read. Not part of equality: the same
    # file is the same backup whether or not its versions were counted.
    versions: int | None = field(default=None, compare=False)


def default_backup_dir(store_path: Path) -> Path:
    """Where a store's backups go. Must agree with ``settings.paths.backup_dir_for``
    (a test checks it): the store may not import the settings."""
    return store_path.parent / "backups" / store_path.stem


def take_backup(conn: sqlite3.Connection, folder: Path, *, now: float | None = None) -> Backup:
    """Snapshot ``conn``'s database into ``folder`` and thin the folder."""
    make_private_folders(folder)
    stamp = now if now is not None else time.time()
    name = time.strftime("%Y%m%d-%H%M%S", time.gmtime(stamp)) + f"-{int(stamp * 1000) % 1000:03d}"
    target = folder / f"{name}{_SUFFIX}"
    partial = target.with_suffix(".partial")
    # Created private before any byte of the (confidential) review is written.
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
    try:
        dest = sqlite3.connect(partial)
        try:
            conn.backup(dest)
            # A self-contained file: opening a backup must not create -wal/-shm beside it.
            dest.execute("PRAGMA journal_mode=DELETE")
        finally:
            dest.close()
        partial.replace(target)  # only a complete snapshot ever carries the backup name
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    backup = Backup(target, stamp, versions_in(target))
    for old in backups_to_delete(counted_backups(folder), now=stamp):
        old.path.unlink(missing_ok=True)
    return backup


def list_backups(folder: Path) -> list[Backup]:
    if not folder.is_dir():
        return []
    found = [Backup(p, _taken_at(p)) for p in folder.glob(f"*{_SUFFIX}")]
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def counted_backups(folder: Path) -> list[Backup]:
    """``list_backups`` with each backup's version count read from its file."""
    return [replace(b, versions=versions_in(b.path)) for b in list_backups(folder)]


def versions_in(path: Path) -> int:
    """How many versions a backup file holds: 0 if it is empty, damaged or not a store.

    Versions are never deleted and their ids never reused, so the largest id is
    their count, read from the index without scanning the table.
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO must not block the read
            return 0
        # immutable: a backup is never written again, so no lock and no -wal/-shm.
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except (OSError, sqlite3.Error):
        return 0
    try:
        row = conn.execute("SELECT max(rowid) FROM versions").fetchone()
        return int(row[0] or 0)
    except sqlite3.Error:
        return 0
    finally:
        conn.close()


def best_backup(backups: list[Backup]) -> Backup | None:
    """The newest of the backups holding the most versions (counted ones only)."""
    counted = [b for b in backups if b.versions is not None]
    if not counted:
        return None
    return max(counted, key=lambda b: (b.versions or 0, b.taken_at))


def _taken_at(path: Path) -> float:
    """The time in the name (set when taken); the file's mtime if the name was changed."""
    try:
        stem, millis = path.stem.rsplit("-", 1)
        return calendar.timegm(time.strptime(stem, "%Y%m%d-%H%M%S")) + int(millis) / 1000
    except ValueError:
        return path.stat().st_mtime


def backups_to_delete(backups: list[Backup], *, now: float) -> list[Backup]:
    """The thinning rule, as a pure function: which backups are no longer needed.

    Buckets are calendar days and weeks (not ages), so the newest backup of each
    day survives every later thinning instead of being replaced by the next one.
    Whatever their times, the best backup (``best_backup``) is kept; backups
    holding no versions while another holds some are "hollow": they take no
    recent slot and no bucket, and only the newest of them from the last day stays.
    """
    newest_first = sorted(backups, key=lambda b: b.taken_at, reverse=True)
    most = max((b.versions or 0 for b in newest_first), default=0)
    hollow = [b for b in newest_first if most > 0 and b.versions == 0]
    hollow_paths = {b.path for b in hollow}
    solid = [b for b in newest_first if b.path not in hollow_paths]
    keep = _kept_by_age(solid, now)
    keep |= {b.path for b in hollow[:1] if now - b.taken_at < DAY}
    best = best_backup(newest_first)
    if best is not None:
        keep.add(best.path)
    return [b for b in backups if b.path not in keep]


def _kept_by_age(newest_first: list[Backup], now: float) -> set[Path]:
    recent = [b for b in newest_first if now - b.taken_at < DAY]
    keep: set[Path] = {b.path for b in recent[:KEEP_RECENT]}
    buckets: set[tuple[str, int]] = set()
    for b in newest_first:
        age = now - b.taken_at
        if age < 14 * DAY:
            bucket = ("day", int(b.taken_at // DAY))
        elif age < 63 * DAY:
            bucket = ("week", int(b.taken_at // (7 * DAY)))
        else:
            continue  # older than nine weeks: let it go
        if bucket not in buckets:
            buckets.add(bucket)
            keep.add(b.path)
    return keep
