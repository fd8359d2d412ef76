"""Close abandoned async generators on the loop, as ``asyncio.run`` would.

qasync installs no async-generator hooks, so a generator left suspended (the
response stream of a cancelled httpx read) is finalised by the garbage
collector with no loop ("async generator ignored GeneratorExit"). The loop's
own finalizer hook is no answer under qasync: the collector may run it on a
worker thread. So the finalizer only *collects* them (a list append is
thread-safe) and the loop closes them now and then, and at exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
from collections.abc import AsyncGenerator
from typing import Any

SWEEP_INTERVAL_S = 2.0


class AsyncGenCloser:
    def __init__(self) -> None:
        self._abandoned: list[AsyncGenerator[Any, Any]] = []
        self._old: Any = None

    def install(self) -> None:
        self._old = sys.get_asyncgen_hooks()
        sys.set_asyncgen_hooks(firstiter=None, finalizer=self._abandoned.append)

    def uninstall(self) -> None:
        if self._old is not None:
            sys.set_asyncgen_hooks(*self._old)
            self._old = None

    async def close_all(self, *, collect: bool = False) -> None:
        if collect:
            gc.collect()
        while self._abandoned:
            batch, self._abandoned[:] = list(self._abandoned), []
            await asyncio.gather(*(g.aclose() for g in batch), return_exceptions=True)

    async def sweep_forever(self) -> None:
        with contextlib.suppress(asyncio.CancelledError):
            while True:
                await asyncio.sleep(SWEEP_INTERVAL_S)
                await self.close_all()
