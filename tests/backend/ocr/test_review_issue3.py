"""Defects found in a review of issue 3 (Drive vLLM), fixed; each test guards its fix."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
import socketserver
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from backend.documents.render_service import RenderService
from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import ServerTimeoutError, StoreError
from backend.models import PageImage, ReviewStatus, VersionKind
from backend.ocr.batch import Batch, RetryPolicy
from backend.ocr.jobs import JobSpec
from backend.ocr.lanes import Lane
from backend.session.document_session import DocumentSession
from backend.settings.profiles import ServerProfile
from backend.store.job_rows import JobStore, Selection
from tests.backend.ocr.job_runner_helpers import fake_job_runner
from tests.conftest import ROOT
from tests.fakevllm import FakeVllm

FAST = RetryPolicy(max_attempts=2, base_delay_s=0.01, max_delay_s=0.05, lane_cooldown_s=0.05)


def _image(page: int) -> PageImage:
    return PageImage(page, b"\xff\xd8 not really a jpeg", "image/jpeg", 56, 84)


async def _prepare(page: int, lane: Lane) -> OcrRequest:
    return OcrRequest(_image(page), "Transcribe.", SamplingParams(max_tokens=64))


class _StubEngine:
    """Answers every page after ``delay`` seconds (or when ``gate`` is set); ``reading``
    is set once a read has begun."""

    name = "stub"

    def __init__(self, delay: float = 0.0, gate: asyncio.Event | None = None) -> None:
        self.delay = delay
        self.gate = gate
        self.reading = asyncio.Event()

    async def read(self, request: OcrRequest) -> Reading:
        self.reading.set()
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(self.delay)
        return Reading(text=f"page {request.image.page}", engine="stub", finish_reason="stop")

    async def aclose(self) -> None:
        pass


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``proofdesk ocr ARGS`` in its own process, with no API key in the environment."""
    env = {k: v for k, v in os.environ.items() if k != "PROOFDESK_API_KEY"}
    return subprocess.run(
        [sys.executable, "-m", "backend", "ocr", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )


# -- 1. a failed store write hangs the whole batch forever -----------------------------------


def test_batch_ends_when_storing_a_page_fails() -> None:
    async def save(page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]) -> None:
        raise StoreError("The review store cannot be written (disk full).")

    async def fail(page: int, reason: str, attempts: int) -> None:
        pass

    batch = Batch(
        [0, 1], [Lane("a", _StubEngine())], prepare=_prepare, save=save, fail=fail, policy=FAST
    )

    tasks: list[asyncio.Task[object]] = []

    async def go() -> None:
        loop = asyncio.get_running_loop()

        def factory(loop: asyncio.AbstractEventLoop, coro: object) -> asyncio.Task[object]:
            task = asyncio.Task(coro, loop=loop)  # type: ignore[arg-type]
            tasks.append(task)
            return task

        loop.set_task_factory(factory)  # type: ignore[arg-type]
        try:
            # Either outcome is fine (the pages reported failed, or the error raised):
            # what is not fine is a batch that never ends.
            with contextlib.suppress(StoreError):
                await asyncio.wait_for(batch.run(), 3)
        finally:
            for task in tasks:  # the orphaned page tasks' errors: seen here, not at GC
                if task.done() and not task.cancelled():
                    task.exception()

    asyncio.run(go())


# -- 2. "in flight" counts a slot nobody is using --------------------------------------------


def test_in_flight_counts_only_pages_being_read() -> None:
    async def go() -> tuple[int, int]:
        opened = asyncio.Event()
        engine = _StubEngine(gate=opened)
        saved: list[int] = []

        async def save(page: int, reading: Reading, attempts: int, w: tuple[str, ...]) -> None:
            saved.append(page)

        async def fail(page: int, reason: str, attempts: int) -> None:
            pass

        batch = Batch([0], [Lane("a", engine, limit=4)], prepare=_prepare, save=save, fail=fail)
        task = asyncio.create_task(batch.run())
        # Page 0 is being read; the lane's loop, which took its next slot before the
        # page's task ran, waits on the empty queue.
        await asyncio.wait_for(engine.reading.wait(), 30)
        during = batch.stats().in_flight
        opened.set()
        final = (await asyncio.wait_for(task, 5)).in_flight
        return during, final

    during, final = asyncio.run(go())
    assert (during, final) == (1, 0)


# -- 3. a batch overwrites the text of a page approved after the job was made ------------------


