"""A hostile-server behaviour the test drives one request at a time, with no clock.

Apart from ``server.py`` (the server and its ready-made behaviours) because it is
the one behaviour with state a test steps through: counted, held, then let go.
"""

from __future__ import annotations

import asyncio
import threading

from tests.hostile.request import Request
from tests.hostile.server import Behaviour, Reply


class Gate:
    """A behaviour the test drives one request at a time, with no clock: each request
    is counted and held until the test ``open``s the gate, then answered with ``then``
    (one behaviour, or a list: one per request, the last repeated).

    The test waits for a request with ``await gate.arrival()``; it sees the request
    arrive, moves its own clock as if time had passed, then lets the answer go.
    """

    def __init__(self, then: Behaviour | list[Behaviour]) -> None:
        self.then = then if isinstance(then, list) else [then]
        self.count = 0
        self._arrived = threading.Semaphore(0)
        self._go = threading.Semaphore(0)

    def __call__(self, reply: Reply, req: Request) -> None:
        n, self.count = self.count, self.count + 1
        self._arrived.release()
        while not self._go.acquire(timeout=0.05):
            reply.wait(0)  # raises Closed once the server stops: no thread outlives it
        self.then[min(n, len(self.then) - 1)](reply, req)

    def open(self) -> None:
        """Let the oldest held request be answered."""
        self._go.release()

    async def arrival(self, guard_s: float = 60.0) -> None:
        """Wait (off the event loop) for the next request; fail after ``guard_s``."""
        if not await asyncio.to_thread(self._arrived.acquire, timeout=guard_s):
            raise AssertionError(f"no request reached the server within {guard_s:g} s")
