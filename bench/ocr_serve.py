"""The parts of the OCR benchmark that talk to a fake vLLM server (see ``bench/ocr.py``).

The fake (``tests.fakevllm``) runs in its own process, so its threads never
compete with this process for the GIL; only this process's CPU time is measured.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

import httpx

from backend.documents.page_image import encode_page
from backend.documents.pdf import open_pdf
from backend.documents.render_service import RenderService
from backend.documents.vision import VisionSpec, spec_for_model_id
from backend.engines.base import OcrRequest, Reading
from backend.engines.openai_chat import build_body
from backend.engines.vllm import VllmClient
from backend.models import PageImage
from backend.ocr.batch import Batch
from backend.ocr.jobs import BatchEngine
from backend.ocr.lanes import Lane
from backend.ocr.prompts import default_prompt
from backend.settings.profiles import DEFAULT_MAX_PIXELS, ServerProfile
from bench.stall import StallResult, _ticker

MODEL = "fake-Qwen2.5-VL-7B"  # a Qwen2.5-VL name: 28 px tokens, as the profile would guess
SPEC: VisionSpec = spec_for_model_id(MODEL)
# The fake must accept a page at our budget (~2,880 image tokens) plus 4,096 answer tokens.
FAKE_KNOBS: dict[str, Any] = {
    "model": MODEL,
    "max_model_len": 32_768,
    "max_pixels": 12_845_056,
}


class Fake(Protocol):
    """The part of ``tests.fakevllm.FakeProcess`` used here."""

    @property
    def base_url(self) -> str: ...

    @property
    def pid(self) -> int | None: ...

    def configure(self, **knobs: Any) -> None: ...

    def stop(self) -> int | None: ...


@contextmanager
def fake_vllm(**knobs: Any) -> Iterator[Fake]:
    """``spawn_fake_vllm`` (the fake in its own process), stopped on exit.

    Imported by name so that type checking of ``bench`` does not extend to the tests.
    """
    spawn = importlib.import_module("tests.fakevllm").spawn_fake_vllm
    fake: Fake = spawn(**knobs)
    try:
        yield fake
    finally:
        fake.stop()


def profile_for(base_url: str) -> ServerProfile:
    return ServerProfile(name="fake", base_url=base_url + "/v1", model=MODEL)


def request_for(image: PageImage, prompt: str) -> OcrRequest:
    return OcrRequest(image=image, prompt=prompt)


# -- 2. client CPU per page --------------------------------------------------------


@dataclass(frozen=True)
class ClientCpu:
    cpu_s: float  # this process's CPU time over the measured requests
    wall_s: float
    requests: int
    answer_chars: int  # per answer, to show the replies looked like a page
    connections: int | None  # TCP connections opened meanwhile (Linux), None if unknown

    @property
    def ms_per_page(self) -> float:
        return 1000 * self.cpu_s / self.requests


async def _gather_limited(n: int, width: int, one: Callable[[int], Awaitable[int]]) -> list[int]:
    gate = asyncio.Semaphore(width)

    async def limited(i: int) -> int:
        async with gate:
            return await one(i)

    return await asyncio.gather(*(limited(i) for i in range(n)))


def tcp_active_opens() -> int | None:
    """Outgoing TCP connections opened so far on this machine (Linux), or None.

    Counted for the whole network namespace: on a quiet machine, ours.
    """
    try:
        with open("/proc/net/snmp", encoding="ascii") as f:
            lines = [line.split() for line in f if line.startswith("Tcp:")]
        return int(lines[1][lines[0].index("ActiveOpens")])
    except (OSError, ValueError, IndexError):
        return None


async def _measure(n: int, width: int, one: Callable[[int], Awaitable[int]]) -> ClientCpu:
    await _gather_limited(width, width, one)  # warm up: connections open, code paths hot
    opens = tcp_active_opens()
    cpu0, t0 = time.process_time(), time.perf_counter()
    chars = await _gather_limited(n, width, one)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    after = tcp_active_opens()
    connections = None if opens is None or after is None else after - opens
    return ClientCpu(cpu, wall, n, min(chars), connections)


async def client_cpu_vllm(
    base_url: str, images: list[PageImage], n: int, width: int, *, stream: bool = True
) -> ClientCpu:
    """``VllmClient.read``: streamed (a re-run) or whole answers (a batch's pages)."""
    prompt = default_prompt()
    async with VllmClient(profile_for(base_url)) as client:

        async def one(i: int) -> int:
            request = request_for(images[i % len(images)], prompt)
            reading = await client.read(request, stream=stream)
            return len(reading.text)

        return await _measure(n, width, one)


async def client_cpu_bare(base_url: str, images: list[PageImage], n: int, width: int) -> ClientCpu:
    """Baseline: the least a client must do for the same page, with a bare ``httpx.AsyncClient``.

    Same body (``build_body`` per request: base64 + JSON), but ``stream: false``:
    one POST, the whole answer decoded with ``resp.json()``.
    """
    prompt = default_prompt()
    url = base_url + "/v1/chat/completions"
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=64)
    async with httpx.AsyncClient(timeout=600, limits=limits, trust_env=False) as http:

        async def one(i: int) -> int:
            body = build_body(request_for(images[i % len(images)], prompt), MODEL, stream=False)
            resp = await http.post(url, json=body)
            resp.raise_for_status()
            return len(resp.json()["choices"][0]["message"]["content"])

        return await _measure(n, width, one)


