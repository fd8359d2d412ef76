"""Event-loop stall while flipping quickly through pages.

A ticker task sleeps 1 ms in a loop and records how late each wake-up is; the
lateness is how long the loop (the UI thread, in the app) could not run. While it
ticks, 40 uncached pages are rendered one after another as fast as possible:

(a) through RenderService (worker process; the loop only receives the pixels);
(b) baseline: ``loop.run_in_executor(ThreadPoolExecutor)`` calling
    ``PdfDocument.render`` in a thread of this process (MuPDF holds the GIL);
(c) as (a), plus turning each RenderedPage into a QImage on the loop thread
    (``QImage(samples, ...)`` and ``.copy()``, the cost of owning the pixels).

Workers are started and warmed up before the ticker starts.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from backend.documents.pdf import open_pdf
from backend.documents.render_service import RenderService
from backend.models import RenderedPage
from bench.flip import scale_for
from bench.make_doc import Docs
from bench.table import Row, percentile

TICK_S = 0.001
FLIP_COUNT = 40


@dataclass
class StallResult:
    lateness: list[float] = field(default_factory=list)  # seconds, one per tick
    total_s: float = 0.0  # wall time for all flips
    convert: list[float] = field(default_factory=list)  # seconds per QImage conversion

    @property
    def p99_ms(self) -> float:
        return percentile(self.lateness, 0.99) * 1000

    @property
    def max_ms(self) -> float:
        return max(self.lateness, default=0.0) * 1000


async def _ticker(result: StallResult, stop: asyncio.Event, tick_s: float = TICK_S) -> None:
    """Sleep ``tick_s`` until ``stop``; record how late each wake-up is (the loop's stall)."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(tick_s)
        result.lateness.append(max(0.0, time.perf_counter() - t0 - tick_s))


def flip_pages(page_count: int) -> range:
    """The last ``FLIP_COUNT`` pages: never rendered before in a fresh worker."""
    return range(max(1, page_count - FLIP_COUNT), page_count)


async def _flip_all(
    pages: range,
    render: Callable[[int], Awaitable[RenderedPage]],
    on_page: Callable[[RenderedPage], None] | None = None,
) -> StallResult:
    result = StallResult()
    stop = asyncio.Event()
    ticker = asyncio.create_task(_ticker(result, stop))
    await asyncio.sleep(0.05)  # the ticker is running
    t0 = time.perf_counter()
    for page in pages:
        rendered = await render(page)
        if on_page is not None:
            on_page(rendered)
    result.total_s = time.perf_counter() - t0
    stop.set()
    await ticker
    return result


async def _with_service(path: str, pages: range, scale: float, to_qimage: bool) -> StallResult:
    service = RenderService(path)
    try:
        await service.render(0, scale)  # start the worker, open the document
        if not to_qimage:
            return await _flip_all(pages, lambda p: service.render(p, scale))
        from PySide6.QtGui import QImage

        times: list[float] = []
        keep: list[QImage] = []

        def convert(rp: RenderedPage) -> None:
            t0 = time.perf_counter()
            image = QImage(rp.samples, rp.width, rp.height, rp.stride, QImage.Format.Format_RGB888)
            keep[:] = [image.copy()]
            times.append(time.perf_counter() - t0)

        result = await _flip_all(pages, lambda p: service.render(p, scale), convert)
        result.convert = times
        return result
    finally:
        service.close()


async def _with_thread(path: str, pages: range, scale: float) -> StallResult:
    doc = open_pdf(path)
    pool = ThreadPoolExecutor(1)
    loop = asyncio.get_running_loop()
    try:
        await loop.run_in_executor(pool, doc.render, 0, scale)
        return await _flip_all(pages, lambda p: loop.run_in_executor(pool, doc.render, p, scale))
    finally:
        pool.shutdown()
        doc.close()


def run(docs: Docs) -> list[Row]:
    path = str(docs.big)
    scale = scale_for(path)
    pages = flip_pages(docs.pages)
    thread = asyncio.run(_with_thread(path, pages, scale))
    proc = asyncio.run(_with_service(path, pages, scale, to_qimage=False))
    qimg = asyncio.run(_with_service(path, pages, scale, to_qimage=True))
    n = len(pages)
    base = "thread executor"
    rows = [
        Row(
            f"stall p99, {n} fast flips, RenderService",
            proc.p99_ms,
            thread.p99_ms,
            goal="≤ 16 ms",
            baseline_name=base,
        ),
        Row(
            f"stall max, {n} fast flips, RenderService",
            proc.max_ms,
            thread.max_ms,
            goal="≤ 50 ms",
            baseline_name=base,
        ),
        Row(
            f"time for {n} flips, RenderService",
            proc.total_s,
            thread.total_s,
            unit="s",
            baseline_name=base,
        ),
        Row(
            "stall p99, RenderService + QImage on loop",
            qimg.p99_ms,
            thread.p99_ms,
            goal="≤ 16 ms",
            baseline_name=base,
        ),
        Row(
            "stall max, RenderService + QImage on loop",
            qimg.max_ms,
            thread.max_ms,
            goal="≤ 50 ms",
            baseline_name=base,
        ),
    ]
    if qimg.convert:
        rows.append(
            Row("  … QImage(samples).copy() per page (max)", max(qimg.convert) * 1000, None)
        )
    return rows
