"""Store backups: consistent snapshots of a live WAL database, private files, thinning."""

from __future__ import annotations

import calendar
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.store.backup import (
    DAY,
    KEEP_RECENT,
    Backup,
    backups_to_delete,
    list_backups,
    take_backup,
)

HOUR = 3600.0
WEEK = 7 * DAY
# 23:00 UTC on the last day of a week counted from the epoch, so that the rule's
# "n days / n weeks ago" buckets line up with calendar days and weeks too: the
# expectations below hold for age-based and calendar-based thinning alike.
NOW = 2900 * WEEK + 6 * DAY + 23 * HOUR


@pytest.fixture
def live_db(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """A WAL database with committed rows still in the WAL (never checkpointed)."""
    conn = sqlite3.connect(tmp_path / "live.sqlite3", isolation_level=None)
    try:
        assert conn.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("CREATE TABLE versions (page INTEGER, text TEXT)")
        conn.executemany(
            "INSERT INTO versions VALUES (?, ?)", [(i, f"第{i}頁" * 50) for i in range(500)]
        )
        assert (tmp_path / "live.sqlite3-wal").stat().st_size > 0
        yield conn
    finally:
        conn.close()


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def test_backup_of_a_live_wal_database_holds_every_committed_row(
    live_db: sqlite3.Connection, tmp_path: Path
) -> None:
    backup = take_backup(live_db, tmp_path / "backups", now=NOW)
    copy = _read_only(backup.path)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("SELECT count(*), max(page) FROM versions").fetchone() == (500, 499)
        assert copy.execute("SELECT text FROM versions WHERE page = 7").fetchone()[0] == (
            "第7頁" * 50
        )
    finally:
        copy.close()
    live_db.execute("INSERT INTO versions VALUES (1000, 'after the backup')")
    copy = _read_only(backup.path)
    try:
        assert copy.execute("SELECT count(*) FROM versions").fetchone()[0] == 500  # a snapshot
    finally:
        copy.close()


def test_backup_file_is_private_and_complete(live_db: sqlite3.Connection, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    backup = take_backup(live_db, folder, now=NOW)
    assert stat.S_IMODE(backup.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert [p.name for p in folder.iterdir()] == [backup.path.name]  # no .partial left behind
    assert backup.taken_at == NOW


def test_backup_name_carries_its_time(live_db: sqlite3.Connection, tmp_path: Path) -> None:
    stamp = calendar.timegm((2025, 3, 4, 5, 6, 7, 0, 0, 0)) + 0.5
    backup = take_backup(live_db, tmp_path / "backups", now=stamp)
    assert backup.path.name == "20250304-050607-500.sqlite3"
    assert list_backups(tmp_path / "backups") == [backup]


def test_taking_a_backup_thins_the_folder(live_db: sqlite3.Connection, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    ancient = take_backup(live_db, folder, now=NOW - 70 * DAY)
    recent = take_backup(live_db, folder, now=NOW - HOUR)
    newest = take_backup(live_db, folder, now=NOW)
    assert not ancient.path.exists()
    assert recent.path.exists() and newest.path.exists()


# -- list_backups ---------------------------------------------------------------------


def test_list_backups_reads_the_time_from_the_name_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    for name in ("20240102-030405-678.sqlite3", "20240315-000000-000.sqlite3"):
        (folder / name).write_bytes(b"")
        os.utime(folder / name, (1_000_000, 1_000_000))  # the mtime must not be used
    (folder / "20240401-000000-000.partial").write_bytes(b"")  # unfinished: not a backup
    found = list_backups(folder)
    assert [b.path.name for b in found] == [
        "20240315-000000-000.sqlite3",
        "20240102-030405-678.sqlite3",
    ]
    assert found[0].taken_at == calendar.timegm((2024, 3, 15, 0, 0, 0, 0, 0, 0))
    assert found[1].taken_at == pytest.approx(
        calendar.timegm((2024, 1, 2, 3, 4, 5, 0, 0, 0)) + 0.678
    )


def test_list_backups_falls_back_to_mtime_for_a_renamed_file(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    renamed = folder / "before-the-big-edit.sqlite3"
    renamed.write_bytes(b"")
    os.utime(renamed, (1_234_567, 1_234_567))
    assert list_backups(folder) == [Backup(renamed, 1_234_567)]


def test_list_backups_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_backups(tmp_path / "never-made") == []


# -- the thinning rule ----------------------------------------------------------------


def _backups(*ages: float) -> list[Backup]:
    return [Backup(Path(f"age-{age / HOUR:g}h.sqlite3"), NOW - age) for age in ages]


def _kept(backups: list[Backup]) -> list[Backup]:
    doomed = backups_to_delete(backups, now=NOW)
    assert all(b in backups for b in doomed)
    return [b for b in backups if b not in doomed]


def test_keeps_only_the_newest_few_of_the_last_day() -> None:
    backups = _backups(*(h * HOUR for h in range(20)))  # hourly, 0 h … 19 h old
    kept = _kept(backups)
    assert kept == backups[:KEEP_RECENT]


def test_keeps_everything_when_the_last_day_has_few() -> None:
    backups = _backups(0, 5 * HOUR, 22 * HOUR)
    assert backups_to_delete(backups, now=NOW) == []


def test_keeps_one_a_day_for_two_weeks_the_newest_of_each_day() -> None:
    # two a day (1 h and 12 h into the day's age) for days 1 … 13
    backups = _backups(*(d * DAY + h * HOUR for d in range(1, 14) for h in (1, 12)))
    kept = _kept(backups)
    assert kept == _backups(*(d * DAY + HOUR for d in range(1, 14)))


def test_keeps_one_a_week_up_to_nine_weeks_then_drops() -> None:
    # two a week (1 and 3 days into the week's age) for weeks 2 … 10
    backups = _backups(*(w * WEEK + d * DAY for w in range(2, 11) for d in (1, 3)))
    kept = _kept(backups)
    assert kept == _backups(*(w * WEEK + DAY for w in range(2, 9)))


def test_everything_past_nine_weeks_is_dropped() -> None:
    backups = _backups(63 * DAY, 100 * DAY, 400 * DAY)
    assert backups_to_delete(backups, now=NOW) == backups


def test_thinning_a_mixed_history() -> None:
    recent = _backups(*(m * 10 * 60.0 for m in range(15)))  # every 10 min: 14 too many
    daily = _backups(2 * DAY + 3 * HOUR, 2 * DAY + 9 * HOUR, 5 * DAY + HOUR)
    weekly = _backups(3 * WEEK + HOUR, 3 * WEEK + 2 * DAY, 6 * WEEK)
    old = _backups(70 * DAY)
    kept = _kept(recent + daily + weekly + old)
    assert kept == [*recent[:KEEP_RECENT], daily[0], daily[2], weekly[0], weekly[2]]


def test_repeated_thinning_keeps_daily_and_weekly_backups() -> None:
    alive: list[Backup] = []
    start = NOW - 40 * DAY
    # a working day, every day: 9:00 to 17:00, one backup every 30 minutes
    times = [start + d * DAY + 9 * HOUR + k * 1800 for d in range(40) for k in range(17)]
    for i, taken in enumerate(times):
        alive.append(Backup(Path(f"{i}.sqlite3"), taken))
        doomed = set(backups_to_delete(alive, now=taken))
        alive = [b for b in alive if b not in doomed]
    last = times[-1]
    ages = sorted(last - b.taken_at for b in alive)
    assert sum(DAY <= a < 14 * DAY for a in ages) >= 10  # about one per day
    assert sum(21 * DAY <= a < 63 * DAY for a in ages) >= 2  # and older weekly ones
