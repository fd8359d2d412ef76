"""The fake vLLM's injected faults: HTTP errors, resets, hangs, engine death, bad replies."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

import httpx
import pytest

from tests.backend.engines import fakevllm_helpers
from tests.backend.engines.fakevllm_helpers import (
    CHAT,
    JPEG,
    chat_body,
    error_of,
    http_client,
)
from tests.fakevllm import FAULT_KINDS, FakeVllm

# The shared fixtures, named here so that pytest finds them for this module's tests.
fake = fakevllm_helpers.fake
client = fakevllm_helpers.client
GUARD_S = 10.0  # a hang guard for what takes milliseconds: it asserts nothing of speed


def until(condition: Callable[[], bool], what: str) -> None:
    """Wait for ``condition`` (polled), failing after ``GUARD_S``: no fixed sleep."""
    end = time.monotonic() + GUARD_S
    while not condition():
        assert time.monotonic() < end, f"{what}: not within {GUARD_S:g} s"
        time.sleep(0.01)


# --- faults ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "status", "needle"),
    [
        ("http_500", 500, "InternalServerError"),
        ("http_502", 502, "502 Bad Gateway"),
        ("http_503", 503, "ServiceUnavailableError"),
        ("http_504", 504, "504 Gateway Time-out"),
        ("http_429", 429, "RateLimitError"),
        ("http_400_too_long", 400, "exceeds model's maximum context length (4096)."),
        ("http_404_model", 404, "The model `fake-vl` does not exist."),
    ],
)
def test_http_faults(
    fake: FakeVllm, client: httpx.Client, fault: str, status: int, needle: str
) -> None:
    fake.push_faults(fault)
    response = client.post(CHAT, json=chat_body(JPEG))
    assert response.status_code == status and needle in response.text
    if fault == "http_429":
        assert response.headers["retry-after"] == "1"
    assert client.post(CHAT, json=chat_body(JPEG)).status_code == 200
    assert client.get("/health").status_code == 200
    assert [r["fault"] for r in fake.requests()] == [fault, "ok"]


@pytest.mark.parametrize("stream", [False, True])
def test_resets(fake: FakeVllm, client: httpx.Client, stream: bool) -> None:
    fake.push_faults("reset_before", "reset_mid_body")
    body = chat_body(JPEG, stream=stream)
    with pytest.raises((httpx.RemoteProtocolError, httpx.ReadError)):
        client.post(CHAT, json=body)
    with (
        pytest.raises((httpx.RemoteProtocolError, httpx.ReadError)),
        client.stream("POST", CHAT, json=body) as response,
    ):
        assert response.status_code == 200
        response.read()  # part of the body or stream arrives, then the RST
    assert client.post(CHAT, json=chat_body(JPEG)).status_code == 200
    assert [r["status"] for r in fake.requests()] == [None, 200, 200]


def test_hang_times_out_and_stop_is_prompt() -> None:
    fake = FakeVllm(default_fault="hang")
    with http_client(fake.base_url, timeout=0.3) as c, pytest.raises(httpx.ReadTimeout):
        c.post(CHAT, json=chat_body(JPEG))
    errors: list[Exception] = []
    with http_client(fake.base_url, timeout=10) as c:

        def hung() -> None:
            try:
                c.post(CHAT, json=chat_body(JPEG))
            except httpx.HTTPError as exc:
                errors.append(exc)

        thread = threading.Thread(target=hung)
        thread.start()
        until(lambda: len(fake.requests()) == 2, "the hung request to arrive")
        fake.stop()  # the hang has no end of its own: only stop can end it
        thread.join(GUARD_S)
        assert not thread.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], httpx.RemoteProtocolError | httpx.ReadError)
    fake.configure(hang_seconds=0.05)  # a bounded hang ends with a dropped connection
    fake.start()
    with http_client(fake.base_url, timeout=5) as c:
        with pytest.raises(httpx.RemoteProtocolError):
            c.post(CHAT, json=chat_body(JPEG))
        assert [r["status"] for r in fake.requests()] == [None, None, None]
    fake.stop()


def test_engine_death_then_connection_refused(fake: FakeVllm, client: httpx.Client) -> None:
    fake.push_faults("http_500_engine")
    error = error_of(client.post(CHAT, json=chat_body(JPEG)), 500)
    assert error["message"] == (
        "EngineCore encountered an issue. See stack trace (above) for the root cause."
    )
    assert client.get("/health").status_code == 503

    def refused() -> bool:
        try:
            return client.get("/health").status_code != 503  # dead, not yet closed: 503
        except httpx.ConnectError:
            return True
        except httpx.TransportError:  # the listener closed while this request was on it
            return False

    until(refused, "the dead engine's listener to close")  # after dead_exit_after
    with pytest.raises(httpx.ConnectError):
        client.get("/health")
    fake.start()
    assert client.get("/health").status_code == 200
    assert client.post(CHAT, json=chat_body(JPEG)).status_code == 200


def test_reply_faults(fake: FakeVllm, client: httpx.Client) -> None:
    fake.push_faults("malformed_json", "empty_choices", "length", "think_only")
    fake.push_faults("think_block", "reasoning_field", "malformed_json")
    response = client.post(CHAT, json=chat_body(JPEG))
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    with pytest.raises(json.JSONDecodeError):
        response.json()
    data = client.post(CHAT, json=chat_body(JPEG)).json()
    assert data["choices"] == [] and data["usage"]["completion_tokens"] > 0
    normal = fake.requests()[0]["reply"]
    (choice,) = client.post(CHAT, json=chat_body(JPEG)).json()["choices"]
    content = choice["message"]["content"]
    assert choice["finish_reason"] == "length" and normal.startswith(content)
    assert 0 < len(content) < len(normal)
    (choice,) = client.post(CHAT, json=chat_body(JPEG)).json()["choices"]
    assert choice["finish_reason"] == "length"
    assert choice["message"]["content"].endswith("</think>")
    (choice,) = client.post(CHAT, json=chat_body(JPEG)).json()["choices"]
    head, _, tail = choice["message"]["content"].partition("</think>\n\n")
    assert head.startswith("<think>") and tail == normal and choice["finish_reason"] == "stop"
    (choice,) = client.post(CHAT, json=chat_body(JPEG)).json()["choices"]
    assert choice["message"]["reasoning"] and choice["message"]["content"] == normal
    with client.stream("POST", CHAT, json=chat_body(JPEG, stream=True)) as response:
        lines = [line for line in response.iter_lines() if line]
    assert lines[1:] == ["data: {not json", "data: [DONE]"]


def test_first_token_delays(fake: FakeVllm, client: httpx.Client) -> None:
    fake.configure(slow_seconds=0.3)
    fake.push_faults("slow_first_token")
    started = time.monotonic()
    assert client.post(CHAT, json=chat_body(JPEG)).status_code == 200
    assert time.monotonic() - started >= 0.3  # a lower bound: load only makes it longer
    client.post(CHAT, json=chat_body(JPEG))
    # The slow first token was one scripted fault: the next request has none.
    assert [r["fault"] for r in fake.requests()] == ["slow_first_token", "ok"]
    fake.configure(first_token_delay=0.2)
    started = time.monotonic()
    with client.stream("POST", CHAT, json=chat_body(JPEG, stream=True)) as response:
        assert time.monotonic() - started >= 0.2
        response.read()


def test_fault_script_is_fifo_then_default(fake: FakeVllm, client: httpx.Client) -> None:
    fake.configure(default_fault="http_503")
    fake.push_faults("ok", "http_500")
    codes = [client.post(CHAT, json=chat_body(JPEG)).status_code for _ in range(3)]
    assert codes == [200, 500, 503]
    with pytest.raises(ValueError, match="unknown fault"):
        fake.push_faults("explode")
    with pytest.raises(ValueError, match="unknown knob"):
        fake.configure(colour="red")
    assert "reset_before" in FAULT_KINDS
