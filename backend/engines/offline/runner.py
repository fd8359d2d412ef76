"""Running alternate OCR off the event loop: a spawned worker process, awaited from asyncio.

One worker by default: RapidOCR already uses both cores of a laptop for one
page. The worker is started on first use and keeps its engines loaded.
Cancelling a read that the worker has already started terminates the worker
(a RapidOCR page would otherwise keep both cores busy for seconds after the
reviewer moved on); the next read starts a fresh one. ``close`` ends every
worker, and a worker whose parent dies ends itself (see ``worker``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

from backend.engines.offline import worker
from backend.engines.offline.base import AltOcrError, AltOptions, AltReading, EngineMissingError
from backend.engines.offline.registry import engine_spec
from backend.errors import RenderError
from backend.i18n import _
from backend.models import LayoutRegions, ScanLines

T = TypeVar("T")
ProgressCallback = Callable[[int, int, int], None]  # (done, total, page just finished)


def engine_problem(engine: str, options: AltOptions | None = None) -> str | None:
    """None when ``engine`` can run on this machine, else a message saying how to fix it.

    Quick (no worker, no onnxruntime import; Tesseract is asked for its
    languages once per process), for greying out choices and for the CLI.
    Raises ``UnknownEngineError`` for a name that is no engine.
    """
    return engine_spec(engine).problem(options or AltOptions())


class AltOcrRunner:
    """Reads pages with an offline engine in worker processes; one runner per app."""

    def __init__(
        self, options: AltOptions | None = None, *, workers: int = 1, kill_on_cancel: bool = True
    ) -> None:
        self.options = options or AltOptions()
        self.workers = max(1, workers)
        self.kill_on_cancel = kill_on_cancel
        self._pool: ProcessPoolExecutor | None = None
        self._killed: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()

    # -- public API ------------------------------------------------------------

    async def warm_up(self, engine: str) -> str:
        """Start the worker and load ``engine`` now; returns the engine's version."""
        return await self._call(worker.warm_up, engine_spec(engine).name, self.options)

    async def run_page(
        self,
        pdf_path: str | Path,
        page: int,
        engine: str,
        *,
        password: str | None = None,
    ) -> AltReading:
        """Read one page (0-based). Raises ``AltOcrError`` (``UnknownEngineError`` for a
        name that is no engine), ``RenderError``, ``DocumentError``."""
        name = engine_spec(engine).name  # checked here: the worker would only say it later
        job = worker.PageJob(str(pdf_path), page, name, self.options, password)
        return await self._call(worker.read_page, job)

    async def run_pages(
        self,
        pdf_path: str | Path,
        pages: Iterable[int],
        engine: str,
        on_progress: ProgressCallback | None = None,
        *,
        on_result: Callable[[AltReading], None] | None = None,
        password: str | None = None,
    ) -> list[AltReading]:
        """Read pages in order; cancel the awaiting task to stop.

        A page that cannot be read (damaged, an engine failure) gives a reading
        with ``failed`` set and the reason in ``notice``; the others go on. An
        unknown or missing engine or an unusable document raises at once. ``on_result``
        gets each reading as it arrives (store it there: a cancelled run keeps
        what it finished).
        """
        engine_spec(engine)  # an unknown name: said once, not as a failure on every page
        todo = list(pages)
        results: dict[int, AltReading] = {}
        queue = iter(todo)

        async def lane() -> None:
            for page in queue:  # shared by the lanes: each takes the next page
                reading = await self._page_or_failure(pdf_path, page, engine, password)
                results[page] = reading
                if on_result is not None:
                    on_result(reading)
                if on_progress is not None:
                    on_progress(len(results), len(todo), page)

        lanes = [asyncio.ensure_future(lane()) for _unused in range(min(self.workers, len(todo)))]
        try:
            await asyncio.gather(*lanes)
        finally:
            for task in lanes:
                task.cancel()
            await asyncio.gather(*lanes, return_exceptions=True)
        return [results[p] for p in todo]

    async def detect_lines(
        self, pdf_path: str | Path, page: int, *, password: str | None = None
    ) -> ScanLines:
        """The text lines of one page (0-based), found by RapidOCR's detector without
        reading them. Raises ``EngineMissingError``, ``AltOcrError``, ``RenderError``,
        ``DocumentError``."""
        job = worker.PageJob(str(pdf_path), page, "rapidocr", self.options, password)
        return await self._call(worker.detect_lines, job)

    async def detect_layout(
        self, pdf_path: str | Path, page: int, *, password: str | None = None
    ) -> LayoutRegions:
        """The layout regions of one page (0-based) by the CDLA layout model, with the
        ruling lines of its tables. Raises ``EngineMissingError``, ``AltOcrError``,
        ``RenderError``, ``DocumentError``."""
        job = worker.PageJob(str(pdf_path), page, "rapidocr", self.options, password)
        return await self._call(worker.detect_layout, job)

    def worker_pids(self) -> list[int]:
        """The live worker processes (for diagnostics and tests)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in procs.values() if p.is_alive() and p.pid is not None]

    def close(self) -> None:
        """End the workers now, even mid-page. Safe to call twice."""
        if self._pool is not None:
            self._kill(self._pool)

    # -- internals ---------------------------------------------------------------

    async def _page_or_failure(
        self, pdf_path: str | Path, page: int, engine: str, password: str | None
    ) -> AltReading:
        try:
            return await self.run_page(pdf_path, page, engine, password=password)
        except EngineMissingError:
            raise
        except (AltOcrError, RenderError) as exc:
            notice = str(exc)
        except OSError as exc:  # the engine's program could not run: this page fails, not all
            notice = _("Page {page} could not be read: {value}.").format(
                page=page + 1, value=exc.strerror or exc
            )
        return AltReading(text="", engine=engine, page=page, notice=notice, failed=True)

    def _new_pool(self) -> ProcessPoolExecutor:
        # "spawn": forking a process that runs Qt threads can deadlock the child.
        ctx = multiprocessing.get_context("spawn")
        # Inherited by the worker from its first instruction (its initializer sets
        # it too): no onnxruntime anywhere in ProofDesk may report usage.
        os.environ["ORT_DISABLE_TELEMETRY"] = "1"
        return ProcessPoolExecutor(
            self.workers, ctx, initializer=worker.init_worker, initargs=(os.getpid(),)
        )

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        for attempt in range(2):
            if self._pool is None:
                self._pool = self._new_pool()
            pool = self._pool
            future: Future[T] = pool.submit(fn, *args)
            try:
                return await asyncio.wrap_future(future)
            except asyncio.CancelledError:
                if not future.cancel() and self.kill_on_cancel:
                    self._kill(pool)  # running: stop it rather than let it finish for nothing
                raise
            except BrokenProcessPool as exc:
                if pool in self._killed and attempt == 0:
                    continue  # another read was cancelled and took the worker with it
                self._discard(pool)
                raise AltOcrError(
                    _(
                        "The OCR worker stopped unexpectedly on this page (it may have run out "
                        "of memory); other pages still work."
                    ),
                    detail=repr(exc),
                ) from exc
        raise AssertionError("unreachable")

    def _kill(self, pool: ProcessPoolExecutor) -> None:
        self._killed.add(pool)
        # The executor has no public handle on its workers; terminate (SIGTERM)
        # lets a worker end a Tesseract child before it exits.
        procs = list(getattr(pool, "_processes", {}).values())
        self._discard(pool)
        for proc in procs:
            if proc.is_alive():
                proc.terminate()

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        pool.shutdown(wait=False, cancel_futures=True)
        if self._pool is pool:
            self._pool = None
