"""A real vLLM (CPU build) serving a tiny random Qwen2-VL, started by ProofDesk itself.

The model's output is noise (random weights), but everything around it is real:
the server's start-up, its key check, model discovery, image preprocessing and
token accounting, its context-length error, and a clean stop. One server for
the module: its first start takes minutes (torch.compile, cached afterwards).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from backend.documents.render_service import RenderService
from backend.documents.vision import spec_for_model_id, vision_tokens
from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import ContextTooLongError
from backend.ocr.pipeline import PagePreparer
from backend.ocr.request_fit import estimate_text_tokens
from backend.server.local_server import LocalServer, LocalServerConfig
from backend.settings.profiles import ServerProfile
from tests.conftest import ROOT, SAMPLE_PDF
from tests.integration import real_vllm

pytestmark = [pytest.mark.realvllm, pytest.mark.timeout(1800)]

SERVER_MAX_PIXELS = 1_048_576  # the tiny model's preprocessor_config.json
PROMPT = "Transcribe this page."


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    python = real_vllm.vllm_python()
    model = real_vllm.tiny_model_dir(python)
    cfg = LocalServerConfig(
        model=str(model),
        served_model_name=real_vllm.SERVED_MODEL_NAME,
        python=str(python),
        max_model_len=real_vllm.MAX_MODEL_LEN,
        limit_images=2,
        dtype="bfloat16",
        # Eager mode and the in-process executor start the tiny model far faster on CPU.
        enforce_eager=True,
        extra_args=("--distributed-executor-backend", "uni"),
        env=real_vllm.server_env(),
    )
    local = LocalServer(cfg)
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(local.start(timeout_s=1200))
        yield local
    finally:
        loop.run_until_complete(local.stop())
        loop.close()
    assert local.state == "stopped"


def profile(server: LocalServer, **changes: object) -> ServerProfile:
    base = server.profile().with_(max_pixels=SERVER_MAX_PIXELS)
    return base.with_(**changes)


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_bound_to_loopback_and_key_required(server: LocalServer) -> None:
    assert server.base_url.startswith("http://127.0.0.1:")
    open_ = httpx.get(server.base_url.removesuffix("/v1") + "/health", timeout=10)
    assert open_.status_code == 200
    refused = httpx.get(server.base_url + "/models", timeout=10)
    assert refused.status_code == 401
    allowed = httpx.get(
        server.base_url + "/models",
        headers={"Authorization": f"Bearer {server.api_key}"},
        timeout=10,
    )
    assert allowed.status_code == 200
    assert server.api_key not in " ".join(server.lines)


def test_model_discovery(server: LocalServer) -> None:
    async def go() -> list:  # type: ignore[type-arg]
        async with VllmClient(profile(server), server.api_key) as client:
            return await client.models()

    models = run(go())
    assert [(m.id, m.max_model_len) for m in models] == [("tiny-vl", real_vllm.MAX_MODEL_LEN)]


def test_a_sample_page_with_real_token_accounting(server: LocalServer) -> None:
    """Two image budgets: the server's prompt tokens differ by exactly our vision-token estimate."""
    renderer = RenderService(SAMPLE_PDF)

    async def read_at(max_pixels: int) -> tuple[int, int, object]:
        prof = profile(server, max_pixels=max_pixels, max_model_len=real_vllm.MAX_MODEL_LEN)
        async with VllmClient(prof, server.api_key) as client:
            request = await PagePreparer(renderer).prepare(
                0, prof, PROMPT, SamplingParams(max_tokens=16)
            )
            reading = await client.read(request)
        spec = spec_for_model_id(prof.model)
        image = request.image
        return (
            vision_tokens(image.width, image.height, spec, SERVER_MAX_PIXELS),
            reading.prompt_tokens,
            reading,
        )  # type: ignore[return-value]

    try:
        small_vision, small_prompt, reading = run(read_at(300_000))
        large_vision, large_prompt, _ = run(read_at(SERVER_MAX_PIXELS))
    finally:
        renderer.close()
    text_tokens = small_prompt - small_vision
    print(
        f"\nreal vLLM: vision tokens {small_vision} / {large_vision}, prompt tokens "
        f"{small_prompt} / {large_prompt}, text+template tokens {text_tokens}"
    )
    assert large_prompt - small_prompt == large_vision - small_vision
    assert 0 < text_tokens <= estimate_text_tokens(PROMPT) + 40  # our estimate never falls short
    prov = reading.provenance().to_dict()  # type: ignore[attr-defined]
    assert prov["model"] == "tiny-vl" and prov["usage"]["completion_tokens"] > 0
    assert prov["finish_reason"] in ("stop", "length")


def test_context_too_long_is_explained(server: LocalServer) -> None:
    renderer = RenderService(SAMPLE_PDF)

    async def go() -> None:
        # max_model_len unknown to the profile: our fitting cannot help, the server refuses.
        prof = profile(server, max_model_len=0)
        request = await PagePreparer(renderer).prepare(
            0, prof, PROMPT, SamplingParams(max_tokens=8000)
        )
        async with VllmClient(prof, server.api_key) as client:
            await client.read(request)

    try:
        with pytest.raises(ContextTooLongError) as info:
            run(go())
    finally:
        renderer.close()
    print(f"\nreal vLLM context error: {info.value}")
    assert info.value.allowed == real_vllm.MAX_MODEL_LEN
    assert "4,096" in str(info.value)


def test_the_fitting_keeps_the_same_request_inside_the_context(server: LocalServer) -> None:
    renderer = RenderService(SAMPLE_PDF)

    async def go() -> object:
        prof = profile(server, max_model_len=real_vllm.MAX_MODEL_LEN)
        request = await PagePreparer(renderer).prepare(
            0, prof, PROMPT, SamplingParams(max_tokens=8000)
        )
        async with VllmClient(prof, server.api_key) as client:
            return await client.read(
                OcrRequest(
                    request.image,
                    request.prompt,
                    SamplingParams(max_tokens=16),
                    notes=request.notes,
                )
            ), request

    try:
        reading, request = run(go())  # type: ignore[misc]
    finally:
        renderer.close()
    assert reading.finish_reason in ("stop", "length")  # type: ignore[attr-defined]
    assert request.params.max_tokens < 8000  # type: ignore[attr-defined]
    assert any("max tokens lowered" in n for n in request.notes)  # type: ignore[attr-defined]


def test_the_cli_batch_against_the_real_server(server: LocalServer, tmp_path: Path) -> None:
    env = {**os.environ, "PROOFDESK_API_KEY": server.api_key}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "backend",
            "ocr",
            str(SAMPLE_PDF),
            "--server",
            server.base_url,
            "--pages",
            "1-2",
            "--max-tokens",
            "16",
            "--max-pixels",
            str(SERVER_MAX_PIXELS),
            "--store",
            str(tmp_path / "s.sqlite3"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    print(result.stderr[-500:])
    assert result.returncode in (0, 3), result.stderr
    assert "2/2 pages" in result.stderr
