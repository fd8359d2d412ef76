"""Opening a connection to the team server from a ``postgresql://`` URL.

TLS is verified: a server that is not on this machine (a loopback address or a
Unix socket) is reached with ``sslmode=verify-full`` (the certificate must be
signed by a trusted authority and name the host), and a URL asking for less is
refused. The password comes from the URL, libpq's own sources (``PGPASSWORD``,
``~/.pgpass``) or, as the caller passes it, the keyring.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from backend.i18n import _
from backend.store.postgres.errors import (
    LoginRefusedError,
    TeamStoreError,
    TeamUnreachableError,
)
from backend.store.postgres.urls import is_team_url as is_team_url

CONNECT_TIMEOUT_S = 5
# A connection whose network goes away while open: without these, a query sent into it
# waits until TCP gives up (~15 min of retransmissions on Linux) and an idle one (the live
# updates' LISTEN) is never found dead. Data the server has not acknowledged for
# TCP_USER_TIMEOUT_S fails the call (the kernel acknowledges, not the query's work, so a
# slow query is not cut); an idle connection is probed after KEEPALIVE_IDLE_S, every
# KEEPALIVE_INTERVAL_S. Seconds, like the connect timeout: then the journal takes over.
TCP_USER_TIMEOUT_S = 10
KEEPALIVE_IDLE_S = 10
KEEPALIVE_INTERVAL_S = 5
KEEPALIVE_COUNT = 3


def _is_local(host: str) -> bool:
    if not host or host.startswith("/") or host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def conninfo(url: str, password: str | None = None, *, client: str = "") -> str:
    """The libpq connection string for ``url``, TLS verified for a remote host."""
    try:
        params: dict[str, Any] = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise TeamStoreError(_("Not a PostgreSQL address: {url}").format(url=redact(url))) from exc
    # Where libpq will really connect: hostaddr wins over host, and an address without a
    # host takes libpq's environment (PGHOST, PGHOSTADDR).
    hosts = str(params.get("host") or os.environ.get("PGHOST") or "").split(",")
    addrs = str(params.get("hostaddr") or os.environ.get("PGHOSTADDR") or "").split(",")
    remote = not all(_is_local(h) for h in hosts + addrs)
    if remote:
        asked = params.get("sslmode")
        if asked not in (None, "verify-full"):
            raise TeamStoreError(
                _(
                    "The team server {host} must be reached with a verified TLS certificate "
                    "(sslmode=verify-full), not sslmode={mode}."
                ).format(host=params.get("host"), mode=asked)
            )
        params["sslmode"] = "verify-full"
    if password and not params.get("password"):
        params["password"] = password
    params.setdefault("connect_timeout", CONNECT_TIMEOUT_S)
    params.setdefault("keepalives", 1)
    params.setdefault("keepalives_idle", KEEPALIVE_IDLE_S)
    params.setdefault("keepalives_interval", KEEPALIVE_INTERVAL_S)
    params.setdefault("keepalives_count", KEEPALIVE_COUNT)
    params.setdefault("tcp_user_timeout", TCP_USER_TIMEOUT_S * 1000)  # libpq: milliseconds
    params.setdefault("application_name", "ProofDesk")
    if client:
        params["options"] = f"-c proofdesk.client={client}"
    return make_conninfo(**params)


def without_password(url: str) -> tuple[str, str | None]:
    """``url`` with its password taken out, and the password: an address typed with one
    is kept as the address alone (settings, messages) and the password in the keyring."""
    from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    password = parts.password
    netloc = parts.netloc
    if password is not None:
        userinfo, _sep, hostport = netloc.rpartition("@")
        netloc = userinfo.partition(":")[0] + "@" + hostport
        password = unquote(password)
    kept = [(k, v) for k, v in query if k != "password"]
    for k, v in query:
        if k == "password":
            password = v
    clean = urlunsplit((parts.scheme, netloc, parts.path, urlencode(kept), parts.fragment))
    return clean, password


def key_id(url: str) -> str:
    """The keyring entry of this login: ``postgresql:user@host:port/db``."""
    p = conninfo_to_dict(url)
    return "postgresql:{}@{}:{}/{}".format(
        p.get("user", ""), p.get("host", ""), p.get("port", "5432"), p.get("dbname", "")
    )


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        p = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://…"
    return "postgresql://{}@{}/{}".format(p.get("user", ""), p.get("host", ""), p.get("dbname", ""))


def connect(info: str) -> psycopg.Connection[tuple[Any, ...]]:
    """An autocommit connection (writes use explicit transactions)."""
    try:
        return psycopg.connect(info, autocommit=True)
    except psycopg.OperationalError as exc:
        if "authentication failed" in str(exc):  # libpq's words; the server is there
            user = conninfo_to_dict(info).get("user") or os.environ.get("PGUSER", "")
            raise LoginRefusedError(
                _(
                    "The team server refused the login of {user}: wrong password, or no "
                    "such person on the server. Enter the password again in Team server…"
                ).format(user=user)
            ) from exc
        raise TeamUnreachableError(
            _("The team server cannot be reached: {reason}").format(
                reason=str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            )
        ) from exc
