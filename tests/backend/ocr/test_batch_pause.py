"""Pausing a batch at the edges: before its first page, and while a page is taken but not
yet started. Each test drives the one interleaving it is about, with no clock."""

from __future__ import annotations

import asyncio

from backend.ocr.batch import Batch, BatchEvent
from tests.backend.ocr.batch_helpers import FAST, Outcome, lane, prepare
from tests.fakevllm import FakeVllm


def test_a_pause_on_the_batchs_first_event_comes_before_any_page(fake: FakeVllm) -> None:
    """A Pause clicked while the batch was being prepared is applied on its first event:
    that event must come before a lane takes a page (before, it was the first page's
    "done", and the next page could slip out before the pause)."""

    async def go() -> tuple[list[tuple[str, int, int]], Outcome]:
        out = Outcome()
        lanes = [lane(fake, limit=1)]
        seen: list[tuple[str, int, int]] = []

        def on_event(event: BatchEvent) -> None:
            seen.append((event.kind, len(fake.requests()), event.stats.in_flight))
            if len(seen) == 1:
                batch.pause()

        batch = Batch(
            [0, 1, 2], lanes, prepare=prepare, save=out.save, fail=out.fail, on_event=on_event,
            policy=FAST,
        )  # fmt: skip
        task = asyncio.create_task(batch.run())
        while len(seen) < 2:  # the first event, and the pause's own
            await asyncio.sleep(0)
        assert batch.paused and batch.stats().in_flight == 0
        batch.resume()
        await asyncio.wait_for(task, 60)
        await lanes[0].engine.aclose()  # type: ignore[attr-defined]
        return seen, out

    seen, out = asyncio.run(go())
    assert seen[:2] == [("progress", 0, 0), ("progress", 0, 0)]
    assert sorted(out.saved) == [0, 1, 2]


def test_a_page_counts_as_in_flight_from_the_moment_a_lane_takes_it(fake: FakeVllm) -> None:
    """A lane takes a page and starts its task; before that task first runs, the lane is
    back asking for a slot. A pause seen then must still count the page in flight (it
    goes out), or "0 in flight" is shown while a page is about to be read."""

    async def go() -> list[int]:
        out = Outcome()
        lanes = [lane(fake, limit=1)]
        batch = Batch([0, 1], lanes, prepare=prepare, save=out.save, fail=out.fail, policy=FAST)
        asked = lanes[0].acquire
        in_flight_when_asked: list[int] = []

        async def watched_acquire() -> None:
            # Called straight after the previous page's task was made, with no await
            # in between: that task has not run yet.
            in_flight_when_asked.append(batch.stats().in_flight)
            await asked()

        lanes[0].acquire = watched_acquire  # type: ignore[method-assign]
        await asyncio.wait_for(batch.run(), 60)
        await lanes[0].engine.aclose()  # type: ignore[attr-defined]
        return in_flight_when_asked

    asked = asyncio.run(go())
    assert asked[:2] == [0, 1]  # nothing taken yet; then page 0 taken, its task not started