def body_cpu_ms(images: list[PageImage], n: int) -> float:
    """CPU per page of building the request bytes alone (base64 + JSON, as httpx encodes it)."""
    prompt = default_prompt()
    t0 = time.process_time()
    for i in range(n):
        body = build_body(request_for(images[i % len(images)], prompt), MODEL)
        json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
    return 1000 * (time.process_time() - t0) / n


# -- 3. batch throughput -----------------------------------------------------------


@dataclass
class BatchRun:
    pages: int
    done: int = 0
    failed: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    final_limit: int = 0
    finished_at: list[float] = field(default_factory=list)  # seconds from the start, per page

    @property
    def pages_per_s(self) -> float:
        """Over the whole run: ramp-up (connections, first bodies) and tail included."""
        return self.done / self.wall_s if self.wall_s > 0 else 0.0

    def steady_pages_per_s(self, width: int) -> float | None:
        """Between the end of the first round of ``width`` pages and the start of the last."""
        t = sorted(self.finished_at)
        if len(t) < 3 * width:
            return None
        first, last = width - 1, len(t) - width - 1
        span = t[last] - t[first]
        return (last - first) / span if span > 0 else None


Prepare = Callable[[int], Awaitable[OcrRequest]]


async def run_batch(
    base_url: str,
    pages: list[int],
    prepare: Prepare,
    *,
    limit: int,
    adaptive: bool = False,
    lane_class: type[Lane] = Lane,
) -> BatchRun:
    """One batch over one lane; ``save`` does nothing, so only the client side is timed."""
    result = BatchRun(pages=len(pages))

    async def save(page: int, reading: Reading, attempt: int, warnings: tuple[str, ...]) -> None:
        result.done += 1
        result.finished_at.append(time.perf_counter() - t0)

    async def fail(page: int, reason: str, attempt: int) -> None:
        result.failed.append(reason)

    async with VllmClient(profile_for(base_url)) as client:
        lane = lane_class(
            "fake",
            BatchEngine(client),  # as OcrJobRunner builds its lanes
            limit=limit,
            fixed=not adaptive,
            load=client.load if adaptive else None,
        )
        batch = Batch(
            pages, [lane], prepare=lambda page, _lane: prepare(page), save=save, fail=fail
        )
        t0 = time.perf_counter()
        await batch.run()
        result.wall_s = time.perf_counter() - t0
        result.final_limit = lane.limit
    return result


def preencoded(images: list[PageImage]) -> Prepare:
    prompt = default_prompt()

    async def prepare(page: int) -> OcrRequest:
        return request_for(images[page % len(images)], prompt)

    return prepare


# -- 4. event-loop stall while a batch renders and encodes real pages ---------------


@dataclass
class StallRun:
    stall: StallResult
    batch: BatchRun
    images: list[PageImage]


async def _with_ticker(work: Awaitable[BatchRun]) -> tuple[StallResult, BatchRun]:
    result = StallResult()
    stop = asyncio.Event()
    ticker = asyncio.create_task(_ticker(result, stop))
    await asyncio.sleep(0.05)  # the ticker is running
    t0 = time.perf_counter()
    try:
        run = await work
    finally:
        result.total_s = time.perf_counter() - t0
        stop.set()
        await ticker
    return result, run


async def stall_render_service(path: str, base_url: str, pages: list[int], width: int) -> StallRun:
    """Pages rendered + encoded by ``RenderService.encode`` (an upload worker process)."""
    prompt = default_prompt()
    service = RenderService(path)
    images: list[PageImage] = []

    async def encode(page: int) -> PageImage:
        return await service.encode(page, spec=SPEC, max_pixels=DEFAULT_MAX_PIXELS)

    async def prepare(page: int) -> OcrRequest:
        image = await encode(page)
        images.append(image)
        return request_for(image, prompt)

    try:
        await encode(0)  # start the upload worker and open the document before the ticker
        stall, run = await _with_ticker(run_batch(base_url, pages, prepare, limit=width))
    finally:
        service.close()
    return StallRun(stall, run, images)


async def stall_thread(path: str, base_url: str, pages: list[int], width: int) -> StallRun:
    """Baseline: the same ``encode_page`` in a thread of this process (MuPDF holds the GIL).

    One thread, like RenderService's one upload worker (a PyMuPDF document must
    not be used from two threads at once).
    """
    prompt = default_prompt()
    doc = open_pdf(path, content_hash=False)
    pool = ThreadPoolExecutor(1)
    loop = asyncio.get_running_loop()
    encode = partial(encode_page, doc, spec=SPEC, max_pixels=DEFAULT_MAX_PIXELS)

    async def prepare(page: int) -> OcrRequest:
        image = await loop.run_in_executor(pool, partial(encode, page))
        return request_for(image, prompt)

    try:
        await loop.run_in_executor(pool, partial(encode, 0))
        stall, run = await _with_ticker(run_batch(base_url, pages, prepare, limit=width))
    finally:
        pool.shutdown()
        doc.close()
    return StallRun(stall, run, [])


async def stall_paced(
    base_url: str, pages: list[int], width: int, images: list[PageImage], pace_s: float
) -> StallRun:
    """No rendering anywhere: pre-encoded pages handed out one per ``pace_s``.

    The pace of one upload worker, so the requests start as in the RenderService
    run; what stall remains comes from sending and streaming, not from rendering.
    """
    prompt = default_prompt()
    gate = asyncio.Lock()

    async def prepare(page: int) -> OcrRequest:
        async with gate:
            await asyncio.sleep(pace_s)
        return request_for(images[page % len(images)], prompt)

    stall, run = await _with_ticker(run_batch(base_url, pages, prepare, limit=width))
    return StallRun(stall, run, [])
