"""A batch of 50 pages on two servers through the whole fault matrix, one server dying
and coming back (issue 6): pages that can succeed do, the others fail with a readable
reason, the batch ends, nothing is lost or duplicated, and the loop never blocks."""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass
from typing import Any

import pymupdf

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.models import PageImage
from backend.ocr.batch import Batch, BatchEvent, RetryPolicy
from backend.ocr.jobs import BatchEngine
from backend.ocr.lanes import Lane
from backend.settings.profiles import ServerProfile
from tests.fakevllm import spawn_fake_vllm

PAGES = 50
# Faults that a retry (here or on the other server) gets past, and ones it cannot.
TRANSIENT = [
    "reset_before", "reset_mid_body", "http_500", "http_502", "http_503", "http_504",
    "http_429", "malformed_json", "empty_choices", "hang",
]  # fmt: skip
PERMANENT = ["http_400_too_long"]
QUIRKS = ["length", "think_block", "reasoning_field", "slow_first_token"]
POLICY = RetryPolicy(max_attempts=6, base_delay_s=0.05, max_delay_s=0.5, lane_cooldown_s=0.3)


def image_for(page: int) -> PageImage:
    # A plain colour per page, built from its samples: ``Pixmap.set_rect`` fills pixel
    # by pixel in Python (~20 ms for this little image), and ``prepare`` runs on the
    # event loop, where the product's preparer only awaits its render processes.
    rgb = bytes((page * 5 % 256, 40, page * 11 % 256))
    pix = pymupdf.Pixmap(pymupdf.csRGB, 56, 84, rgb * (56 * 84), 0)
    return PageImage(page, pix.tobytes("jpeg"), "image/jpeg", 56, 84)


async def prepare(page: int, lane: Lane) -> OcrRequest:
    return OcrRequest(image_for(page), "Transcribe.", SamplingParams(max_tokens=512))


@dataclass(frozen=True)
class Tick:
    late_s: float  # how late a 10 ms sleep woke up: the loop's stall
    cpu_s: float  # CPU time the loop thread used meanwhile: work done on the loop
    queued_s: float | None  # time it waited for a CPU meanwhile (Linux): the machine's load
    gc_s: float  # time in Python's garbage collector meanwhile (shown, not subtracted)

    @property
    def blocked_s(self) -> float:
        """The stall but for the time other processes held the CPUs: the loop's own."""
        return self.late_s - (self.queued_s or 0.0)

    def __str__(self) -> str:
        queued = "?" if self.queued_s is None else f"{self.queued_s * 1000:.0f}"
        return (
            f"{self.late_s * 1000:.0f} ms late: {self.cpu_s * 1000:.0f} ms running "
            f"on the loop thread, {queued} ms waiting for a CPU, "
            f"{self.gc_s * 1000:.0f} ms collecting garbage"
        )


class GcClock:
    """Total time spent in the garbage collector while installed (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.total_s = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.total_s += time.perf_counter() - self._start


GC_CLOCK = GcClock()


def queued_s() -> float | None:
    """This thread's total wait in the CPU run queue (Linux schedstat), if known."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


