"""A loopback TCP proxy in front of the test's PostgreSQL, to take the server away and
count what a client tries meanwhile.

Up, it forwards each connection to the server. Away, it cuts the connections it
forwards and closes every new one as soon as it is made, counting them
(``attempts``): a client that tries the server again is seen doing so, at once,
without waiting out a connection timeout (a stopped server's port would refuse the
connection just as fast, but could not count the tries).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType


class Proxy:
    def __init__(self, port: int) -> None:
        self._target = ("127.0.0.1", port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self.away = False
        self.attempts = 0  # connections made while away
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, user: str, password: str, db: str = "proofdesk") -> str:
        # No TLS or GSS negotiation: one connection per attempt, so ``attempts`` counts tries.
        return (
            f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{db}"
            "?sslmode=disable&gssencmode=disable"
        )

    def go_away(self) -> None:
        with self._lock:
            self.away = True
            for s in self._open:
                _cut(s)
            self._open.clear()

    def come_back(self) -> None:
        with self._lock:
            self.away = False

    def close(self) -> None:
        self.go_away()
        self._listener.close()

    def __enter__(self) -> Proxy:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _addr = self._listener.accept()
            except OSError:  # closed
                return
            with self._lock:
                if self.away:
                    self.attempts += 1
                    _cut(client)
                    continue
                server = socket.create_connection(self._target)
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()


def _pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while data := src.recv(65536):
            dst.sendall(data)
    except OSError:
        pass
    finally:
        _cut(dst)


def _cut(s: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already cut by the other side
        s.shutdown(socket.SHUT_RDWR)
    s.close()
