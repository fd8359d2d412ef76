"""Backups of a review store through SQLite's online backup API.

A plain file copy of a live WAL database can catch it mid-write; the backup
API copies a consistent snapshot. Backups are taken on close and every 30
minutes, then thinned: all from the last day (at most ``KEEP_RECENT``), one a
day for two weeks, one a week for two months.
"""

from __future__ import annotations

import calendar
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

KEEP_RECENT = 12
DAY = 86_400.0
BACKUP_INTERVAL_S = 30 * 60
_SUFFIX = ".sqlite3"


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: float


def take_backup(conn: sqlite3.Connection, folder: Path, *, now: float | None = None) -> Backup:
    """Snapshot ``conn``'s database into ``folder`` and thin the folder."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
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
    backup = Backup(target, stamp)
    for old in backups_to_delete(list_backups(folder), now=stamp):
        old.path.unlink(missing_ok=True)
    return backup


def list_backups(folder: Path) -> list[Backup]:
    if not folder.is_dir():
        return []
    found = [Backup(p, _taken_at(p)) for p in folder.glob(f"*{_SUFFIX}")]
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


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
    """
    newest_first = sorted(backups, key=lambda b: b.taken_at, reverse=True)
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
    return [b for b in backups if b.path not in keep]