async def ticker(ticks: list[Tick], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0, cpu0, q0, gc0 = loop.time(), time.thread_time(), queued_s(), GC_CLOCK.total_s
        await asyncio.sleep(0.01)
        q1 = queued_s()
        ticks.append(
            Tick(
                loop.time() - t0 - 0.01,
                time.thread_time() - cpu0,
                None if q0 is None or q1 is None else q1 - q0,
                GC_CLOCK.total_s - gc0,
            )
        )


def test_the_gc_clock_counts_a_collection() -> None:
    gc.callbacks.append(GC_CLOCK)
    try:
        before = GC_CLOCK.total_s
        gc.collect()
        assert GC_CLOCK.total_s > before
    finally:
        gc.callbacks.remove(GC_CLOCK)


def test_fifty_pages_two_servers_every_fault_one_server_dies_and_returns() -> None:
    knobs: dict[str, Any] = {
        "service_time": 0.05,
        "slots": 4,
        "hang_seconds": 3.0,
        "slow_seconds": 0.5,
    }
    with spawn_fake_vllm(**knobs) as a, spawn_fake_vllm(**knobs) as b:
        a.push_faults(*TRANSIENT, *QUIRKS, *PERMANENT)
        b.push_faults(*reversed(TRANSIENT), *PERMANENT)
        saved: dict[int, Reading] = {}
        failed: dict[int, str] = {}
        events: list[BatchEvent] = []
        ticks: list[Tick] = []

        async def save(
            page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]
        ) -> None:
            assert page not in saved and page not in failed, f"page {page} stored twice"
            saved[page] = reading

        async def fail(page: int, reason: str, attempts: int) -> None:
            assert page not in saved and page not in failed, f"page {page} ended twice"
            failed[page] = reason

        async def go() -> None:
            # The ticker runs from the start: making the clients is on the loop too.
            stop = asyncio.Event()
            tick = asyncio.create_task(ticker(ticks, stop))
            await asyncio.sleep(0)
            lanes = []
            for name, fake in (("a", a), ("b", b)):
                profile = ServerProfile(
                    name=name,
                    base_url=fake.base_url + "/v1",
                    model="fake-vl",
                    first_token_timeout_s=1.5,
                    total_timeout_s=5.0,
                )
                client = VllmClient(profile)
                lanes.append(Lane(name, BatchEngine(client), limit=4, fixed=True))
            batch = Batch(
                list(range(PAGES)),
                lanes,
                prepare=prepare,
                save=save,
                fail=fail,
                on_event=events.append,
                policy=POLICY,
            )
            run = asyncio.create_task(batch.run())
            while batch.stats().finished < 12:
                await asyncio.sleep(0.01)
            await asyncio.to_thread(a.kill)  # server a dies mid-batch ...
            await asyncio.sleep(1.0)
            await asyncio.to_thread(a.restart)  # ... and comes back
            await asyncio.wait_for(run, 120)
            stop.set()
            await tick
            for lane in lanes:
                await lane.engine.aclose()  # type: ignore[attr-defined]

        # The objects of every test run before this one (the whole suite shares a process)
        # are frozen out of the collector: a full collection over them took ~145 ms once
        # in CI, a pause the app, with its own small heap, does not have. What this test
        # allocates is still collected, and still counts.
        gc.collect()
        gc.freeze()
        gc.callbacks.append(GC_CLOCK)
        t0 = time.monotonic()
        try:
            asyncio.run(go())
        finally:
            gc.callbacks.remove(GC_CLOCK)
            gc.unfreeze()
        took = time.monotonic() - t0

    assert len(saved) + len(failed) == PAGES  # the batch finished every page, one way or another
    for page, reading in saved.items():  # each page got its own text: none lost or swapped
        assert reading.text.startswith(f"FAKE {image_for(page).sha256[:16]}"), page
    # Only the refused requests failed, each with the server's reason and what to change.
    assert 1 <= len(failed) <= len(PERMANENT) * 2, failed
    assert all("5,621" in r and "--max-model-len" in r for r in failed.values()), failed
    assert any(e.kind == "lane_down" and e.lane == "a" for e in events)
    worst = max(ticks, key=lambda t: t.blocked_s)
    print(
        f"\nfault matrix: {PAGES} pages, {len(saved)} stored, {len(failed)} failed (refused), "
        f"{took:.1f} s; loop stall max {max(t.late_s for t in ticks) * 1000:.0f} ms, "
        f"blocked max {worst.blocked_s * 1000:.0f} ms ({worst})"
    )
    # The bound: the loop (the GUI's, in the app) never blocks more than 100 ms.
    # A stall is the loop's own work and waits (late - queued = CPU time + waits other
    # than for a CPU, beyond the 10 ms asked for): time its thread was ready but other
    # processes held the CPUs is the machine's load, not the app's (2 cores shared with
    # other test runs and, here, with the two servers). Measured with 3 extra busy
    # processes: stalls up to ~110 ms, of which the loop's own at most ~50 ms.
    assert worst.blocked_s < 0.1, f"the event loop was blocked: {worst}"
    late = max(ticks, key=lambda t: t.late_s)
    assert late.late_s < 1.0, f"the event loop stalled: {late}"
