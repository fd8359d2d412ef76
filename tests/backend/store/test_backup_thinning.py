"""Thinning never loses the review: the newest backup holding the most versions always
survives, and backups of an emptied or damaged store never push out ones that hold it."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.store.backup import DAY, Backup, backups_to_delete, take_backup
from tests.properties import examples

HOUR = 3600.0
NOW = 2_000_000_000.0


def backup(i: int, age: float, versions: int | None) -> Backup:
    return Backup(Path(f"{i}.sqlite3"), NOW - age, versions=versions)


def newest_with_most(backups: list[Backup]) -> Backup | None:
    """The issue's rule, written out again here: not the code under test."""
    counted = [b for b in backups if b.versions is not None]
    if not counted:
        return None
    most = max(b.versions for b in counted if b.versions is not None)
    return max((b for b in counted if b.versions == most), key=lambda b: b.taken_at)


histories = st.lists(
    st.tuples(
        st.floats(min_value=0, max_value=400 * DAY, allow_nan=False),
        st.one_of(st.none(), st.integers(min_value=0, max_value=5000)),
    ),
    max_size=60,
)


@examples(300)
@given(history=histories, later=st.floats(min_value=-DAY, max_value=100 * DAY))
def test_the_newest_backup_with_the_most_versions_always_survives(
    history: list[tuple[float, int | None]], later: float
) -> None:
    backups = [backup(i, age, versions) for i, (age, versions) in enumerate(history)]
    doomed = backups_to_delete(backups, now=NOW + later)
    assert all(b in backups for b in doomed)
    best = newest_with_most(backups)
    if best is not None:
        assert best not in doomed


@examples(200)
@given(
    solid=st.lists(
        st.tuples(
            st.floats(min_value=0, max_value=80 * DAY), st.integers(min_value=1, max_value=900)
        ),
        min_size=1,
        max_size=30,
    ),
    hollow=st.lists(st.floats(min_value=0, max_value=80 * DAY), max_size=40),
)
def test_backups_of_an_empty_store_push_out_no_backup_that_holds_the_review(
    solid: list[tuple[float, int]], hollow: list[float]
) -> None:
    good = [backup(i, age, n) for i, (age, n) in enumerate(solid)]
    empty = [backup(1000 + i, age, 0) for i, age in enumerate(hollow)]
    kept_alone = set(good) - set(backups_to_delete(good, now=NOW))
    kept_among_empty = set(good) - set(backups_to_delete(good + empty, now=NOW))
    assert kept_alone <= kept_among_empty


def test_a_big_backup_outlives_a_long_run_of_empty_ones() -> None:
    big = backup(0, 30 * DAY, 4000)  # past the daily backups, in a weekly bucket
    alive = [big]
    # The old failure: an emptied store opened and closed all day, every day, for weeks.
    for step in range(1, 24 * 120):
        taken = NOW - 30 * DAY + step * 1800.0
        alive.append(Backup(Path(f"e{step}.sqlite3"), taken, versions=0))
        doomed = set(backups_to_delete(alive, now=taken))
        alive = [b for b in alive if b not in doomed]
    assert big in alive
    assert len(alive) <= 2  # the big one and the newest empty one: no pile-up


# -- against real files ------------------------------------------------------------------


@pytest.fixture
def big_then_empty(tmp_path: Path) -> Iterator[tuple[sqlite3.Connection, sqlite3.Connection]]:
    """Two live stores, through the store itself: one with 300 versions, one with none."""
    from backend.models import VersionKind
    from backend.store.review_store import ReviewStore

    big = ReviewStore(tmp_path / "big.sqlite3", author="ana")
    big.add_versions([(p, VersionKind.IMPORT, f"第{p}頁", {}) for p in range(300)])
    empty = ReviewStore(tmp_path / "empty.sqlite3", author="ana")
    yield big.connection, empty.connection
    big.close()
    empty.close()


def test_taking_empty_backups_after_a_big_one_keeps_the_big_one(
    big_then_empty: tuple[sqlite3.Connection, sqlite3.Connection], tmp_path: Path
) -> None:
    big, empty = big_then_empty
    folder = tmp_path / "backups" / "review"
    first = take_backup(big, folder, now=NOW)
    for k in range(1, 40):  # more than a day's worth of backups, all of an empty store
        take_backup(empty, folder, now=NOW + k * HOUR)
    assert first.path.exists()
    with sqlite3.connect(f"file:{first.path}?mode=ro", uri=True) as c:
        assert c.execute("SELECT count(*) FROM versions").fetchone()[0] == 300
    assert len(list(folder.glob("*.sqlite3"))) <= 2  # and the empty ones do not pile up


def test_a_damaged_backup_file_counts_as_holding_nothing(
    big_then_empty: tuple[sqlite3.Connection, sqlite3.Connection], tmp_path: Path
) -> None:
    from backend.store.backup import counted_backups, versions_in

    big, _ = big_then_empty
    folder = tmp_path / "backups"
    good = take_backup(big, folder, now=NOW - 2 * HOUR)
    (folder / "20330101-000000-000.sqlite3").write_bytes(b"")
    (folder / "20330101-000001-000.sqlite3").write_bytes(b"garbage" * 100)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "20330101-000002-000.sqlite3")  # must not block the count
    counts = {b.path.name: b.versions for b in counted_backups(folder)}
    assert len(counts) == (4 if hasattr(os, "mkfifo") else 3)
    assert counts.pop(good.path.name) == 300 == versions_in(good.path)
    assert set(counts.values()) == {0}


def test_the_backups_folder_itself_is_private(
    big_then_empty: tuple[sqlite3.Connection, sqlite3.Connection], tmp_path: Path
) -> None:
    big, _ = big_then_empty
    old = os.umask(0o022)
    try:
        take_backup(big, tmp_path / "backups" / "review", now=NOW)
    finally:
        os.umask(old)
    assert (tmp_path / "backups").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "backups" / "review").stat().st_mode & 0o777 == 0o700
