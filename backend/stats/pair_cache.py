"""The measures of each (machine reading, approved text) pair, kept on this machine.

Versions are never changed (both stores refuse it), so a pair's distance and its
critical correction hold for good: computed once, read back after. The texts are then
not even read: 3,000 pages read by a few models are ~40 MB of text, and reading and
measuring them takes seconds where the statistics' goal is one. A version is named by
its store, id and time of making (a store file made anew reuses ids, not times), and
the critical characters by a digest of the set (an edited rule table measures anew).

``cache/stats.sqlite3`` in the data folder, like the scan lines' cache: on your
machine only, nothing written to the store (a team store is not touched). A cache that
cannot be opened or written is no cache: the pairs are measured again, never an error.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from backend.review.change_measures import Changes
from backend.settings.paths import data_dir, make_private_dir

_log = logging.getLogger(__name__)
CACHE_FILE = "stats.sqlite3"
PairKey = str  # "reading id:time:approved id:time:critical digest"


def pair_key(reading: tuple[int, float], approved: tuple[int, float], critical: str) -> PairKey:
    return f"{reading[0]}:{reading[1]!r}:{approved[0]}:{approved[1]!r}:{critical}"


class PairCache:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "cache" / CACHE_FILE
        self._db: sqlite3.Connection | None = None
        try:
            make_private_dir(self.path.parent)
            db = sqlite3.connect(self.path, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")  # several processes may share it
            db.execute(
                "CREATE TABLE IF NOT EXISTS pairs (scope TEXT, pair TEXT, distance INTEGER,"
                " reading_chars INTEGER, approved_chars INTEGER, critical INTEGER,"
                " PRIMARY KEY (scope, pair))"
            )
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            _log.warning("statistics cache %s unusable: %s", self.path, exc)

    def get(self, scope: str) -> dict[PairKey, Changes]:
        """Every pair measured for ``scope`` (one query: a few ms for 10,000)."""
        if self._db is None:
            return {}
        try:
            rows = self._db.execute(
                "SELECT pair, distance, reading_chars, approved_chars, critical FROM pairs"
                " WHERE scope = ?",
                (scope,),
            ).fetchall()
        except sqlite3.Error as exc:
            _log.warning("statistics cache unreadable: %s", exc)
            return {}
        return {str(k): Changes(int(d), int(r), int(a), bool(c)) for k, d, r, a, c in rows}

    def put(self, scope: str, measured: Iterable[tuple[PairKey, Changes]]) -> None:
        rows = [
            (scope, k, c.distance, c.reading_chars, c.approved_chars, int(c.critical))
            for k, c in measured
        ]
        if self._db is None or not rows:
            return
        try:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO pairs VALUES (?, ?, ?, ?, ?, ?)", rows)
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            _log.warning("statistics cache not written: %s", exc)
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
