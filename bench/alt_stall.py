"""Event-loop stall while alternate OCR (RapidOCR) reads pages.

A ticker task sleeps 10 ms in a loop and records how late each wake-up is (how
long the loop, the UI thread in the app, could not run) while 3 scanned pages
are read:

(a) ``AltOcrRunner.run_pages`` (render + RapidOCR in a worker process);
(b) baseline: the same worker code (``worker.read_page``) in a thread of this
    process via ``asyncio.to_thread``, as a naive integration would do it.

Both load RapidOCR's models before the ticker starts. RapidOCR then uses both
cores at a lower priority (the worker is niced); what remains in (a) is how
soon the loop's process gets a core back. A third row measures the ticker with
nothing running at all: the machine's own scheduling noise (other processes).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from backend.engines.offline import AltOcrRunner, AltOptions
from backend.engines.offline import worker as alt_worker
from backend.engines.offline.rapidocr_engine import NAME as RAPIDOCR
from bench.make_doc import Docs
from bench.stall import StallResult, _ticker
from bench.table import Row

TICK_S = 0.010
PAGES = (0, 1, 2)
IDLE_S = 5.0


async def _measure(work: Callable[[], Awaitable[object]]) -> StallResult:
    result = StallResult()
    stop = asyncio.Event()
    ticker = asyncio.create_task(_ticker(result, stop, TICK_S))
    await asyncio.sleep(0.05)  # the ticker is running
    t0 = time.perf_counter()
    await work()
    result.total_s = time.perf_counter() - t0
    stop.set()
    await ticker
    return result


async def _in_worker(path: str) -> StallResult:
    runner = AltOcrRunner()
    try:
        await runner.warm_up(RAPIDOCR)
        return await _measure(lambda: runner.run_pages(path, PAGES, RAPIDOCR))
    finally:
        runner.close()


async def _in_thread(path: str) -> StallResult:
    options = AltOptions()
    await asyncio.to_thread(alt_worker.warm_up, RAPIDOCR, options)

    async def read_all() -> None:
        for page in PAGES:
            job = alt_worker.PageJob(path, page, RAPIDOCR, options)
            await asyncio.to_thread(alt_worker.read_page, job)

    return await _measure(read_all)


def run(docs: Docs) -> list[Row]:
    path = str(docs.small)
    idle = asyncio.run(_measure(lambda: asyncio.sleep(IDLE_S)))
    proc = asyncio.run(_in_worker(path))
    # Last: it imports RapidOCR (and onnxruntime) into this process for good.
    thread = asyncio.run(_in_thread(path))
    n, base = len(PAGES), "RapidOCR in a thread"
    return [
        Row(
            f"stall p99, {n} pages RapidOCR, AltOcrRunner",
            proc.p99_ms,
            thread.p99_ms,
            goal="≤ 16 ms",
            baseline_name=base,
        ),
        Row(
            f"stall max, {n} pages RapidOCR, AltOcrRunner",
            proc.max_ms,
            thread.max_ms,
            goal="≤ 50 ms",
            baseline_name=base,
        ),
        Row("stall p99, idle loop, no OCR (machine noise)", idle.p99_ms, None),
        Row("stall max, idle loop, no OCR (machine noise)", idle.max_ms, None),
        Row(
            f"time for {n} pages, AltOcrRunner",
            proc.total_s,
            thread.total_s,
            unit="s",
            baseline_name=base,
        ),
    ]
