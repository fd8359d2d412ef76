"""The embedded store's side of the document's facts index (issue 24).

The rows are a cache the session keeps (``backend.session.facts``): per page, a
``source`` string the session composes (the working text's digest and the rules that
read it) and the facts it read, as JSON. The store knows neither: it hands both back
and says what each page's working text is now, by digest, so the session re-reads
only the pages whose text changed since, without reading every page's text itself.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager


def text_digest(text: str) -> str:
    """The digest both stores give a working text (PostgreSQL's ``md5()`` of its UTF-8):
    a change detector, not a seal."""
    return _md5(text.encode())


def _md5(data: bytes) -> str:
    return hashlib.md5(data, usedforsecurity=False).hexdigest()


_LAST = 2**62


def _working(as_bytes: bool) -> str:
    """Each page's working text (a draft wins, as in the editor), pages ? to ?: the
    working version's, and drafts of pages with none; as text, or as its UTF-8 bytes."""
    text, draft = "coalesce(d.text, v.text)", "d.text"
    if as_bytes:
        text, draft = f"CAST({text} AS BLOB)", f"CAST({draft} AS BLOB)"
    return (
        f"SELECT p.page, {text} FROM pages p "
        "JOIN versions v ON v.id = p.current_version "
        "LEFT JOIN drafts d ON d.page = p.page WHERE p.page BETWEEN ? AND ? "
        f"UNION ALL SELECT d.page, {draft} FROM drafts d "
        "WHERE d.page NOT IN (SELECT page FROM pages) AND d.page BETWEEN ? AND ?"
    )


_TEXTS, _BYTES = _working(as_bytes=False), _working(as_bytes=True)


class FactsIndex:
    """``PageStore``'s facts index methods for ``ReviewStore`` (a mixin)."""

    _conn: sqlite3.Connection

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError  # ReviewStore's

    def text_digests(self) -> dict[int, str]:
        """Every page that has working text (a draft wins, as in the editor), with the
        digest of that text (``text_digest``). The texts come as their UTF-8 bytes (a
        CAST): no string made of each and encoded back (3,000 pages: 85 -> 45 ms)."""
        rows = self._conn.execute(_BYTES, (0, _LAST, 0, _LAST)).fetchall()
        return {int(page): _md5(data) for page, data in rows}

    def working_texts(self, first: int = 0, last: int | None = None) -> dict[int, str]:
        """The working text (a draft wins, as in the editor) of every page from ``first``
        to ``last`` (None: the end) that has one, in one query: what a search over the
        document reads (find & replace's preview, in chunks of pages)."""
        upto = last if last is not None else _LAST
        rows = self._conn.execute(_TEXTS, (first, upto, first, upto)).fetchall()
        return {int(page): str(text) for page, text in rows}

    def changes_stamp(self) -> str:
        """SQLite's ``data_version``: it moves when another connection (a CLI, a second
        window, another process) commits to the file; this one's own writes leave it."""
        return str(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def facts_rows(self) -> dict[int, tuple[str, str]]:
        """The stored index: page -> (source, facts JSON), as ``put_facts`` wrote them."""
        rows = self._conn.execute("SELECT page, source, facts FROM facts").fetchall()
        return {int(page): (str(source), str(facts)) for page, source, facts in rows}

    def put_facts(self, rows: Sequence[tuple[int, str, str]]) -> None:
        """Keep these pages' rows (page, source, facts JSON), replacing theirs, in one
        transaction."""
        if not rows:
            return
        with self._write() as c:
            c.executemany(
                "INSERT OR REPLACE INTO facts (page, source, facts) VALUES (?, ?, ?)", rows
            )
