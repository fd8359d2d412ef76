"""FakeVllm: the in-process server (a ThreadingHTTPServer on loopback)."""

from __future__ import annotations

import contextlib
import socket
import socketserver
import sys
import threading
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from typing import Any

from tests.fakevllm.engine import Engine
from tests.fakevllm.handler import Handler
from tests.fakevllm.knobs import Knobs


class Run:
    """One listening period: the stop event and the open connections."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.cond = threading.Condition()
        self.connections: set[socket.socket] = set()
        self.rst: set[socket.socket] = set()
        self.httpd: FakeHTTPServer | None = None
        self.thread: threading.Thread | None = None

    def opened(self, sock: socket.socket) -> None:
        with self.cond:
            self.connections.add(sock)

    def closed(self, sock: socket.socket) -> None:
        with self.cond:
            self.connections.discard(sock)
            self.rst.discard(sock)
            self.cond.notify_all()

    def mark_rst(self, sock: socket.socket) -> None:
        with self.cond:
            self.rst.add(sock)

    def is_rst(self, sock: socket.socket) -> bool:
        with self.cond:
            return sock in self.rst

    def close_all(self, timeout: float) -> None:
        """Wake every handler blocked on its socket, then wait for them to finish."""
        with self.cond:
            socks = list(self.connections)
        for sock in socks:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        with self.cond:
            self.cond.wait_for(lambda: not self.connections, timeout)


class FakeHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 512

    def __init__(self, port: int, engine: Engine, run: Run, owner: FakeVllm) -> None:
        self.engine = engine
        self.run = run
        self.owner = owner
        super().__init__(("127.0.0.1", port), Handler)

    def server_bind(self) -> None:
        socketserver.TCPServer.server_bind(self)  # no getfqdn() DNS lookup
        self.server_name, self.server_port = self.server_address[:2]

    def process_request(self, request: Any, client_address: Any) -> None:
        self.run.opened(request)
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.run.closed(request)

    def shutdown_request(self, request: Any) -> None:
        if self.run.is_rst(request):
            self.close_request(request)  # no shutdown(): that would send FIN, not RST
        else:
            super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exception(), OSError):  # vanishing clients are part of the job
            super().handle_error(request, client_address)  # a bug: print the traceback

    def engine_died(self) -> None:
        self.owner._engine_died()


class FakeVllm:
    """A vLLM-like OpenAI server on 127.0.0.1; started on construction.

    Knobs: see tests.fakevllm.knobs.Knobs. Faults: tests.fakevllm.knobs.FAULT_KINDS.
    """

    def __init__(self, *, port: int = 0, **knobs: Any) -> None:
        self.engine = Engine(Knobs().updated(**knobs))
        self.port = port
        self.on_death: Callable[[], None] | None = None  # after the listener closed
        self._lock = threading.Lock()
        self._run: Run | None = None
        self._death_timer: threading.Timer | None = None
        self.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def knobs(self) -> Knobs:
        return self.engine.knobs

    @property
    def peak_running(self) -> int:
        """The most requests served at once since start or reset (see Knobs.gate)."""
        return self.engine.peak_running

    @property
    def dead(self) -> bool:
        return self.engine.dead

    @property
    def running(self) -> bool:
        return self._run is not None

    def __enter__(self) -> FakeVllm:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def configure(self, **knobs: Any) -> None:
        self.engine.configure(**knobs)

    def push_faults(self, *kinds: str) -> None:
        self.engine.push_faults(list(kinds))

    def requests(self) -> list[dict[str, Any]]:
        return self.engine.requests()

    def reset(self) -> None:
        """Knobs as constructed; no faults, records or counters."""
        self.engine.reset()

    def metrics_text(self) -> str:
        return self.engine.metrics()

    def start(self) -> None:
        """Listen (again) on the same port; a dead engine comes back alive."""
        with self._lock:
            if self._run is not None:
                return
            run = Run()
            httpd = FakeHTTPServer(self.port, self.engine, run, self)
            self.port = httpd.server_address[1]
            self.engine.dead = False
            run.httpd = httpd
            run.thread = threading.Thread(
                target=httpd.serve_forever,
                kwargs={"poll_interval": 0.05},
                name=f"fakevllm-{self.port}",
                daemon=True,
            )
            run.thread.start()
            self._run = run

    def stop(self) -> None:
        """Close the listener and every connection; wakes hung and queued requests."""
        with self._lock:
            run, self._run = self._run, None
            timer, self._death_timer = self._death_timer, None
        if timer is not None:
            timer.cancel()
        if run is None or run.httpd is None or run.thread is None:
            return
        run.stop.set()
        self.engine.wake()
        run.httpd.shutdown()
        run.httpd.server_close()
        run.thread.join()
        run.close_all(timeout=5.0)

    def _engine_died(self) -> None:
        with self._lock:
            if self._run is None or self._death_timer is not None:
                return
            timer = threading.Timer(self.engine.knobs.dead_exit_after, self._exit_after_death)
            timer.daemon = True
            self._death_timer = timer
            timer.start()

    def _exit_after_death(self) -> None:
        with self._lock:
            if self._death_timer is None:  # stopped meanwhile
                return
            self._death_timer = None
        self.stop()
        if self.on_death is not None:
            self.on_death()
