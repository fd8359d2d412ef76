"""Event-loop stall during the fault matrix (issue 6): the figure ``test_fault_matrix``
used to assert, measured here instead (a duration is a benchmark's, not a test's).

The scenario is the test's (``tests/backend/ocr/fault_matrix_helpers.py``): 50 pages on two
fake vLLM servers, each in its own process, through every fault, server a killed
mid-batch and started again. A ticker sleeps 10 ms in a loop and records, per wake-up:
how late it was (the loop's stall), and how much of that the loop's thread spent waiting
for a CPU (Linux schedstat: other processes' load, not the app's work). "Blocked" is the
stall less that wait: the loop's own work and waits, which issue 6 bounds at 100 ms.

Baseline: the same 50 pages on two healthy fakes (no faults, nobody killed), same ticker.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bench.make_doc import Docs
from bench.table import Row, percentile

TICK_S = 0.010


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
        await asyncio.sleep(TICK_S)
        q1 = queued_s()
        ticks.append(
            Tick(
                loop.time() - t0 - TICK_S,
                time.thread_time() - cpu0,
                None if q0 is None or q1 is None else q1 - q0,
                GC_CLOCK.total_s - gc0,
            )
        )


@dataclass
class Run:
    ticks: list[Tick] = field(default_factory=list)
    total_s: float = 0.0
    stored: int = 0
    failed: int = 0

    @property
    def worst(self) -> Tick:
        return max(self.ticks, key=lambda t: t.blocked_s)

    @property
    def late(self) -> list[float]:
        return [t.late_s for t in self.ticks]


async def _ticking(work: Callable[[], Awaitable[Any]], run: Run) -> Any:
    # The ticker runs from the start: making the clients is on the loop too.
    stop = asyncio.Event()
    tick = asyncio.create_task(ticker(run.ticks, stop))
    await asyncio.sleep(0)
    t0 = time.perf_counter()
    try:
        return await work()
    finally:
        run.total_s = time.perf_counter() - t0
        stop.set()
        await tick


def _measure(faults: bool) -> Run:
    # Imported by name so that type checking of ``bench`` does not extend to the tests.
    helpers: Any = importlib.import_module("tests.backend.ocr.fault_matrix_helpers")
    spawn = importlib.import_module("tests.fakevllm").spawn_fake_vllm
    run = Run()
    with spawn(**helpers.KNOBS) as a, spawn(**helpers.KNOBS) as b:
        # Objects from before are frozen out of the collector, as the app's own small
        # heap would be; what the batch allocates is still collected, and counted.
        gc.collect()
        gc.freeze()
        gc.callbacks.append(GC_CLOCK)
        try:
            matrix = asyncio.run(_ticking(lambda: helpers.run_matrix(a, b, faults=faults), run))
        finally:
            gc.callbacks.remove(GC_CLOCK)
            gc.unfreeze()
    run.stored, run.failed = len(matrix.saved), len(matrix.failed)
    return run


def run(docs: Docs) -> list[Row]:
    base = _measure(faults=False)
    matrix = _measure(faults=True)
    name = "healthy servers"
    where = "fault matrix, 50 pages on 2 fakes, a killed and restarted"
    print(f"[bench] fault_stall: worst blocked tick {matrix.worst}", file=sys.stderr, flush=True)
    return [
        Row(
            f"stall p99, {where}",
            percentile(matrix.late, 0.99) * 1000,
            percentile(base.late, 0.99) * 1000,
            baseline_name=name,
        ),
        Row(
            f"stall max, {where}",
            max(matrix.late) * 1000,
            max(base.late) * 1000,
            goal="≤ 1000 ms",
            baseline_name=name,
        ),
        Row(
            "  … blocked max (stall less waiting for a CPU)",
            matrix.worst.blocked_s * 1000,
            base.worst.blocked_s * 1000,
            goal="≤ 100 ms",
            baseline_name=name,
        ),
        Row(
            f"  … time for the batch ({matrix.stored} stored, {matrix.failed} refused)",
            matrix.total_s,
            base.total_s,
            unit="s",
            baseline_name=name,
        ),
    ]
