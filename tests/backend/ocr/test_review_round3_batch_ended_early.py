"""Review round 3 (9ff70d8, 24b6267): an answer the server ended early ("abort") is
retried like a server error until the last try. Against the fake vLLM over HTTP.

The delays a retry waits are read where the batch asks the loop for them
(``call_later(delay, batch._requeue, page)``), with the jitter pinned to 1.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.documents.render_service import RenderService
from backend.engines.base import Reading, SamplingParams
from backend.ocr import batch as batch_module
from backend.ocr.batch import BatchEvent, RetryPolicy
from backend.ocr.jobs import JobSpec
from backend.ocr.lanes import Lane
from backend.session.document_session import DocumentSession
from backend.store.job_rows import JobStore, PageJobState, Selection
from tests.backend.ocr.batch_helpers import Outcome, lane, make_batch
from tests.backend.ocr.job_runner_helpers import fake_job_runner
from tests.fakevllm import FakeVllm

POLICY = RetryPolicy(max_attempts=3, base_delay_s=0.01, max_delay_s=0.5, lane_cooldown_s=0.05)


class Counted(Outcome):
    """Also the attempts each outcome was stored with."""

    def __init__(self) -> None:
        super().__init__()
        self.attempts: dict[int, int] = {}

    async def save(
        self, page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]
    ) -> None:
        await super().save(page, reading, attempts, warnings)
        self.attempts[page] = attempts

    async def fail(self, page: int, reason: str, attempts: int) -> None:
        await super().fail(page, reason, attempts)
        self.attempts[page] = attempts


def run_recording(
    pages: list[int], lanes: list[Lane], policy: RetryPolicy = POLICY
) -> tuple[Counted, list[float]]:
    """Run a batch; also the delay of every retry it scheduled."""
    out, delays = Counted(), []

    async def go() -> None:
        batch = make_batch(pages, lanes, out, policy)
        loop = asyncio.get_running_loop()
        call_later = loop.call_later

        def recording(delay: float, callback: Any, *args: Any, **kw: Any) -> Any:
            if callback == batch._requeue:
                delays.append(delay)
            return call_later(delay, callback, *args, **kw)

        loop.call_later = recording  # type: ignore[method-assign]
        try:
            await asyncio.wait_for(batch.run(), 60)
        finally:
            for each in lanes:
                await each.engine.aclose()  # type: ignore[attr-defined]

    asyncio.run(go())
    return out, delays


@pytest.fixture(autouse=True)
def no_jitter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module.random, "uniform", lambda _a, _b: 1.0)


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.01, slots=8, reply_chars=20) as server:
        yield server


@pytest.fixture
def fake2() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.01, slots=8, reply_chars=20) as server:
        yield server


def kinds(out: Outcome, kind: str) -> list[BatchEvent]:
    return [e for e in out.events if e.kind == kind]


def test_an_abort_retry_is_counted_while_it_waits_and_the_attempts_stored(
    fake: FakeVllm,
) -> None:
    fake.push_faults("abort", "abort")
    out, delays = run_recording([0], [lane(fake)])
    assert out.saved[0].finish_reason == "stop" and out.attempts == {0: 3}
    assert [e.stats.retrying for e in kinds(out, "retry")] == [1, 1]
    assert [e.stats.in_flight for e in kinds(out, "retry")] == [0, 0]
    assert delays == [0.01, 0.02]  # the backoff of a server error, try by try
    last = out.events[-1].stats
    assert (last.retrying, last.done, last.failed, last.in_flight) == (0, 1, 0, 0)


def test_the_last_try_aborted_before_any_text_fails_with_its_attempts(fake: FakeVllm) -> None:
    fake.configure(default_fault="abort_empty")
    out, delays = run_recording([0], [lane(fake)])
    assert out.failed and out.attempts == {0: POLICY.max_attempts}
    assert len(delays) == POLICY.max_attempts - 1 and len(fake.requests()) == 3
    assert out.events[-1].stats.retrying == 0


def test_retry_after_still_sets_the_delay_of_a_busy_server(fake: FakeVllm) -> None:
    fake.configure(retry_after=1)
    fake.push_faults("http_429")
    out, delays = run_recording([0], [lane(fake)])
    assert out.saved and delays == [1.0]  # max(backoff 0.01, Retry-After 1)


def test_a_dead_server_with_another_lane_retries_at_once(fake: FakeVllm, fake2: FakeVllm) -> None:
    fake.push_faults("reset_before")
    fake2.push_faults("reset_before")
    out, delays = run_recording([0], [lane(fake, "a", limit=1), lane(fake2, "b", limit=1)])
    assert out.saved and delays and set(delays) == {0.0}


def test_a_dead_server_alone_backs_off(fake: FakeVllm) -> None:
    fake.push_faults("reset_before")
    out, delays = run_recording([0], [lane(fake)])
    assert out.saved and delays == [0.01]


def test_an_abort_with_two_lanes_is_retried_with_a_backoff(fake: FakeVllm, fake2: FakeVllm) -> None:
    fake.configure(default_fault="abort")  # lane a gives every answer up; b never
    pages = list(range(6))
    out, delays = run_recording(pages, [lane(fake, "a", limit=1), lane(fake2, "b", limit=1)])
    assert sorted(out.saved) == pages and not out.failed
    kept_aborted = [p for p, r in out.saved.items() if r.finish_reason == "abort"]
    assert all(out.attempts[p] == POLICY.max_attempts for p in kept_aborted)
    assert len(kinds(out, "retry")) == len(fake.requests()) - len(kept_aborted)
    assert all(d > 0 for d in delays)
    assert sum(out.attempts.values()) == len(fake.requests()) + len(fake2.requests())
    assert out.events[-1].stats.retrying == 0


def test_a_pause_during_the_delay_holds_the_retry_until_resumed(fake: FakeVllm) -> None:
    fake.push_faults("abort")
    out = Counted()
    lanes = [lane(fake)]

    async def go() -> None:
        batch = make_batch([0], lanes, out, RetryPolicy(max_attempts=3, base_delay_s=0.05))
        run = asyncio.create_task(batch.run())
        while not kinds(out, "retry"):
            await asyncio.sleep(0.01)
        batch.pause()
        while batch.stats().retrying:  # the delay ends while paused: queued, not read
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        assert len(fake.requests()) == 1 and not out.saved
        batch.resume()
        await asyncio.wait_for(run, 60)
        await lanes[0].engine.aclose()  # type: ignore[attr-defined]

    asyncio.run(go())
    assert out.attempts == {0: 2} and out.saved[0].finish_reason == "stop"


def test_a_cancel_during_the_delay_leaves_the_page_unfinished(fake: FakeVllm) -> None:
    fake.push_faults("abort")
    out = Counted()
    lanes = [lane(fake)]

    async def go() -> None:
        batch = make_batch([0], lanes, out, RetryPolicy(max_attempts=3, base_delay_s=30))
        run = asyncio.create_task(batch.run())
        while not kinds(out, "retry"):
            await asyncio.sleep(0.01)
        run.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run
        await lanes[0].engine.aclose()  # type: ignore[attr-defined]

    asyncio.run(go())
    assert out.saved == {} and out.failed == {} and len(fake.requests()) == 1


def test_a_resumed_job_does_not_read_a_page_whose_tries_ran_out(
    fake: FakeVllm, sample_pdf: Path
) -> None:
    fake.configure(default_fault="abort")
    session = DocumentSession.open(sample_pdf)
    renderer = RenderService(sample_pdf)
    jobs = JobStore(session.store)
    try:

        async def go() -> int:
            prompt = lambda page: "Transcribe."  # noqa: E731
            async with fake_job_runner(
                fake, session, renderer, jobs, policy=POLICY, prompt_for=prompt
            ) as runner:
                job = await runner.create(JobSpec(Selection.ALL, pages=(0,)))
                await runner.run(job, SamplingParams(max_tokens=64))
                asked = len(fake.requests())
                await runner.run(job, SamplingParams(max_tokens=64))  # resumed
                assert len(fake.requests()) == asked == POLICY.max_attempts
                return job

        job = asyncio.run(go())
        (page,) = jobs.pages(job)
        assert (page.state, page.attempts) == (PageJobState.DONE, POLICY.max_attempts)
        version = session.store.current_version(0)
        assert version is not None and version.provenance["attempts"] == POLICY.max_attempts
        assert any("abort" in w for w in version.provenance["warnings"])
    finally:
        renderer.close()
        session.close()
