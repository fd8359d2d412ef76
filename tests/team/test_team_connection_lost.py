"""A connection whose network goes away while it is open fails the call within seconds
(libpq's keepalives and tcp_user_timeout, ``connection.conninfo``), not after TCP's own
minutes of retransmissions: the options reach the socket, and a query into a proxy that
forwards nothing and closes nothing fails under pytest-timeout's guard."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.store.postgres.connection import (
    KEEPALIVE_COUNT,
    KEEPALIVE_IDLE_S,
    KEEPALIVE_INTERVAL_S,
    TCP_USER_TIMEOUT_S,
)
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import PASSWORD
from tests.team.pg_cluster import Cluster
from tests.team.proxy_helpers import Proxy

# More than the client's send buffer and the proxy's receive buffer hold (tcp_wmem's
# 4 MB at most here; the proxy's is made small when it stalls): the window closes.
BIG = "x" * 8_000_000


def test_the_store_s_connections_carry_keepalives_and_a_user_timeout(
    open_store: Callable[..., TeamStore],
) -> None:
    rita = open_store("rita")
    for conn in (rita._c(), rita.side_connection()):  # the store's, and the live updates'
        params = conn.info.get_parameters()
        assert params["keepalives"] == "1"
        assert params["tcp_user_timeout"] == str(TCP_USER_TIMEOUT_S * 1000)
        with socket.socket(fileno=os.dup(conn.fileno())) as sock:  # as the kernel has them
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE)
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == KEEPALIVE_IDLE_S
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL) == KEEPALIVE_INTERVAL_S
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == KEEPALIVE_COUNT
            assert (
                sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
                == TCP_USER_TIMEOUT_S * 1000
            )


def test_an_address_s_own_keepalive_settings_are_kept(
    pg: Cluster, open_store: Callable[..., TeamStore], doc: tuple[str, int], tmp_path: Path
) -> None:
    store = TeamStore(
        pg.url("rita", PASSWORD.format("rita")) + "?tcp_user_timeout=30000",
        sha256=doc[0],
        name="case.pdf",
        page_count=50,
        journal_dir=tmp_path / "journal",
    )
    try:
        assert store._c().info.get_parameters()["tcp_user_timeout"] == "30000"
    finally:
        store.close_connection()


@pytest.mark.timeout(6 * TCP_USER_TIMEOUT_S)  # the guard: without the option it waits minutes
def test_a_query_into_a_network_gone_quiet_fails_and_the_journal_takes_over(
    proxy: Proxy, via_proxy: Callable[[str], TeamStore]
) -> None:
    rita = via_proxy("rita")
    rita.page_state(3)  # the connection is open and idle
    proxy.stall()
    with pytest.raises(TeamUnreachableError):
        rita._one("SELECT length(%s)", (BIG,))  # the window closes; nothing acknowledges
    assert rita.away.known  # its one new attempt met the connect timeout
    rita.save_draft(3, "離線")  # straight to the journal
    assert rita.pending == 1
