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
from backend.ocr.ramp import Ramp


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
        page_timeout_s: float = 0.0,
    ) -> None:
        self.name = name
        self.engine = engine
        self.limit = max(1, limit)
        self.fixed = fixed  # the user set the concurrency: do not adapt it
        self.ramp = Ramp(self.limit)
        self.load = load
        # The time one page may take on this server, its retries included (the
        # profile's total timeout); 0: no limit of the batch's own.
        self.page_timeout_s = page_timeout_s
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
        """The limit the server's load calls for (see ``ramp``: slow start, then a
        small queue held at the server)."""
        self.ramp.limit = self.limit  # the user may have set it meanwhile
        return self.ramp.decide(load, self.reading)

    def poll_interval(self, steady_s: float) -> float:
        """Seconds until the next look at the server's load: quick while ramping up."""
        return self.ramp.poll_interval(steady_s)


class Engine(Protocol):
    """The part of an ``OcrEngine`` a batch uses."""

    async def read(self, request: OcrRequest) -> Reading: ...