def test_a_page_approved_before_the_job_runs_keeps_its_text(sample_pdf: Path) -> None:
    session = DocumentSession.open(sample_pdf)
    renderer = RenderService(sample_pdf)
    try:
        # The reviewer approves an imported reading of page 0 as it stands.
        session.store.add_version(0, VersionKind.IMPORT, "approved import text")
        jobs = JobStore(session.store)

        with FakeVllm(service_time=0.01) as fake:

            async def go() -> None:
                async with fake_job_runner(fake, session, renderer, jobs, policy=FAST) as runner:
                    job = await runner.create(JobSpec(Selection.ALL, pages=(0,)))
                    # The job was interrupted (app closed); before resuming it the
                    # reviewer approves page 0.
                    session.set_status(0, ReviewStatus.APPROVED)
                    await runner.run(job, SamplingParams(max_tokens=128))

            asyncio.run(go())
        assert session.store.status(0) is ReviewStatus.APPROVED
        assert session.page_state(0).text == "approved import text"
    finally:
        renderer.close()
        session.close()


# -- 4. the timeout message names the wrong limit ---------------------------------------------


def test_timeout_message_names_the_limit_that_ran_out() -> None:
    with FakeVllm() as fake:  # a hang without end: only the 0.5 s total can end the read
        fake.push_faults("hang")
        profile = ServerProfile(
            name="f",
            base_url=fake.base_url + "/v1",
            model="fake-vl",
            first_token_timeout_s=30.0,
            total_timeout_s=0.5,
        )

        async def go() -> ServerTimeoutError:
            async with VllmClient(profile) as client:
                request = OcrRequest(_image(0), "x", SamplingParams(max_tokens=16))
                with pytest.raises(ServerTimeoutError) as info:
                    await asyncio.wait_for(client.read(request), 30)  # a hang guard, 60×
                return info.value

        err = asyncio.run(go())
    assert err.phase == "total" and "30 s" not in str(err), str(err)


# -- 5. `proofdesk ocr` sends a document over plain http:// to another host without a word ---


def _own_address() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
        return str(s.getsockname()[0])


class _Forwarder(socketserver.ThreadingTCPServer):
    """Listens on this machine's network address and relays to the fake on loopback."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host: str, target: tuple[str, int]) -> None:
        self.target = target
        super().__init__((host, 0), _Relay)


class _Relay(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        upstream = socket.create_connection(self.server.target)  # type: ignore[attr-defined]

        def pump(src: socket.socket, dst: socket.socket) -> None:
            with contextlib.suppress(OSError):
                while data := src.recv(65536):
                    dst.sendall(data)
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

        back = threading.Thread(target=pump, args=(upstream, self.request), daemon=True)
        back.start()
        pump(self.request, upstream)
        back.join(30)
        upstream.close()


def test_cli_refuses_plain_http_to_another_host_unless_allowed(
    sample_pdf: Path, tmp_path: Path
) -> None:
    host = _own_address()
    assert not ipaddress.ip_address(host).is_loopback
    with FakeVllm(service_time=0.01) as fake:
        relay = _Forwarder(host, ("127.0.0.1", int(fake.base_url.rsplit(":", 1)[1])))
        threading.Thread(target=relay.serve_forever, daemon=True).start()
        try:
            url = f"http://{host}:{relay.server_address[1]}/v1"
            args = (sample_pdf, "--server", url, "--store", tmp_path / "s.sqlite3", "--pages", "1")
            refused = _cli(*args)
            sent_when_refused = len(fake.requests())
            allowed = _cli(*args, "--allow-plain-http")
        finally:
            relay.shutdown()
            relay.server_close()
        sent = len(fake.requests())
    assert refused.returncode == 2 and sent_when_refused == 0  # nothing left the machine
    said = refused.stderr.lower()
    assert "http://" in said and "unencrypted" in said and "--allow-plain-http" in said
    assert allowed.returncode == 0, allowed.stderr
    assert sent == 1


# -- 6. `proofdesk ocr --resume` reads the rest of a job with other settings -------------------


def test_cli_resume_asks_what_the_job_asked(sample_pdf: Path, tmp_path: Path) -> None:
    from backend.store.review_store import ReviewStore

    store_path = tmp_path / "review.sqlite3"
    store = ReviewStore(store_path, author="t")
    spec = JobSpec(Selection.ALL, (0, 1), params=SamplingParams(max_tokens=1500))
    JobStore(store).create([0, 1], spec.to_json())  # interrupted before any page
    store.close()
    with FakeVllm(service_time=0.01, max_model_len=32768) as fake:
        result = _cli(
            sample_pdf, "--server", fake.base_url + "/v1", "--store", store_path, "--resume"
        )
        asked = [r["body"].get("max_completion_tokens") for r in fake.requests()]
    assert result.returncode == 0, result.stderr
    assert asked == [1500, 1500]


# -- 7. a reserved vLLM flag slips through the extra arguments --------------------------------


def test_reserved_flags_are_refused_in_their_underscore_spelling() -> None:
    from backend.errors import LocalServerError
    from backend.server.local_server import LocalServerConfig, build_command

    cfg = LocalServerConfig(model="m", extra_args=("--api_key", "visible-in-ps"))
    with pytest.raises(LocalServerError):
        build_command(cfg, 8000)
