"""The fault matrix of issue 6 as a scenario: 50 pages on two fake servers (each in its
own process) through every fault, server a killed mid-batch and started again.

``test_fault_matrix`` asserts what the batch decided; ``bench/fault_stall.py`` runs the
same scenario to measure how long the event loop stalled meanwhile (a duration, so a
benchmark's figure, not a test's assertion). Each step waits for what it needs (an event
of the batch, a page stored), never for an amount of time.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.models import PageImage
from backend.ocr.batch import Batch, BatchEvent, RetryPolicy
from backend.ocr.jobs import BatchEngine
from backend.ocr.lanes import Lane
from backend.settings.profiles import ServerProfile, api_root
from tests.fakevllm import FakeProcess

PAGES = 50
# Faults that a retry (here or on the other server) gets past, and ones it cannot.
TRANSIENT = [
    "reset_before", "reset_mid_body", "http_500", "http_502", "http_503", "http_504",
    "http_429", "malformed_json", "empty_choices", "hang",
]  # fmt: skip
PERMANENT = ["http_400_too_long"]
QUIRKS = ["length", "think_block", "reasoning_field", "slow_first_token"]
POLICY = RetryPolicy(max_attempts=6, base_delay_s=0.05, max_delay_s=0.5, lane_cooldown_s=0.3)
# A hung request ends at the first-token timeout (1.5 s) or when the fake gives up (3 s):
# a retry either way. A page may take 60 s in all: 5x the whole batch's time even with
# three busy processes beside it (~12 s; ~8 s idle), so no page's deadline decides anything.
KNOBS: dict[str, Any] = {"service_time": 0.05, "slots": 4, "hang_seconds": 3.0, "slow_seconds": 0.5}
FIRST_TOKEN_S, TOTAL_S = 1.5, 60.0
KILL_AFTER = 12  # pages finished when server a is killed
# While a is down, b answers this slowly, so pages are still queued when a's cooldown
# (at most POLICY.max_delay_s) ends and its lane sends one to the dead port, and again
# when a is back: ~30 queued pages take b 7+ rounds of 3 s, 40x the cooldown and 20x
# a's restart (a new process, ~1 s). b is fast again once a has stored a page.
SLOW_B_S = 3.0
GUARD_S = 120.0  # every wait on an event: 10x the whole batch under load


def image_for(page: int) -> PageImage:
    # A plain colour per page, built from its samples: ``Pixmap.set_rect`` fills pixel
    # by pixel in Python (~20 ms for this little image), and ``prepare`` runs on the
    # event loop, where the product's preparer only awaits its render processes.
    rgb = bytes((page * 5 % 256, 40, page * 11 % 256))
    pix = pymupdf.Pixmap(pymupdf.csRGB, 56, 84, rgb * (56 * 84), 0)
    return PageImage(page, pix.tobytes("jpeg"), "image/jpeg", 56, 84)


async def prepare(page: int, lane: Lane) -> OcrRequest:
    return OcrRequest(image_for(page), "Transcribe.", SamplingParams(max_tokens=512))


@dataclass
class MatrixRun:
    saved: dict[int, Reading] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)
    events: list[BatchEvent] = field(default_factory=list)
    # Lane a's "lane_down" messages once a was killed, until it was started again.
    a_down_while_dead: list[str] = field(default_factory=list)
    a_served_after_restart: bool = False


async def _wait(event: asyncio.Event, what: str) -> None:
    try:
        await asyncio.wait_for(event.wait(), GUARD_S)
    except TimeoutError:
        raise AssertionError(f"not within {GUARD_S:g} s: {what}") from None


def _lane(name: str, fake: FakeProcess) -> Lane:
    profile = ServerProfile(
        name=name,
        base_url=fake.base_url + "/v1",
        model="fake-vl",
        first_token_timeout_s=FIRST_TOKEN_S,
        total_timeout_s=TOTAL_S,
    )
    return Lane(name, BatchEngine(VllmClient(profile)), limit=4, fixed=True)


async def run_matrix(a: FakeProcess, b: FakeProcess, *, faults: bool = True) -> MatrixRun:
    """The batch; with ``faults``, the fault scripts and a's death and return.

    Without ``faults`` the same pages on two healthy servers (a benchmark's baseline).
    """
    if faults:
        a.push_faults(*TRANSIENT, *QUIRKS, *PERMANENT)
        b.push_faults(*reversed(TRANSIENT), *PERMANENT)
    run = MatrixRun()
    a_dead = False  # killed and not yet started again
    a_back = False  # started again
    kill_now, a_seen_dead, a_served = asyncio.Event(), asyncio.Event(), asyncio.Event()

    def on_event(event: BatchEvent) -> None:
        run.events.append(event)
        if event.stats.finished >= KILL_AFTER:
            kill_now.set()
        if a_dead and event.kind == "lane_down" and event.lane == "a":
            run.a_down_while_dead.append(event.message)
            a_seen_dead.set()

    async def save(page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]) -> None:
        assert page not in run.saved and page not in run.failed, f"page {page} stored twice"
        run.saved[page] = reading
        if a_back and api_root(reading.server) == a.base_url:
            run.a_served_after_restart = True
            a_served.set()

    async def fail(page: int, reason: str, attempts: int) -> None:
        assert page not in run.saved and page not in run.failed, f"page {page} ended twice"
        run.failed[page] = reason

    lanes = [_lane("a", a), _lane("b", b)]
    batch = Batch(
        list(range(PAGES)),
        lanes,
        prepare=prepare,
        save=save,
        fail=fail,
        on_event=on_event,
        policy=POLICY,
    )
    task = asyncio.create_task(batch.run())
    try:
        if faults:
            await _wait(kill_now, f"{KILL_AFTER} pages finished")
            await asyncio.to_thread(b.configure, service_time=SLOW_B_S)
            await asyncio.to_thread(a.kill)  # server a dies mid-batch ...
            a_dead = True
            await _wait(a_seen_dead, "lane a sent a page to the dead server")
            await asyncio.to_thread(a.restart)  # ... and comes back
            a_dead, a_back = False, True
            await _wait(a_served, "a page stored from server a again")
            await asyncio.to_thread(b.configure, service_time=KNOBS["service_time"])
        await asyncio.wait_for(task, GUARD_S)
    finally:
        task.cancel()
        for lane in lanes:
            await lane.engine.aclose()  # type: ignore[attr-defined]
    return run
