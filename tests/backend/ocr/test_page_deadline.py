"""A page's time limit in a batch (a profile's total timeout, the CLI's ``--timeout``)
is the page's total, retries included (issue 21): no attempt starts after it, a
back-off that would end after it is not waited out, a running attempt is cut at
it, and the user is told each retry (attempt k of n) and why.

The decisions are driven by a clock the test moves and by a hostile server on
loopback HTTP that the test lets answer one request at a time (``Gate``): no test
here waits for real time to pass. The cut of a running attempt and the CLI run are
real time, with hang guards 30× or more what they take; they assert what happened
(how many requests, which reason), never how long it took.
"""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from backend.cli.ocr import _ProgressLine
from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.models import PageImage
from backend.ocr.batch import Batch, BatchEvent, RetryPolicy
from backend.ocr.jobs import BatchEngine
from backend.ocr.lanes import Lane
from backend.settings.profiles import ServerProfile
from tests.conftest import ROOT
from tests.hostile import HostileServer
from tests.hostile import server as h
from tests.hostile.gate import Gate

PAGE_S = 60.0  # the page's total, in the test's clock (real timers get as many seconds)
IMAGE = PageImage(0, b"\xff\xd8\xff\xe0 not really a jpeg", "image/jpeg", 100, 140)
POLICY = RetryPolicy(max_attempts=5, base_delay_s=0.001, max_delay_s=0.001)
BUSY_TEXT = "(HTTP 503)"  # what the client makes of it (its words are its own)


def busy(retry_after: int | None = None) -> h.Behaviour:
    """A 503 answer: retryable, as vLLM's when its queue is full."""
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return h.send_json({"error": {"message": "overloaded", "code": 503}}, 503, headers)


@dataclass
class Clock:
    """The batch's monotonic clock, moved by the test."""

    now: float = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Outcome:
    events: list[BatchEvent] = field(default_factory=list)
    failed: dict[int, tuple[str, int]] = field(default_factory=dict)  # page → (reason, attempts)
    saved: list[int] = field(default_factory=list)
    hook: Callable[[BatchEvent], None] | None = None  # sees each event as the batch sends it

    def record(self, event: BatchEvent) -> None:
        self.events.append(event)
        if self.hook is not None:
            self.hook(event)

    def kinds(self, kind: str) -> list[BatchEvent]:
        return [e for e in self.events if e.kind == kind]


def batch_over(
    server: HostileServer, out: Outcome, clock: Callable[[], float], page_s: float = PAGE_S
) -> tuple[Batch, VllmClient]:
    """A one-page batch over ``server``, with a page limit of ``page_s`` (the clock's
    seconds). The client's own timeouts are long: only the page's deadline can end it."""
    profile = ServerProfile(
        name="hostile",
        base_url=server.base_url + "/v1",
        model="hostile-vl",
        first_token_timeout_s=600.0,
        total_timeout_s=600.0,
    )
    client = VllmClient(profile)
    lane = Lane("hostile", BatchEngine(client), limit=1, fixed=True, page_timeout_s=page_s)

    async def prepare(page: int, lane: Lane) -> OcrRequest:
        return OcrRequest(IMAGE, "Transcribe.", SamplingParams(max_tokens=64))

    async def save(page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]) -> None:
        out.saved.append(page)

    async def fail(page: int, reason: str, attempts: int) -> None:
        out.failed[page] = (reason, attempts)

    batch = Batch(
        [0],
        [lane],
        prepare=prepare,
        save=save,
        fail=fail,
        on_event=out.record,
        policy=POLICY,
        clock=clock,
    )
    return batch, client


def drive(
    gate: Gate,
    steps: Callable[[Batch, Clock], Awaitable[None]],
    out: Outcome,
    clock: Clock | None = None,
) -> HostileServer:
    """Run a batch over a server answering through ``gate``, while ``steps`` moves the
    clock and opens the gate; the whole run has a hang guard of 60 s."""
    clock = clock or Clock()
    with HostileServer(chat=gate) as server:

        async def go() -> None:
            batch, client = batch_over(server, out, clock)
            try:
                run = asyncio.create_task(batch.run())
                await steps(batch, clock)
                await asyncio.wait_for(run, 60)
            finally:
                await client.aclose()

        asyncio.run(go())
    return server


def chats(server: HostileServer) -> int:
    return sum(r.path.startswith("/v1/chat") for r in server.requests)


