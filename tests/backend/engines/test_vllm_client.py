"""The vLLM client against the fake server over real HTTP: every fault's decision."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator

import pymupdf
import pytest

from backend.engines.base import OcrRequest, Progress, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import (
    AuthenticationError,
    BadResponseError,
    ContextTooLongError,
    EngineDeadError,
    ModelNotFoundError,
    ServerBusyError,
    ServerError,
    ServerTimeoutError,
    ServerUnreachableError,
)
from backend.models import PageImage
from backend.settings.profiles import ServerProfile
from tests.fakevllm import FakeVllm

KEY = "test-key-5b1f"


def page_image(width: int = 280, height: int = 392, shade: int = 200) -> PageImage:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, width, height), 0)
    pix.set_rect(pix.irect, (shade, shade, shade))
    return PageImage(0, pix.tobytes("jpeg"), "image/jpeg", width, height)


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, api_key=KEY, model="fake-vl") as server:
        yield server


def profile(fake: FakeVllm, **changes: object) -> ServerProfile:
    base = ServerProfile(name="fake", base_url=fake.base_url + "/v1", model="fake-vl")
    return base.with_(**changes)


def read(client: VllmClient, **params: object) -> object:
    request = OcrRequest(page_image(), "Transcribe.", SamplingParams(max_tokens=256, **params))  # type: ignore[arg-type]
    return asyncio.run(_read(client, request))


async def _read(client: VllmClient, request: OcrRequest) -> object:
    async with client:
        return await client.read(request)


def test_models_health_and_load(fake: FakeVllm) -> None:
    async def go() -> tuple[object, object, object]:
        async with VllmClient(profile(fake), KEY) as c:
            return await c.models(), await c.health(), await c.load()

    models, health, load = asyncio.run(go())
    assert [(m.id, m.max_model_len) for m in models] == [("fake-vl", 4096)]  # type: ignore[attr-defined]
    assert health.ok  # type: ignore[attr-defined]
    assert load.running == 0 and load.waiting == 0  # type: ignore[attr-defined]


def test_a_page_is_read_with_its_provenance(fake: FakeVllm) -> None:
    seen: list[Progress] = []
    image = page_image()

    async def go() -> object:
        async with VllmClient(profile(fake), KEY) as c:
            return await c.read(
                OcrRequest(image, "Transcribe.", SamplingParams(max_tokens=256)), seen.append
            )

    reading = asyncio.run(go())
    assert reading.text.startswith(f"FAKE {image.sha256[:16]}")  # type: ignore[attr-defined]
    prov = reading.provenance().to_dict()  # type: ignore[attr-defined]
    assert prov["finish_reason"] == "stop" and prov["truncated"] is False
    assert prov["usage"]["prompt_tokens"] > 0 and prov["usage"]["completion_tokens"] > 0
    assert prov["model"] == "fake-vl" and prov["server"] == fake.base_url
    assert prov["prompt"] == "Transcribe." and len(prov["prompt_sha256"]) == 64
    assert prov["image"]["sha256"] == image.sha256
    assert KEY not in repr(prov)
    assert [p.phase for p in seen][:2] == ["connecting", "waiting"]
    sent = fake.requests()[-1]
    assert sent["headers"]["authorization"] == f"Bearer {KEY}"
    assert sent["body"]["stream"] is True and sent["body"]["max_completion_tokens"] == 256
    assert sent["body"]["chat_template_kwargs"] == {"enable_thinking": False}


@pytest.mark.parametrize(
    ("fault", "error", "words"),
    [
        ("reset_before", ServerUnreachableError, "connection"),
        ("reset_mid_body", ServerUnreachableError, "mid-answer"),
        ("http_500_engine", EngineDeadError, "restart"),
        ("http_500", ServerBusyError, "500"),
        ("http_502", ServerBusyError, ""),
        ("http_503", ServerBusyError, ""),
        ("http_504", ServerBusyError, ""),
        ("http_429", ServerBusyError, ""),
        ("http_400_too_long", ContextTooLongError, "5,621"),
        ("http_404_model", ModelNotFoundError, "fake-vl"),
        ("malformed_json", BadResponseError, "JSON"),
    ],
)
def test_each_fault_becomes_the_right_error(
    fake: FakeVllm, fault: str, error: type[ServerError], words: str
) -> None:
    fake.push_faults(fault)
    with pytest.raises(error) as info:
        read(VllmClient(profile(fake), KEY))
    assert words.lower() in str(info.value).lower()
    assert info.value.retryable is error.retryable


def test_retry_after_is_passed_on(fake: FakeVllm) -> None:
    fake.configure(retry_after=7)
    fake.push_faults("http_429")
    with pytest.raises(ServerBusyError) as info:
        read(VllmClient(profile(fake), KEY))
    assert info.value.retry_after == 7.0


def test_wrong_key_is_not_retryable_and_says_what_to_fix(fake: FakeVllm) -> None:
    with pytest.raises(AuthenticationError) as info:
        read(VllmClient(profile(fake), "wrong"))
    assert not info.value.retryable
    assert "key" in str(info.value).lower()


def test_refused_connection(fake: FakeVllm) -> None:
    fake.stop()
    with pytest.raises(ServerUnreachableError) as info:
        read(VllmClient(profile(fake), KEY))
    assert "Cannot reach" in str(info.value)


def test_hang_past_the_first_token_timeout_is_a_timeout(fake: FakeVllm) -> None:
    fake.push_faults("hang")
    with pytest.raises(ServerTimeoutError) as info:
        read(VllmClient(profile(fake, first_token_timeout_s=0.5), KEY))
    assert info.value.phase == "first_token"
    assert "cold start" in str(info.value)


def test_a_slow_first_token_within_the_timeout_is_waited_for(fake: FakeVllm) -> None:
    fake.configure(slow_seconds=0.6)
    fake.push_faults("slow_first_token")
    # 10× the delay: no load can make the wait look like a hang
    reading = read(VllmClient(profile(fake, first_token_timeout_s=6), KEY))
    assert reading.first_token_s >= 0.5  # type: ignore[attr-defined]  # it was slow


def test_total_timeout_after_the_first_token(fake: FakeVllm) -> None:
    # The answer streams over 10 s; the total allows 0.5 s and the first token 30 s, so
    # only the total can end it, whenever the first token comes (no race between them).
    fake.configure(service_time=10.0, reply_chars=400)
    with pytest.raises(ServerTimeoutError) as info:
        read(VllmClient(profile(fake, total_timeout_s=0.5, first_token_timeout_s=30.0), KEY))
    assert info.value.phase == "total"


def test_empty_choices_is_a_bad_response(fake: FakeVllm) -> None:
    fake.push_faults("empty_choices")
    with pytest.raises(BadResponseError):
        read(VllmClient(profile(fake), KEY))


def test_length_marks_the_reading_truncated(fake: FakeVllm) -> None:
    fake.push_faults("length")
    reading = read(VllmClient(profile(fake), KEY))
    assert reading.truncated and reading.provenance().to_dict()["truncated"]  # type: ignore[attr-defined]


def test_think_block_is_stripped_and_kept_as_reasoning(fake: FakeVllm) -> None:
    fake.push_faults("think_block")
    reading = read(VllmClient(profile(fake), KEY))
    assert "<think>" not in reading.text and "</think>" not in reading.text  # type: ignore[attr-defined]
    assert reading.text.startswith("FAKE")  # type: ignore[attr-defined]
    assert reading.reasoning  # type: ignore[attr-defined]


def test_think_only_output_leaves_no_text_but_keeps_the_thinking(fake: FakeVllm) -> None:
    fake.push_faults("think_only")
    reading = read(VllmClient(profile(fake), KEY))
    assert reading.text == ""  # type: ignore[attr-defined]
    assert reading.reasoning and reading.truncated  # type: ignore[attr-defined]


def test_reasoning_field_goes_to_provenance(fake: FakeVllm) -> None:
    fake.push_faults("reasoning_field")
    reading = read(VllmClient(profile(fake), KEY))
    assert reading.provenance().to_dict()["reasoning"]  # type: ignore[attr-defined]
    assert reading.text.startswith("FAKE")  # type: ignore[attr-defined]


def test_logprobs_are_kept_with_bytes(fake: FakeVllm) -> None:
    reading = read(VllmClient(profile(fake), KEY), logprobs=True, top_logprobs=2)
    assert reading.logprobs and all(t.byte_values for t in reading.logprobs)  # type: ignore[attr-defined]


def test_no_proxy_from_the_environment(fake: FakeVllm, monkeypatch: pytest.MonkeyPatch) -> None:
    # A proxy that does not exist: if the client used it, the read would fail.
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    reading = read(VllmClient(profile(fake), KEY))
    assert reading.text.startswith("FAKE")  # type: ignore[attr-defined]


def test_the_key_never_reaches_the_log(fake: FakeVllm, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    fake.push_faults("reset_before")
    with pytest.raises(ServerUnreachableError):
        read(VllmClient(profile(fake), KEY))
    read(VllmClient(profile(fake), KEY))
    assert KEY not in caplog.text
    assert "FAKE" not in caplog.text  # nor the page's text


def test_a_redirect_is_not_followed() -> None:
    import http.server
    import threading

    class Redirect(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.send_response(307)
            self.send_header("Location", "http://example.invalid/steal")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        client = VllmClient(ServerProfile(name="r", base_url=url, model="m"), KEY)
        with pytest.raises(BadResponseError) as info:
            read(client)
        assert "redirect" in str(info.value)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_image_bytes_in_body_are_the_page() -> None:
    image = page_image(56, 56)
    assert pymupdf.Pixmap(io.BytesIO(image.data).getvalue()).width == 56
