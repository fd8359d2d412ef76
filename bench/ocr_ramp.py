"""OCR benchmark, figure 3b: the adaptive in-flight limit (the default) against C/S.

An adaptive lane from 4 in flight (``Lane(load=client.load)``, as
``OcrJobRunner`` builds it) on a fake with C slots and S per page: the whole run
of 5 rounds of C pages (ramp and tail included), and its steady state. The
"before" row is the earlier controller, kept here as a baseline: one look at
``/metrics`` a second, growing by half while nothing waited. Each run also
reports the fake's own CPU (it runs in its own process): the goal is only
meaningful while the fake is not starved of CPU.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from backend.engines.server_info import ServerLoad
from backend.ocr.lanes import Lane
from bench import ocr_serve
from bench.table import Row

RAMP_START = 4
RAMP_ROUNDS = 5  # 160 pages at C=32, the run
RAMP_WIDTHS = (32, 64)
OLD_MAX_LIMIT = 64


class OldLane(Lane):
    """The controller before the slow-start ramp, for the "before" row."""

    def adapt(self, load: ServerLoad) -> int:
        running, waiting = load.running, load.waiting
        margin = max(2.0, running / 4)
        if (load.kv_cache_usage or 0.0) >= 0.95 or waiting > 2 * margin:
            return max(1, min(self.limit - 1, int(running + margin)))
        if waiting > 0:
            return self.limit
        if self.reading >= self.limit:
            return min(OLD_MAX_LIMIT, self.limit + max(1, self.limit // 2))
        return self.limit

    def poll_interval(self, steady_s: float) -> float:
        return steady_s


@dataclass(frozen=True)
class Measured:
    run: ocr_serve.BatchRun
    fake_cpu_s: float | None  # the fake process's CPU over the run

    def fake_cpu(self) -> str:
        if self.fake_cpu_s is None:
            return "fake CPU n/a"
        share = self.fake_cpu_s / self.run.wall_s if self.run.wall_s else 0.0
        return f"fake CPU {self.fake_cpu_s:.2f} s = {share:.0%} of a core"


def process_cpu_s(pid: int | None) -> float | None:
    """User + system CPU seconds of a process so far (Linux), or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def measure(
    fake: ocr_serve.Fake, width: int, prepare: ocr_serve.Prepare, lane_class: type[Lane]
) -> Measured:
    pages = list(range(RAMP_ROUNDS * width))
    cpu0 = process_cpu_s(fake.pid)
    run = await ocr_serve.run_batch(
        fake.base_url, pages, prepare, limit=RAMP_START, adaptive=True, lane_class=lane_class
    )
    cpu1 = process_cpu_s(fake.pid)
    return Measured(run, None if cpu0 is None or cpu1 is None else cpu1 - cpu0)


def _rows(width: int, service: float, m: Measured, label: str) -> list[Row]:
    run, ideal = m.run, round(width / service, 1)
    failed = f" ({len(run.failed)} failed)" if run.failed else ""
    head = (
        f"batch pages/s whole run, {label} adaptive lane from {RAMP_START}, {width} slots, "
        f"S={service:.2f} s, {run.pages} pages (limit ended at {run.final_limit}; "
        f"{m.fake_cpu()}){failed}"
    )
    steady = run.steady_pages_per_s(width)
    rows = [
        Row(head, round(run.pages_per_s, 1), ideal, "pages/s", goal="≥ 0.90×", baseline_name="C/S")
    ]
    rows.append(
        Row(
            f"  … steady state of that run ({label})",
            None if steady is None else round(steady, 1),
            ideal,
            "pages/s",
            goal="≥ 0.95×",
            baseline_name="C/S",
            note="n/a (too few pages)",
        )
    )
    return rows


async def ramp_part(
    fake: ocr_serve.Fake, prepare: ocr_serve.Prepare, service_s: dict[int, float]
) -> list[Row]:
    """Before (old controller, C=32 only) and after (C=32 and C=64)."""
    rows: list[Row] = []
    for width, lane_class, label in [
        (32, OldLane, "BEFORE (grow by half per 1 s poll)"),
        *((w, Lane, "default") for w in RAMP_WIDTHS),
    ]:
        fake.configure(slots=width, service_time=service_s[width])
        measured = await measure(fake, width, prepare, lane_class)
        rows += _rows(width, service_s[width], measured, label)
    return rows
