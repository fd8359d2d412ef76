"""The team store's link to the server, and the reads and claims that need only it.

``TeamStore`` builds on this: a connection that is made again when it broke
(the server restarted), every psycopg error turned into a ``TeamStoreError``
(``db_errors``), the page claims, and the status and note reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

import psycopg

from backend.models import ReviewStatus, Version
from backend.store.postgres import team_writes as w
from backend.store.postgres.away import Away
from backend.store.postgres.connection import connect
from backend.store.postgres.db_errors import mapped
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.team_sql import (
    SCHEMA_VERSION,
    VERSION_COLUMNS,
    from_db,
    version_row,
)

PER_PERSON_META = frozenset({"pdf_path"})
P = ParamSpec("P")
R = TypeVar("R")


def again_if_dropped(fn: Callable[P, R]) -> Callable[P, R]:
    """Run a call again, once, on a new connection when the one it used had dropped
    (the server restarted since the last call): only a real outage reaches the caller.
    Safe for these calls: a draft is the whole text, a commit finds its draft gone."""

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except TeamUnreachableError:
            link = args[0]
            if not (isinstance(link, TeamLink) and link._dropped()):
                raise
            return fn(*args, **kwargs)

    return run


class TeamLink:
    """The connection of one ``TeamStore`` and the document it works on."""

    doc: int
    lease_s: float
    page_count: int
    author: str

    def __init__(self, info: str) -> None:
        self._info = info
        self.away = Away()  # a failed attempt: calls fail at once until the server answers
        self._conn: w.Conn | None = connect(info)
        # Connections made for this store's document on the side (live updates): closed
        # with the store, so one whose maker never heard it was made (its task cancelled,
        # the event loop stopped) cannot outlive the document and linger until a GC.
        self._side: list[w.Conn] = []

    # -- connection ---------------------------------------------------------------

    def _c(self) -> w.Conn:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = None
            self.away.check()  # known away: fail now, not after the connection timeout
            try:
                self._conn = connect(self._info)
            except TeamUnreachableError as exc:
                self.away.failed(exc)
                raise
            self.away.answered()
        return self._conn

    def probe(self) -> bool:
        """Try the server on a connection of its own, for a caller off the store's thread
        (the window, in the background): whether it answers. A success lets the store's
        next call connect; a failure postpones that call's own attempt (``away``)."""
        try:
            connect(self._info).close()
        except TeamUnreachableError as exc:
            self.away.failed(exc)
            return False
        self.away.answered()
        return True

    @contextmanager
    def _tx(self) -> Iterator[w.Conn]:
        try:
            c = self._c()
            with c.transaction():
                yield c
        except psycopg.Error as exc:
            raise mapped(exc) from exc

    @contextmanager
    def _read(self) -> Iterator[w.Conn]:
        try:
            yield self._c()
        except psycopg.Error as exc:
            raise mapped(exc) from exc

    @again_if_dropped
    def _one(self, query: str, args: tuple[Any, ...] = ()) -> Any:
        with self._read() as c:
            row = c.execute(query, args).fetchone()
        return None if row is None else row[0]

    def _check_installed(self, url: str) -> None:
        """Say plainly when the database has no team schema, or the login no role in it
        (else the first query fails with "relation … does not exist")."""
        from backend.i18n import _
        from backend.store.postgres.errors import NotGivenError, TeamStoreError

        version = None
        with self._read() as c:
            row = c.execute(
                "SELECT to_regnamespace('proofdesk') IS NOT NULL, "
                "to_regnamespace('proofdesk') IS NOT NULL "
                "AND has_schema_privilege('proofdesk', 'USAGE'), current_user"
            ).fetchone()
            if row is not None and row[1]:
                version = c.execute("SELECT max(version) FROM proofdesk.schema_info").fetchone()
        assert row is not None
        if not row[0]:
            self.close_connection()
            raise TeamStoreError(
                _(
                    "The database {url} has no ProofDesk team schema yet: an administrator "
                    "installs it first (docs/TEAM.md)."
                ).format(url=url)
            )
        if not row[1]:
            self.close_connection()
            raise NotGivenError(
                _(
                    "{user} is not a reviewer on the team server {url}: an administrator "
                    "adds people (docs/TEAM.md)."
                ).format(user=row[2], url=url)
            )
        if version is None or version[0] is None or int(version[0]) < SCHEMA_VERSION:
            self.close_connection()
            raise TeamStoreError(
                _(
                    "The team schema on {url} is older than this ProofDesk: an administrator "
                    "upgrades it first (docs/TEAM.md)."
                ).format(url=url)
            )

    def _document(self, sha256: str, name: str, page_count: int, url: str) -> int:
        """The document's id on the server (an administrator opening it adds it)."""
        from backend.i18n import _
        from backend.store.postgres.errors import NotGivenError

        doc = self._one("SELECT id FROM proofdesk.documents WHERE sha256 = %s", (sha256,))
        if doc is None and self._one("SELECT proofdesk.is_admin()"):
            with self._tx() as c:
                row = c.execute(
                    "INSERT INTO proofdesk.documents (sha256, name, page_count) "
                    "VALUES (%s, %s, %s) RETURNING id",
                    (sha256, name, page_count),
                ).fetchone()
            assert row is not None
            doc = row[0]
        if doc is None:
            self.close_connection()
            raise NotGivenError(
                _(
                    "“{name}” is not on the team server {url}, or it was not given to you "
                    "({user}). An administrator adds documents and gives them to reviewers."
                ).format(name=name, url=url, user=self.author)
            )
        return int(doc)

    def _dropped(self) -> bool:
        return self._conn is not None and self._conn.broken

    def close_connection(self) -> None:
        if self._conn is not None:
            self._conn.close()
        for conn in self._side:
            conn.close()
        self._side.clear()

    def side_connection(self) -> w.Conn:
        """A connection of its own (LISTEN), closed with this store's."""
        conn = connect(self._info)
        self._side.append(conn)
        return conn

    # -- meta ---------------------------------------------------------------------------

    def _meta_key(self, key: str) -> str:
        # Where the PDF is differs per person and machine: each keeps their own, so one
        # reviewer opening it is not told the file "moved" because another opened it.
        return f"{key}@{self.author}" if key in PER_PERSON_META else key

    def get_meta(self, key: str) -> str | None:
        value = self._one(
            "SELECT value FROM proofdesk.meta WHERE document_id = %s AND key = %s",
            (self.doc, self._meta_key(key)),
        )
        return None if value is None else str(value)

    @again_if_dropped
    def set_meta(self, key: str, value: str) -> None:
        with self._tx() as c:
            c.execute(
                "INSERT INTO proofdesk.meta (document_id, key, value) VALUES (%s, %s, %s) "
                "ON CONFLICT (document_id, key) DO UPDATE SET value = EXCLUDED.value",
                (self.doc, self._meta_key(key), value),
            )

    @again_if_dropped
    def version_counts(self) -> dict[int, int]:
        with self._read() as c:
            rows = c.execute(
                "SELECT page, count(*) FROM proofdesk.versions WHERE document_id = %s "
                "GROUP BY page",
                (self.doc,),
            ).fetchall()
        return {int(p): int(n) for p, n in rows}

    # -- claims ------------------------------------------------------------

    @again_if_dropped
    def claim(self, page: int) -> None:
        """Claim the page for editing; ``PageClaimedError`` names who has it."""
        with self._tx() as c:
            w.claim_in(c, self.doc, page, self.lease_s)

    @again_if_dropped
    def release(self, page: int, *, force: bool = False) -> str | None:
        """Give up this person's claim (``force``: an administrator breaks anyone's; the
        database's row-level security refuses it to others). Whose claim went, if any."""
        mine = "" if force else " AND holder = current_user"
        with self._tx() as c:
            row = c.execute(
                "DELETE FROM proofdesk.claims WHERE document_id = %s AND page = %s"
                + mine
                + " RETURNING holder",
                (self.doc, page),
            ).fetchone()
        return None if row is None else str(row[0])

    def is_admin(self) -> bool:
        """Whether this login may add documents and people, and break claims."""
        return bool(self._one("SELECT proofdesk.is_admin()"))

    @again_if_dropped
    def claim_holder(self, page: int) -> tuple[str, float] | None:
        """Who else holds an unexpired claim on the page, and since when (Unix time)."""
        with self._read() as c:
            row = c.execute(
                "SELECT holder, extract(epoch FROM since)::float8 FROM proofdesk.claims "
                "WHERE document_id = %s AND page = %s AND holder <> current_user "
                "AND expires_at > clock_timestamp()",
                (self.doc, page),
            ).fetchone()
        return None if row is None else (str(row[0]), float(row[1]))

    @again_if_dropped
    def claim_holders(self) -> dict[int, str]:
        """Every page someone else holds an unexpired claim on, and who: one query for a
        search over the whole document."""
        with self._read() as c:
            rows = c.execute(
                "SELECT page, holder FROM proofdesk.claims "
                "WHERE document_id = %s AND holder <> current_user "
                "AND expires_at > clock_timestamp()",
                (self.doc,),
            ).fetchall()
        return {int(page): str(holder) for page, holder in rows}

    # -- status and notes (reads) ----------------------------------------

    @again_if_dropped
    def team_status(self, page: int) -> str:
        value = self._one(
            "SELECT status FROM proofdesk.status_events WHERE document_id = %s AND page = %s "
            "ORDER BY id DESC LIMIT 1",
            (self.doc, page),
        )
        return "unreviewed" if value is None else str(value)

    def status(self, page: int) -> ReviewStatus:
        return from_db(self.team_status(page))

    @again_if_dropped
    def status_history(self, page: int) -> list[tuple[ReviewStatus, float, str]]:
        with self._read() as c:
            rows = c.execute(
                "SELECT status, "
                "coalesce(origin_created_at, extract(epoch FROM created_at)::float8), "
                "coalesce(origin_author, author) FROM proofdesk.status_events "
                "WHERE document_id = %s AND page = %s ORDER BY id",
                (self.doc, page),
            ).fetchall()
        return [(from_db(s), float(t), str(a)) for s, t, a in rows]

    @again_if_dropped
    def statuses(self, page_count: int) -> list[ReviewStatus]:
        out = [ReviewStatus.UNREVIEWED] * page_count
        with self._read() as c:
            for page, status in c.execute(
                "SELECT DISTINCT ON (page) page, status FROM proofdesk.status_events "
                "WHERE document_id = %s ORDER BY page, id DESC",
                (self.doc,),
            ):
                if 0 <= page < page_count:
                    out[page] = from_db(status)
        return out

    @again_if_dropped
    def approved_version(self, page: int) -> Version | None:
        """The version the page's approval in force was given to (None: not approved). A
        "final" from before events named their version (schema 2) is of the working one:
        the database has always taken back a "final" when the working version changed."""
        with self._read() as c:
            row = c.execute(
                f"SELECT {VERSION_COLUMNS} FROM proofdesk.versions WHERE id = ("
                "SELECT CASE WHEN s.status = 'final' THEN coalesce(s.version_id, "
                "(SELECT p.current_version FROM proofdesk.pages p "
                "WHERE p.document_id = s.document_id AND p.page = s.page)) END "
                "FROM proofdesk.status_events s WHERE s.document_id = %s AND s.page = %s "
                "ORDER BY s.id DESC LIMIT 1)",
                (self.doc, page),
            ).fetchone()
        return None if row is None else version_row(row)

    def note(self, page: int) -> str:
        value = self._one(
            "SELECT text FROM proofdesk.note_events WHERE document_id = %s AND page = %s "
            "ORDER BY id DESC LIMIT 1",
            (self.doc, page),
        )
        return "" if value is None else str(value)

    # -- a supervisor's view --------------------------------------------------------

    @again_if_dropped
    def progress(self) -> dict[str, Any]:
        """Pages per status and per person, and the pages claimed (``team_reads.progress``)."""
        from backend.store.postgres.team_reads import progress

        with self._read() as c:
            return progress(c, self.doc, self.page_count)

    @again_if_dropped
    def queue(self, person: str | None = None) -> list[int]:
        """The pages assigned to ``person`` (default: me) that are not final yet."""
        from backend.store.postgres.team_reads import queue

        with self._read() as c:
            return queue(c, self.doc, person or self.author)
