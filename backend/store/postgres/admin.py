"""Setting up a team server: the schema, people, documents and who works on what.

``install`` runs ``roles.sql`` and ``schema.sql`` once, then the schema's upgrades
(``upgrade``: ``schema_2.sql``, ...), as the database's owner or a superuser. The
rest are what an administrator does; each is a plain SQL statement the database
would refuse a reviewer anyway (docs/TEAM.md shows the same statements for psql).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import psycopg
from psycopg import sql

from backend.i18n import _
from backend.store.postgres.errors import TeamStoreError
from backend.store.postgres.team_sql import SCHEMA_VERSION

Role = Literal["reviewer", "senior", "admin"]
HERE = Path(__file__).resolve().parent


def installed(conn: psycopg.Connection[Any]) -> bool:
    row = conn.execute("SELECT to_regclass('proofdesk.schema_info')").fetchone()
    return row is not None and row[0] is not None


# UPGRADES[n] takes the schema from version n - 1 to n (``team_sql.SCHEMA_VERSION``).
UPGRADES = {n: f"schema_{n}.sql" for n in range(2, SCHEMA_VERSION + 1)}


def install(conn: psycopg.Connection[Any]) -> bool:
    """Make the roles and the schema when missing, or upgrade an older schema; True when
    it changed anything."""
    if installed(conn):
        return upgrade(conn)
    require_extensions(conn, EXTENSIONS)
    with conn.transaction():
        conn.execute((HERE / "roles.sql").read_text("utf-8"))
        conn.execute((HERE / "schema.sql").read_text("utf-8"))
    upgrade(conn)
    return True


def schema_version(conn: psycopg.Connection[Any]) -> int:
    row = conn.execute("SELECT max(version) FROM proofdesk.schema_info").fetchone()
    return int(row[0]) if row and row[0] is not None else 1


def upgrade(conn: psycopg.Connection[Any]) -> bool:
    """Run the upgrades an installed schema lacks, each in one transaction (as its
    owner or a superuser); True when it ran any."""
    start = schema_version(conn)
    for version in range(start + 1, SCHEMA_VERSION + 1):
        with conn.transaction():
            conn.execute((HERE / UPGRADES[version]).read_text("utf-8"))
    return start < SCHEMA_VERSION


EXTENSIONS = ("pg_trgm",)  # schema.sql's search index


def require_extensions(conn: psycopg.Connection[Any], names: tuple[str, ...]) -> None:
    """Say which extension the server lacks before the install fails on it."""
    for name in names:
        row = conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = %s", (name,))
        if row.fetchone() is None:
            raise TeamStoreError(missing_extension(name))


def missing_extension(name: str) -> str:
    return _(
        "This PostgreSQL server has no {name} extension, which the team store's search "
        "needs: install PostgreSQL's contrib modules on the server (Debian: the postgresql "
        "package includes them; elsewhere often postgresql-contrib)."
    ).format(name=name)


def add_person(conn: psycopg.Connection[Any], name: str, password: str, role: Role) -> None:
    """A login role for one person, member of the group role for ``role``."""
    conn.execute(
        sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
            sql.Identifier(name), sql.Literal(password), sql.Identifier(f"proofdesk_{role}")
        )
    )


def add_document(conn: psycopg.Connection[Any], sha256: str, name: str, page_count: int) -> int:
    row = conn.execute(
        "INSERT INTO proofdesk.documents (sha256, name, page_count) VALUES (%s, %s, %s) "
        "ON CONFLICT (sha256) DO UPDATE SET name = EXCLUDED.name RETURNING id",
        (sha256, name, page_count),
    ).fetchone()
    assert row is not None
    return int(row[0])


def give(conn: psycopg.Connection[Any], document: int, person: str) -> None:
    """Let ``person`` read and work on ``document``."""
    conn.execute(
        "INSERT INTO proofdesk.members (document_id, person) VALUES (%s, %s) "
        "ON CONFLICT DO NOTHING",
        (document, person),
    )


def assign(
    conn: psycopg.Connection[Any], document: int, first_page: int, last_page: int, person: str
) -> None:
    """Put pages ``first_page``..``last_page`` (0-based) in ``person``'s queue."""
    give(conn, document, person)
    conn.execute(
        "INSERT INTO proofdesk.assignments (document_id, first_page, last_page, person) "
        "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (document, first_page, last_page, person),
    )
