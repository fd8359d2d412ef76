"""A review history written with the times a test chooses, into a real SQLite store.

The stores stamp their rows with the clock; a test of the time on a page (and the
bench's simulated months of work) needs the times of its story. The rows are those
the store writes (a version, the page's working version, a status naming it), as
history pulled from the team server is written (``transfer.pull``).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

from backend.review.change_measures import CriticalChars
from backend.session.approval_measures import READING_KINDS, measure_texts
from backend.store.activity_rows import MEASURE_COLUMNS
from backend.store.review_store import ReviewStore


class HistoryWriter:
    """Write into ``store`` in one transaction: ``with HistoryWriter(store) as w: ...``."""

    def __init__(self, store: ReviewStore) -> None:
        self.store = store
        self._cm: Any = None
        self.c: sqlite3.Connection | None = None

    def __enter__(self) -> HistoryWriter:
        self._cm = self.store.transaction()
        self.c = self._cm.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._cm.__exit__(*exc)

    def _conn(self) -> sqlite3.Connection:
        assert self.c is not None, "use HistoryWriter in a with block"
        return self.c

    def reading(
        self,
        page: int,
        text: str,
        *,
        at: float,
        engine: str = "vllm",
        model: str = "model-a",
        prompt: str = "Transcribe the page.",
        tokens: tuple[int, int] | None = None,
        seconds: float | None = None,
        kind: str = "ocr",
        author: str = "ocr",
    ) -> int:
        prov: dict[str, Any] = {"engine": engine, "model": model, "prompt": prompt}
        prov["prompt_sha256"] = hashlib.sha256(prompt.encode()).hexdigest()
        if tokens is not None:
            prov["usage"] = {"prompt_tokens": tokens[0], "completion_tokens": tokens[1]}
        if seconds is not None:
            prov["latency_s"] = seconds
        return self._version(page, kind, text, at, author, prov)

    def edit(self, page: int, text: str, *, at: float, author: str) -> int:
        return self._version(page, "edit", text, at, author, {})

    def status(self, page: int, status: str, *, at: float, author: str) -> None:
        c = self._conn()
        row = c.execute("SELECT current_version FROM pages WHERE page = ?", (page,)).fetchone()
        c.execute(
            "INSERT INTO status_events (page, status, created_at, author, version_id) "
            "VALUES (?, ?, ?, ?, ?)",
            (page, status, at, author, None if row is None else row[0]),
        )

    def note(self, page: int, text: str, *, at: float, author: str) -> None:
        self._conn().execute(
            "INSERT INTO note_events (page, text, created_at, author) VALUES (?, ?, ?, ?)",
            (page, text, at, author),
        )

    def visit(self, page: int, *, at: float, author: str, kind: str = "visit") -> None:
        """``author`` arrived at ``page`` (``kind`` "leave": closed the document on it)."""
        self._conn().execute(
            "INSERT INTO page_visits (page, kind, author, created_at) VALUES (?, ?, ?, ?)",
            (page, kind, author, at),
        )

    def outcome(
        self, page: int, version_id: int, raised: int, accepted: int, *, at: float, author: str
    ) -> None:
        """The critical outcomes of an approval of ``version_id`` (the items left out)."""
        self._conn().execute(
            "INSERT INTO critical_outcomes (page, version_id, raised, accepted, dismissed, "
            "author, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (page, version_id, raised, accepted, raised - accepted, author, at),
        )

    def measures(
        self, page: int, approved_id: int, critical: CriticalChars, *, at: float, author: str
    ) -> None:
        """The page's readings measured against ``approved_id``, as the app records them at
        its approval (``approval_measures``)."""
        c = self._conn()
        kinds = [k.value for k in READING_KINDS]
        readings = c.execute(
            "SELECT id, text FROM versions WHERE page = ? AND kind IN (?, ?) ORDER BY id",
            (page, *kinds),
        ).fetchall()
        (text,) = c.execute("SELECT text FROM versions WHERE id = ?", (approved_id,)).fetchone()
        rows = measure_texts(readings, (approved_id, text), critical)
        c.executemany(
            f"INSERT INTO pair_measures ({', '.join(MEASURE_COLUMNS)}, author, created_at) "
            f"VALUES ({', '.join('?' for _c in MEASURE_COLUMNS)}, ?, ?)",
            [(*(r[k] for k in MEASURE_COLUMNS), author, at) for r in rows],
        )

    def _version(
        self, page: int, kind: str, text: str, at: float, author: str, prov: dict[str, Any]
    ) -> int:
        c = self._conn()
        cur = c.execute(
            "INSERT INTO versions (page, kind, text, created_at, author, provenance) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (page, kind, text, at, author, json.dumps(prov, ensure_ascii=False)),
        )
        vid = int(cur.lastrowid or 0)
        if kind != "alternate":  # an alternate reading never becomes the working text
            c.execute(
                "INSERT INTO pages (page, current_version) VALUES (?, ?) ON CONFLICT (page) "
                "DO UPDATE SET current_version = excluded.current_version",
                (page, vid),
            )
        return vid