def test_no_second_attempt_starts_after_the_page_deadline() -> None:
    gate = Gate(busy())
    out = Outcome()

    async def steps(batch: Batch, clock: Clock) -> None:
        await gate.arrival()  # attempt 1 is at the server
        clock.now = PAGE_S + 1  # the server trickled its answer past the page's deadline
        gate.open()  # ... and then said it was busy: retryable, but no time is left

    server = drive(gate, steps, out)
    assert chats(server) == 1 and not out.kinds("retry")
    reason, attempts = out.failed[0]
    assert "60 s allowed for it, retries included" in reason, reason
    assert BUSY_TEXT in reason and attempts == 1  # and what ended the last attempt


def test_a_retry_within_the_deadline_is_told_then_the_deadline_ends_the_page() -> None:
    gate = Gate(busy())
    out = Outcome()

    async def steps(batch: Batch, clock: Clock) -> None:
        await gate.arrival()
        clock.now = 20.0  # attempt 1 failed with 40 s left: worth another try
        gate.open()
        await gate.arrival()  # attempt 2
        clock.now = PAGE_S + 0.5
        gate.open()

    server = drive(gate, steps, out)
    assert chats(server) == 2
    (retry,) = out.kinds("retry")
    assert (retry.attempt, retry.attempts) == (2, 5) and BUSY_TEXT in retry.message
    reason, attempts = out.failed[0]
    assert "60 s allowed for it, retries included (attempts: 2)" in reason and attempts == 2
    # The command line says it as it happens.
    said = io.StringIO()
    progress = _ProgressLine(said)
    for event in out.events:
        progress.on_event(event)
    told = said.getvalue().splitlines()
    assert told[0].startswith("page 1: trying again (attempt 2 of 5) — ") and BUSY_TEXT in told[0]
    assert told[1].startswith("page 1: The page took longer than the 60 s allowed"), told


def test_a_back_off_that_would_end_after_the_deadline_is_not_waited_out() -> None:
    gate = Gate(busy(retry_after=30))
    out = Outcome()

    async def steps(batch: Batch, clock: Clock) -> None:
        await gate.arrival()
        clock.now = 50.0  # 10 s left, and the server asks for 30
        gate.open()

    server = drive(gate, steps, out)
    assert chats(server) == 1 and not out.kinds("retry")
    assert "retries included" in out.failed[0][0]


def test_a_retry_whose_turn_comes_after_the_deadline_is_not_sent() -> None:
    gate = Gate(busy())
    clock = Clock()

    def back_off_outlasts_the_page(event: BatchEvent) -> None:
        if event.kind == "retry":  # the back-off, or a lane busy with other pages
            clock.now = PAGE_S + 5

    out = Outcome(hook=back_off_outlasts_the_page)

    async def steps(batch: Batch, clock: Clock) -> None:
        await gate.arrival()
        clock.now = 20.0
        gate.open()

    server = drive(gate, steps, out, clock)
    assert chats(server) == 1 and len(out.kinds("retry")) == 1
    reason, attempts = out.failed[0]
    assert "retries included (attempts: 1)" in reason and attempts == 1


def test_a_running_attempt_is_cut_at_the_page_deadline() -> None:
    # Real time: a server that never answers; the page may take 0.5 s. The guard is
    # 60 s, so a deadline that did not cut the attempt fails here, whatever the load.
    gate = Gate(busy())  # never opened
    out = Outcome()
    with HostileServer(chat=gate) as server:

        async def go() -> None:
            batch, client = batch_over(server, out, asyncio.get_running_loop().time, 0.5)
            try:
                await asyncio.wait_for(batch.run(), 60)
            finally:
                await client.aclose()

        asyncio.run(go())
    assert chats(server) == 1 and not out.kinds("retry")
    reason, attempts = out.failed[0]
    assert "0.5 s allowed for it, retries included (attempts: 1)" in reason and attempts == 1


MODELS = json.dumps({"object": "list", "data": [{"id": "hostile-vl"}]}).encode()
CHAT = h.http_answer(200, h.completion({"role": "assistant", "content": "第一條 本契約"}))


def test_the_cli_timeout_is_the_page_total_against_a_trickling_server(
    tmp_path: Path, sample_pdf: Path
) -> None:
    # One byte a second: each attempt of the old per-attempt --timeout ran its full 2 s,
    # five times over with back-offs between. Now the page ends at its 2 s, once.
    with HostileServer(models=h.send_json(MODELS), chat=h.trickle(CHAT)) as server:
        done = subprocess.run(
            [sys.executable, "-m", "backend", "ocr", str(sample_pdf), "--pages", "1",
             "--server", server.base_url + "/v1", "--store", str(tmp_path / "s.sqlite3"),
             "--timeout", "2"],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        sent = chats(server)
    assert done.returncode == 3, done.stderr[-2000:]
    assert "page 1: failed — The page took longer than the 2 s allowed for it, retries " in (
        done.stderr
    ), done.stderr[-2000:]
    assert sent == 1, f"{sent} requests: an attempt started after the page's deadline"
