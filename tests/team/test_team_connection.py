"""Reaching the team server: a password with special characters works and shows up
nowhere (messages, addresses, provenance, settings), TLS is asked for wherever
libpq would really connect, and each way of failing says what is wrong."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from backend.errors import StoreError
from backend.store.postgres import admin
from backend.store.postgres.connection import conninfo, without_password
from backend.store.postgres.errors import (
    LoginRefusedError,
    NotGivenError,
    TeamUnreachableError,
)
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import url
from tests.team.pg_cluster import SUPERUSER, SUPERUSER_PASSWORD, Cluster

SECRET = "p@ss:w/rd?#%&'\" 密碼=;"


def _open(address: str, doc: tuple[str, int], tmp_path: Path, **kw: object) -> TeamStore:
    return TeamStore(
        address, sha256=doc[0], name="case.pdf", page_count=50, journal_dir=tmp_path, **kw
    )  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def pat(pg: Cluster) -> str:
    """A reviewer whose password has every character a URL or a conninfo treats specially."""
    with psycopg.connect(pg.url(), autocommit=True) as conn:
        admin.add_person(conn, "pat", SECRET, "reviewer")
    return "pat"


def _address(pg: Cluster, user: str, password: str | None = None, db: str = "proofdesk") -> str:
    login = user if password is None else f"{user}:{quote(password, safe='')}"
    return f"postgresql://{login}@127.0.0.1:{pg.port}/{db}"


def _nowhere(text: str) -> None:
    for form in (SECRET, quote(SECRET, safe=""), quote(SECRET)):
        assert form not in text


def test_a_password_with_special_characters(
    pg: Cluster, pat: str, doc: tuple[str, int], tmp_path: Path
) -> None:
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        admin.give(conn, doc[1], pat)
    in_url = _open(_address(pg, pat, SECRET), doc, tmp_path / "a")
    from_keyring = _open(_address(pg, pat), doc, tmp_path / "b", password=SECRET)
    in_url.save_draft(0, "typed")
    in_url.commit_draft(0)
    assert from_keyring.page_state(0).text == "typed" and from_keyring.author == pat
    _nowhere(in_url.url)
    stored = pg.psql(
        "SELECT string_agg(provenance::text, ' ') FROM proofdesk.versions "
        "UNION ALL SELECT string_agg(value, ' ') FROM proofdesk.meta"
    )
    assert stored.returncode == 0
    _nowhere(stored.stdout)  # not in any provenance or setting on the server
    with pytest.raises(LoginRefusedError) as refused:
        _open(_address(pg, pat, SECRET + "x"), doc, tmp_path / "c")
    assert "wrong password" in str(refused.value) and pat in str(refused.value)
    _nowhere(str(refused.value))
    in_url.close_connection()
    from_keyring.close_connection()


def test_a_password_typed_into_the_address_is_taken_out() -> None:
    typed = f"postgresql://pat:{quote(SECRET, safe='')}@db.example.org:5433/proofdesk"
    clean, password = without_password(typed + "?sslmode=verify-full")
    assert password == SECRET
    assert clean == "postgresql://pat@db.example.org:5433/proofdesk?sslmode=verify-full"
    clean, password = without_password("postgresql://pat@h/db?password=x%26y&connect_timeout=3")
    assert (clean, password) == ("postgresql://pat@h/db?connect_timeout=3", "x&y")
    assert without_password("postgresql://pat@h/db") == ("postgresql://pat@h/db", None)


def test_tls_wherever_libpq_really_connects(monkeypatch: pytest.MonkeyPatch) -> None:
    # hostaddr is the address libpq connects to; host then only names the certificate.
    info = conninfo("postgresql://rita@localhost/proofdesk?hostaddr=203.0.113.5")
    assert "sslmode=verify-full" in info
    with pytest.raises(StoreError, match="verify-full"):
        conninfo("postgresql://rita@localhost/proofdesk?hostaddr=203.0.113.5&sslmode=disable")
    monkeypatch.setenv("PGHOST", "team.example.org")  # no host in the address: libpq's
    assert "sslmode=verify-full" in conninfo("postgresql:///proofdesk")
    assert "sslmode=verify-full" in conninfo("postgresql://rita@127.0.0.1,team.example.org/p")


def test_each_failure_says_what_is_wrong(pg: Cluster, doc: tuple[str, int], tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]  # nothing listens there once closed
    with pytest.raises(TeamUnreachableError, match="cannot be reached"):
        _open(f"postgresql://rita@127.0.0.1:{closed}/proofdesk", doc, tmp_path, password="x")
    pg.psql("CREATE DATABASE bare")
    with pytest.raises(StoreError, match="no ProofDesk team schema"):
        _open(_address(pg, SUPERUSER, SUPERUSER_PASSWORD, db="bare"), doc, tmp_path)
    pg.psql("CREATE ROLE outsider LOGIN PASSWORD 'pw-out'")
    with pytest.raises(NotGivenError, match="outsider is not a reviewer"):
        _open(_address(pg, "outsider", "pw-out"), doc, tmp_path)


def test_a_missing_extension_is_named_before_the_install(pg: Cluster) -> None:
    with psycopg.connect(pg.url(), autocommit=True) as conn:
        admin.require_extensions(conn, admin.EXTENSIONS)  # this server has pg_trgm
        # One it really lacks, through the same query the install asks first.
        with pytest.raises(StoreError, match=r"no pd_absent extension.*contrib"):
            admin.require_extensions(conn, (*admin.EXTENSIONS, "pd_absent"))
