"""A timeout's message names the limit as set: a fractional one as such ("0.5 s", not
"0 s"), a whole one without decimals ("2 s")."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.transformers.failures import read_silent
from backend.engines.transport_errors import timeout_error, transport_error
from backend.engines.vllm import VllmClient
from backend.errors import ServerTimeoutError
from backend.models import PageImage
from backend.settings.profiles import ServerProfile
from tests.backend.engines.fakevllm_helpers import JPEG
from tests.fakevllm import FakeVllm


def _read(fake: FakeVllm, **limits: float) -> ServerTimeoutError:
    profile = ServerProfile(name="f", base_url=fake.base_url + "/v1", model="fake-vl", **limits)
    page = PageImage(0, JPEG, "image/jpeg", 560, 280)
    request = OcrRequest(page, "OCR", SamplingParams(max_tokens=256))

    async def go() -> None:
        async with VllmClient(profile) as client:
            await client.read(request)

    with pytest.raises(ServerTimeoutError) as info:
        asyncio.run(go())
    return info.value


def test_a_hang_past_a_fractional_first_token_limit_names_it() -> None:
    # The fake hangs until stopped: only the client's 0.5 s limit can end the read.
    with FakeVllm(default_fault="hang") as fake:
        error = _read(fake, first_token_timeout_s=0.5, total_timeout_s=60.0)
    assert error.phase == "first_token"
    assert "within 0.5 s." in str(error), error


def test_a_fractional_total_limit_is_named() -> None:
    # The answer streams over 10 s; the first-token limit is 60 s: only the total ends it.
    with FakeVllm(service_time=10.0, reply_chars=400) as fake:
        error = _read(fake, first_token_timeout_s=60.0, total_timeout_s=0.5)
    assert error.phase == "total"
    assert "longer than the 0.5 s allowed" in str(error), error


def test_whole_and_fractional_limits_in_every_timeout_message() -> None:
    profile = ServerProfile(
        name="f",
        base_url="http://127.0.0.1:9/v1",
        connect_timeout_s=0.1,
        first_token_timeout_s=2.0,
        total_timeout_s=1.5,
    )
    assert "within 2 s." in str(timeout_error(profile, started=False))
    assert "within 2 s;" in str(timeout_error(profile, started=False, receiving=True))
    assert "the 1.5 s allowed" in str(timeout_error(profile, started=True))
    connect = transport_error(httpx.ConnectTimeout("slow"), profile, started=False)
    assert "within 0.1 s." in str(connect)
    assert "nothing for 0.1 s on this page" in str(read_silent(0.1))
    assert "nothing for 600 s on this page" in str(read_silent(600.0))
