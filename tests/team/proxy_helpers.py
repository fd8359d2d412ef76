"""A loopback TCP proxy in front of the test's PostgreSQL, to take the server away and
count what a client tries meanwhile.

Up, it forwards each connection to the server. Away, it cuts the connections it
forwards and closes every new one as soon as it is made, counting them
(``attempts``): a client that tries the server again is seen doing so, at once,
without waiting out a connection timeout (a stopped server's port would refuse the
connection just as fast, but could not count the tries).

Stalled (``stall``), it forwards nothing and closes nothing, like a network that went
away under open connections: it stops reading, with each connection's receive buffer
made small, so a client sending more than the buffers hold meets a closed TCP window
(this machine's kernel acknowledges what it buffers for the proxy, so only a full
window, not a small query, shows the client that nothing goes through).

Losing a reply (``lose_reply_to``), it forwards a client's message to the server and
cuts that connection when the server answers, instead of forwarding the answer: the
server did the work (e.g. committed), the client never hears it did.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
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
        self._flowing = threading.Event()  # cleared: stalled (nothing read or forwarded)
        self._flowing.set()
        self._lose: bytes | None = None  # the next client message holding this loses its reply
        self._then_away = False
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

    def stall(self) -> None:
        """Forward nothing more and close nothing (see the module's doc)."""
        with self._lock:
            self._flowing.clear()
            for s in self._open:
                with contextlib.suppress(OSError):
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)

    def lose_reply_to(self, marker: bytes, *, then_away: bool = False) -> None:
        """The next message a client sends holding ``marker`` (e.g. ``b"COMMIT"``) reaches
        the server; its reply does not reach the client: its connection is cut instead,
        once the server answered (so the server has done it). ``then_away``: new
        connections are refused from then on (``go_away``), so a retry fails too."""
        with self._lock:
            self._lose, self._then_away = marker, then_away

    def _losing(self, data: bytes) -> bool:
        with self._lock:
            if self._lose is None or self._lose not in data:
                return False
            self._lose = None
            self.away = self.away or self._then_away  # (the open connection stays, for now)
            return True

    def close(self) -> None:
        self.go_away()
        self._flowing.set()  # stalled pumps end on their cut sockets
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
            lost = threading.Event()  # the server's next reply is not forwarded
            threading.Thread(
                target=_pump, args=(client, server, self._flowing, self._losing, lost), daemon=True
            ).start()
            threading.Thread(
                target=_pump, args=(server, client, self._flowing, None, lost), daemon=True
            ).start()


def _pump(
    src: socket.socket,
    dst: socket.socket,
    flowing: threading.Event,
    losing: Callable[[bytes], bool] | None,
    lost: threading.Event,
) -> None:
    """Forward ``src`` to ``dst``: a client's messages (``losing`` given: whether this
    one's reply is lost) or the server's replies (a lost one cuts the connection)."""
    try:
        while flowing.wait() and (data := src.recv(65536)):
            flowing.wait()  # stalled: hold what was read, and read no more
            if losing is None and lost.is_set():
                _cut(dst)  # the client hears the connection die, not the answer
                return
            if losing is not None and losing(data):
                lost.set()
            dst.sendall(data)
    except OSError:
        pass
    finally:
        _cut(dst)


def _cut(s: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already cut by the other side
        s.shutdown(socket.SHUT_RDWR)
    s.close()
