"""A batch of 50 pages on two servers through the whole fault matrix, one server dying
and coming back (issue 6): pages that can succeed do, the others fail with a readable
reason, the batch ends, nothing is lost or duplicated, and the loop never blocks."""

from __future__ import annotations

import asyncio
import time

import pymupdf

from backend.batch import Batch, BatchEvent, RetryPolicy
from backend.engines.base import OcrRequest, PageImage, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.lanes import Lane
from backend.ocr_jobs import BatchEngine
from backend.profiles import ServerProfile
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
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 56, 84), 0)
    pix.set_rect(pix.irect, (page * 5 % 256, 40, page * 11 % 256))
    return PageImage(page, pix.tobytes("jpeg"), "image/jpeg", 56, 84)


async def prepare(page: int, lane: Lane) -> OcrRequest:
    return OcrRequest(image_for(page), "Transcribe.", SamplingParams(max_tokens=512))


async def ticker(stalls: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0 = loop.time()
        await asyncio.sleep(0.01)
        stalls.append(loop.time() - t0 - 0.01)


def test_fifty_pages_two_servers_every_fault_one_server_dies_and_returns() -> None:
    knobs = {"service_time": 0.05, "slots": 4, "hang_seconds": 3.0, "slow_seconds": 0.5}
    with spawn_fake_vllm(**knobs) as a, spawn_fake_vllm(**knobs) as b:
        a.push_faults(*TRANSIENT, *QUIRKS, *PERMANENT)
        b.push_faults(*reversed(TRANSIENT), *PERMANENT)
        saved: dict[int, Reading] = {}
        failed: dict[int, str] = {}
        events: list[BatchEvent] = []
        stalls: list[float] = []

        async def save(
            page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]
        ) -> None:
            assert page not in saved and page not in failed, f"page {page} stored twice"
            saved[page] = reading

        async def fail(page: int, reason: str, attempts: int) -> None:
            assert page not in saved and page not in failed, f"page {page} ended twice"
            failed[page] = reason

        async def go() -> None:
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
            stop = asyncio.Event()
            tick = asyncio.create_task(ticker(stalls, stop))
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

        t0 = time.monotonic()
        asyncio.run(go())
        took = time.monotonic() - t0

    assert len(saved) + len(failed) == PAGES  # the batch finished every page, one way or another
    for page, reading in saved.items():  # each page got its own text: none lost or swapped
        assert reading.text.startswith(f"FAKE {image_for(page).sha256[:16]}"), page
    # Only the refused requests failed, each with the server's reason and what to change.
    assert 1 <= len(failed) <= len(PERMANENT) * 2, failed
    assert all("5,621" in r and "--max-model-len" in r for r in failed.values()), failed
    assert any(e.kind == "lane_down" and e.lane == "a" for e in events)
    worst = max(stalls)
    print(
        f"\nfault matrix: {PAGES} pages, {len(saved)} stored, {len(failed)} failed (refused), "
        f"loop stall max {worst * 1000:.1f} ms, {took:.1f} s"
    )
    # The issue's bound is 100 ms; timings are the benchmarks' business (bench/ocr.py
    # measures the stall of a 32-wide batch: max ~40 ms), so here only a real block
    # (a synchronous wait on a hung server: seconds) fails the test on a loaded CI machine.
    assert worst < 1.0, f"the event loop was blocked {worst * 1000:.0f} ms"
