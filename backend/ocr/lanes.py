"""A batch's view of one server: its in-flight limit, adapted to the server's load, and
its health (down for a while after losing the server, disabled on a wrong key).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from backend.engines.base import OcrRequest, Reading
from backend.engines.server_info import ServerLoad

MAX_ADAPTIVE_LIMIT = 64


class Lane:
    """One server: its engine, its in-flight limit and its health."""

    def __init__(
        self,
        name: str,
        engine: Engine,
        *,
        limit: int = 4,
        fixed: bool = False,
        load: Callable[[], Awaitable[ServerLoad | None]] | None = None,
    ) -> None:
        self.name = name
        self.engine = engine
        self.limit = max(1, limit)
        self.fixed = fixed  # the user set the concurrency: do not adapt it
        self.load = load
        self.in_flight = 0  # slots taken (a lane takes one before it takes a page)
        self.reading = 0  # pages actually being prepared or read: what the user sees
        self.failures_in_a_row = 0
        self.down_until = 0.0
        self.disabled = ""  # a reason: wrong key, unknown model — no page can succeed here
        self._changed = asyncio.Condition()

    async def acquire(self) -> None:
        async with self._changed:
            while True:
                wait = self.down_until - time.monotonic()
                if self.in_flight < self._effective_limit() and wait <= 0:
                    self.in_flight += 1
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self._changed.wait(), max(wait, 0.05) if wait > 0 else None
                    )

    def _effective_limit(self) -> int:
        # Back from being down: one page first, to see whether the server is up.
        return 1 if self.failures_in_a_row else self.limit

    async def release(self) -> None:
        async with self._changed:
            self.in_flight -= 1
            self._changed.notify_all()

    async def set_limit(self, limit: int) -> None:
        async with self._changed:
            self.limit = max(1, limit)
            self._changed.notify_all()

    def adapt(self, load: ServerLoad) -> int:
        """The limit that keeps the server busy with a small queue of our pages ready.

        A slot that frees must find the next page already waiting in the server,
        or it idles for a round trip: so a queue of about a quarter of the running
        count (the margin) is wanted, and held. More queue than twice that, or a
        nearly full KV cache, backs off to running + margin. With no queue while
        every page we may send is out, the limit grows by half.
        """
        running, waiting = load.running, load.waiting
        margin = max(2.0, running / 4)
        if (load.kv_cache_usage or 0.0) >= 0.95 or waiting > 2 * margin:
            return max(1, min(self.limit - 1, int(running + margin)))
        if waiting > 0:
            return self.limit
        if self.reading >= self.limit:
            return min(MAX_ADAPTIVE_LIMIT, self.limit + max(1, self.limit // 2))
        return self.limit


class Engine(Protocol):
    """The part of an ``OcrEngine`` a batch uses."""

    async def read(self, request: OcrRequest) -> Reading: ...
