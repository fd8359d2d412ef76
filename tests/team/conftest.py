"""A real PostgreSQL 15 for the team store's tests: one cluster per test session,
the team schema installed, and four people: an administrator, a senior reviewer
and two reviewers. Each test works on a document of its own."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from backend.store.postgres import admin
from backend.store.postgres.team_store import TeamStore
from tests.pdf_factory import text_pdf
from tests.team.pg_cluster import Cluster, ClusterUnavailable, start_cluster
from tests.team.proxy_helpers import Proxy

with contextlib.suppress(ImportError):  # the window's fixtures, for test_team_gui (Qt only)
    from tests.gui.conftest import arun, loop, make_window  # noqa: F401

PASSWORD = "pw-{}"
PEOPLE: dict[str, admin.Role] = {
    "ada": "admin",
    "sam": "senior",
    "rita": "reviewer",
    "ron": "reviewer",
}
_docs = itertools.count(1)


@pytest.fixture(scope="session")
def pg() -> Iterator[Cluster]:
    try:
        cluster = start_cluster()
    except ClusterUnavailable as exc:
        # Never a silent skip: CI installs PostgreSQL (scripts/system-deps.sh).
        pytest.fail(str(exc), pytrace=False)
    try:
        with psycopg.connect(cluster.url(), autocommit=True) as conn:
            admin.install(conn)
            for name, role in PEOPLE.items():
                admin.add_person(conn, name, PASSWORD.format(name), role)
        yield cluster
    finally:
        cluster.remove()


def url(pg: Cluster, who: str) -> str:
    return pg.url(who, PASSWORD.format(who))


@pytest.fixture
def doc(pg: Cluster) -> tuple[str, int]:
    """A new document (sha256, id) given to every person."""
    sha = hashlib.sha256(f"doc-{next(_docs)}".encode()).hexdigest()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        doc_id = admin.add_document(conn, sha, "case.pdf", 50)
        for name in PEOPLE:
            admin.give(conn, doc_id, name)
    return sha, doc_id


@pytest.fixture
def team_pdf(tmp_path: Path) -> Path:
    """A three-page PDF of its own (its content, so its review, is new on the server)."""
    n = next(_docs)
    return text_pdf(tmp_path / f"case-{n}.pdf", [f"case {n} page {p}" for p in range(1, 4)])


@pytest.fixture
def open_store(
    pg: Cluster, doc: tuple[str, int], tmp_path: Path
) -> Iterator[Callable[..., TeamStore]]:
    """``open_store("rita")``: that person's TeamStore on the test's document."""
    opened: list[TeamStore] = []

    def make(who: str, *, sha: str | None = None, lease_s: float = 60.0) -> TeamStore:
        store = TeamStore(
            url(pg, who),
            sha256=sha or doc[0],
            name="case.pdf",
            page_count=50,
            journal_dir=tmp_path / "journal" / who,
            lease_s=lease_s,
        )
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close_connection()


@pytest.fixture
def proxy(pg: Cluster) -> Iterator[Proxy]:
    with Proxy(pg.port) as p:
        yield p


@pytest.fixture
def via_proxy(
    proxy: Proxy, doc: tuple[str, int], tmp_path: Path
) -> Iterator[Callable[..., TeamStore]]:
    """``via_proxy("sam")``: that person's TeamStore on the test's document, reached
    through the proxy (its journal kept across opens, as the app's is)."""
    opened: list[TeamStore] = []

    def make(who: str, *, lease_s: float = 60.0) -> TeamStore:
        store = TeamStore(
            proxy.url(who, PASSWORD.format(who)),
            sha256=doc[0],
            name="case.pdf",
            page_count=50,
            journal_dir=tmp_path / "journal" / who,
            lease_s=lease_s,
        )
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close_connection()
