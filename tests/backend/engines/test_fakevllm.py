"""The fake vLLM server (tests/fakevllm) behaves like vLLM 0.32's OpenAI server."""

from __future__ import annotations

import hashlib
import math
import re
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.backend.engines import fakevllm_helpers
from tests.backend.engines.fakevllm_helpers import (
    CHAT,
    JPEG,
    PNG,
    chat_body,
    error_of,
    http_client,
    make_image,
    metric,
    stream_chat,
)
from tests.fakevllm import FakeVllm, spawn_fake_vllm

# The shared fixtures, named here so that pytest finds them for this module's tests.
fake = fakevllm_helpers.fake
client = fakevllm_helpers.client


# --- plain endpoints ---------------------------------------------------------------


def test_health_models_metrics(client: httpx.Client) -> None:
    health = client.get("/health")
    assert (health.status_code, health.content) == (200, b"")
    models = client.get("/v1/models").json()
    assert models["object"] == "list"
    (model,) = models["data"]
    assert model["id"] == model["root"] == "fake-vl"
    assert (model["object"], model["owned_by"], model["parent"]) == ("model", "vllm", None)
    assert model["max_model_len"] == 4096 and isinstance(model["created"], int)
    assert model["permission"][0]["object"] == "model_permission"
    metrics = client.get("/metrics")
    assert metrics.headers["content-type"].startswith("text/plain; version=0.0.4")
    text = metrics.text
    assert "# HELP vllm:num_requests_running" in text
    assert "# TYPE vllm:kv_cache_usage_perc gauge" in text
    assert 'vllm:num_requests_running{engine="0",model_name="fake-vl"} 0.0' in text
    assert metric(text, "vllm:num_requests_waiting") == 0.0
    assert metric(text, "vllm:kv_cache_usage_perc") == 0.0
    assert 'python_gc_objects_collected_total{generation="0"}' in text
    assert re.search(r'_bucket\{engine="0",le="\+Inf",model_name="fake-vl"\} ', text)
    assert client.get("/nope").json() == {"detail": "Not Found"}
    assert client.get(CHAT).status_code == 405


def test_api_key_guards_v1_only(fake: FakeVllm) -> None:
    fake.configure(api_key="sekrit")
    with http_client(fake.base_url, timeout=5) as c:
        for path, method in (("/v1/models", "GET"), (CHAT, "POST")):
            r = c.request(method, path, json=chat_body(JPEG))
            assert (r.status_code, r.json()) == (401, {"error": "Unauthorized"})
            r = c.request(method, path, json=chat_body(JPEG), headers={"Authorization": "Bearer x"})
            assert r.status_code == 401
        assert c.get("/health").status_code == 200 and c.get("/metrics").status_code == 200
        auth = {"Authorization": "Bearer sekrit"}
        assert c.get("/v1/models", headers=auth).status_code == 200
        assert c.post(CHAT, json=chat_body(JPEG), headers=auth).status_code == 200
    records = fake.requests()
    assert [r["status"] for r in records] == [401, 401, 200]
    assert records[-1]["headers"]["authorization"] == "Bearer sekrit"


# --- request validation ---------------------------------------------------------


def test_unknown_model(client: httpx.Client) -> None:
    error = error_of(client.post(CHAT, json={**chat_body(JPEG), "model": "gpt-9"}), 404)
    assert error["message"] == "The model `gpt-9` does not exist. Valid aliases: fake-vl."
    assert (error["type"], error["param"]) == ("NotFoundError", "model")


def test_too_many_images_and_bad_image(client: httpx.Client) -> None:
    error = error_of(client.post(CHAT, json=chat_body(JPEG, PNG, JPEG)), 400)
    assert error["message"].startswith("At most 2 image(s) may be provided in one prompt.")
    assert error["type"] == "BadRequestError"
    gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
    error = error_of(client.post(CHAT, json=chat_body(gif)), 400)
    assert re.fullmatch(
        r"Failed to load image: cannot identify image file <_io\.BytesIO object at 0x[0-9a-f]+>",
        error["message"],
    )
    assert client.post(CHAT, json=chat_body(JPEG, PNG)).status_code == 200


def test_context_length_messages(fake: FakeVllm, client: httpx.Client) -> None:
    # 10 template + ceil(3 bytes / 3) text + 200 vision tokens
    ok = client.post(CHAT, json=chat_body(JPEG)).json()
    assert ok["usage"]["prompt_tokens"] == 211
    fake.configure(max_model_len=300)
    error = error_of(client.post(CHAT, json=chat_body(JPEG, max_tokens=100)), 400)
    assert error["message"] == (
        "'max_tokens' or 'max_completion_tokens' is too large: 100. This model's maximum "
        "context length is 300 tokens and your request has 211 input tokens (100 > 300 - 211)."
    )
    assert client.post(CHAT, json=chat_body(JPEG, max_completion_tokens=89)).status_code == 200
    fake.configure(max_model_len=200)
    error = error_of(client.post(CHAT, json=chat_body(JPEG)), 400)
    assert error["message"] == "Input length (211) exceeds model's maximum context length (200)."
    # A big page is scaled down to max_pixels: at most 1_048_576 / 28**2 = 1337 tokens.
    fake.configure(max_model_len=4096)
    big = client.post(CHAT, json=chat_body(make_image(1000, 1400))).json()
    assert 1200 < big["usage"]["prompt_tokens"] - 11 <= 1337
    tiny = client.post(CHAT, json=chat_body(make_image(20, 20, "png"))).json()
    assert tiny["usage"]["prompt_tokens"] - 11 == 4  # clamped up to 3136 px = 56 x 56


def test_request_options(client: httpx.Client) -> None:
    body = chat_body(JPEG, mm_processor_kwargs={"max_pixels": 100_000})
    error = error_of(client.post(CHAT, json=body), 400)
    assert "disabled by default" in error["message"]
    assert "start the server with --trust-request-mm-kwargs" in error["message"]
    extras = {
        "chat_template_kwargs": {"enable_thinking": False},
        "seed": 7,
        "temperature": 0.0,
        "repetition_penalty": 1.05,
    }
    assert client.post(CHAT, json=chat_body(JPEG, **extras)).status_code == 200


# --- successful replies -------------------------------------------------------------


def test_reply_shape_and_deterministic_text(fake: FakeVllm, client: httpx.Client) -> None:
    data = client.post(CHAT, json=chat_body(JPEG)).json()
    assert data["id"].startswith("chatcmpl-") and data["object"] == "chat.completion"
    assert data["model"] == "fake-vl" and isinstance(data["created"], int)
    (choice,) = data["choices"]
    assert (choice["index"], choice["finish_reason"], choice["stop_reason"]) == (0, "stop", None)
    assert choice["logprobs"] is None
    message = choice["message"]
    assert (message["role"], message["reasoning"], message["tool_calls"]) == (
        "assistant",
        None,
        [],
    )
    sha = hashlib.sha256(JPEG).hexdigest()
    text = message["content"]
    assert text.startswith(f"FAKE {sha[:16]}\n") and "第" in text
    assert 190 <= len(text) - 22 <= 200
    usage = data["usage"]
    assert usage["completion_tokens"] == math.ceil(len(text) / 1.5)
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    assert usage["prompt_tokens_details"] is None
    again = client.post(CHAT, json=chat_body(JPEG, text="other prompt")).json()
    assert again["choices"][0]["message"]["content"] == text
    other = client.post(CHAT, json=chat_body(PNG)).json()["choices"][0]["message"]["content"]
    assert other.startswith(f"FAKE {hashlib.sha256(PNG).hexdigest()[:16]}\n") and other != text
    fake.configure(replies={sha: "第一條　固定的回覆。"})
    fixed = client.post(CHAT, json=chat_body(JPEG)).json()
    assert fixed["choices"][0]["message"]["content"] == "第一條　固定的回覆。"
    record = fake.requests()[0]
    assert record["images"] == [
        {"sha256": sha, "bytes": len(JPEG), "width": 560, "height": 280, "mime": "image/jpeg"}
    ]
    part = record["body"]["messages"][0]["content"][1]
    assert part["image_url"]["url"]["sha256"] == sha
    assert (record["status"], record["fault"], record["reply"]) == (200, "ok", text)


def test_max_tokens_cuts_reply_and_logprobs(client: httpx.Client) -> None:
    full = client.post(CHAT, json=chat_body(JPEG)).json()["choices"][0]["message"]["content"]
    data = client.post(CHAT, json=chat_body(JPEG, max_tokens=5)).json()
    assert data["choices"][0]["finish_reason"] == "length"
    assert data["usage"]["completion_tokens"] == 5
    assert data["choices"][0]["message"]["content"] == full[:7]  # tokens of 1, 2, 1, 2, 1 chars
    body = chat_body(JPEG, max_tokens=4, logprobs=True, top_logprobs=2)
    (choice,) = client.post(CHAT, json=body).json()["choices"]
    entries = choice["logprobs"]["content"]
    assert "".join(e["token"] for e in entries) == choice["message"]["content"]
    for entry in entries:
        assert entry["bytes"] == list(entry["token"].encode())
        assert entry["logprob"] <= 0 and len(entry["top_logprobs"]) == 2
        assert entry["top_logprobs"][0]["token"] == entry["token"]


def test_streaming_order_and_usage(client: httpx.Client) -> None:
    whole = client.post(CHAT, json=chat_body(JPEG)).json()
    body = chat_body(JPEG, stream_options={"include_usage": True})
    response, events = stream_chat(client, body)
    assert response.headers["content-type"] == "text/event-stream; charset=utf-8"
    assert response.headers["transfer-encoding"] == "chunked"
    assert events[-1] == "[DONE]"
    first, *deltas, usage_chunk, _ = events
    assert first["object"] == "chat.completion.chunk"
    assert first["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert all(len(d["choices"][0]["delta"]["content"]) <= 4 for d in deltas)
    assert (
        "".join(d["choices"][0]["delta"]["content"] for d in deltas)
        == (whole["choices"][0]["message"]["content"])
    )
    assert [d["choices"][0]["finish_reason"] for d in deltas[-2:]] == [None, "stop"]
    assert len({e["id"] for e in events[:-1]}) == 1
    assert usage_chunk["choices"] == [] and usage_chunk["usage"] == whole["usage"]
    _, plain = stream_chat(client, chat_body(JPEG))
    assert all("usage" not in e for e in plain[:-1]) and plain[-2]["choices"][0]["finish_reason"]


def test_streamed_reasoning_field(fake: FakeVllm, client: httpx.Client) -> None:
    fake.configure(reasoning="先想一想。")
    _, events = stream_chat(client, chat_body(JPEG))
    deltas = [e["choices"][0]["delta"] for e in events[1:-1]]
    assert "".join(d.get("reasoning", "") for d in deltas) == "先想一想。"
    assert list(deltas[0]) == ["reasoning"] and "content" in deltas[-1]
    data = client.post(CHAT, json=chat_body(JPEG)).json()
    assert data["choices"][0]["message"]["reasoning"] == "先想一想。"


# --- capacity ----------------------------------------------------------------------


def test_slots_and_waiting_in_metrics(fake: FakeVllm) -> None:
    # The gate holds the two running requests until five run at once: nothing finishes
    # (and leaves the queue) before the test has read the metrics, however slow the machine.
    fake.configure(slots=2, service_time=0.05, gate=5)
    with http_client(fake.base_url, timeout=60) as c, ThreadPoolExecutor(5) as pool:
        futures = [pool.submit(c.post, CHAT, json=chat_body(JPEG)) for _ in range(5)]
        deadline = time.monotonic() + 20  # a guard: the five arrive in well under 1 s
        text = ""
        while time.monotonic() < deadline:
            text = c.get("/metrics").text
            if metric(text, "vllm:num_requests_waiting") == 3:
                break
            time.sleep(0.02)
        assert metric(text, "vllm:num_requests_running") == 2
        assert metric(text, "vllm:num_requests_waiting") == 3
        assert metric(text, "vllm:kv_cache_usage_perc") == 1.0
        fake.configure(slots=5)  # more capacity frees the queue at once
        assert [f.result().status_code for f in futures] == [200] * 5
        text = c.get("/metrics").text
    assert metric(text, "vllm:num_requests_running") == 0
    assert 'vllm:request_success_total{engine="0",finished_reason="stop"' in text
    assert metric(text, "vllm:e2e_request_latency_seconds_count") == 5


def test_64_concurrent_streams(fake: FakeVllm) -> None:
    # Each request is held at a gate until all 64 are being served at once: only a server
    # that serves them concurrently opens it (a decision, not a duration). The gate's guard
    # (30 s, ~100x the ~0.3 s all 64 take to arrive here) lets a serialising server answer
    # anyway, with a peak below 64; the client's timeout outlasts the guard.
    fake.configure(slots=64, service_time=0.05, gate=64, gate_guard=30.0)
    images = [make_image(56, 56, "png", shade=i) for i in range(64)]
    limits = httpx.Limits(max_connections=100)
    with http_client(fake.base_url, timeout=60, limits=limits) as c:

        def one(image: bytes) -> str:
            _, events = stream_chat(c, chat_body(image))
            return "".join(e["choices"][0]["delta"]["content"] for e in events[1:-1])

        with ThreadPoolExecutor(64) as pool:
            texts = list(pool.map(one, images))
    assert fake.peak_running == 64
    for image, text in zip(images, texts, strict=True):
        assert text.startswith(f"FAKE {hashlib.sha256(image).hexdigest()[:16]}\n")
    assert len(set(texts)) == 64


# --- control APIs ------------------------------------------------------------------


def test_http_control_api(fake: FakeVllm, client: httpx.Client) -> None:
    assert client.post("/_fake/config", json={"model": "m2"}).json()["knobs"]["model"] == "m2"
    assert client.post("/_fake/config", json={"nope": 1}).status_code == 400
    assert client.post("/_fake/faults", json=["http_502", "ok"]).json() == {"queued": 2}
    assert client.post("/_fake/faults", json=["bogus"]).status_code == 400
    assert client.post(CHAT, json={**chat_body(JPEG), "model": "m2"}).status_code == 502
    records = client.get("/_fake/requests").json()
    assert [r["fault"] for r in records] == ["http_502"]
    client.post("/_fake/reset")
    assert client.get("/_fake/requests").json() == []
    assert fake.knobs.model == "fake-vl"
    assert client.post(CHAT, json=chat_body(JPEG)).status_code == 200


def test_subprocess_kill_and_restart() -> None:
    with spawn_fake_vllm(model="sub-vl", service_time=0.01) as proc:
        url = proc.base_url
        with http_client(url, timeout=5) as c:
            assert c.get("/v1/models").json()["data"][0]["id"] == "sub-vl"
            proc.configure(api_key="k")
            assert c.get("/v1/models").status_code == 401
            proc.kill()
            with pytest.raises(httpx.ConnectError):
                c.get("/health")
            proc.restart()
            assert proc.base_url == url
            headers = {"Authorization": "Bearer k"}
            body = {**chat_body(JPEG), "model": "sub-vl"}
            assert c.post(CHAT, json=body, headers=headers).status_code == 200
            assert proc.requests()[0]["images"][0]["width"] == 560
            proc.push_faults("http_500_engine")
            assert c.post(CHAT, json=body, headers=headers).status_code == 500
            # The "server process" exits by itself. When is not asked (it was: 5 s, and a
            # slow stop would fail that): 60 s only guards against a hang.
            assert proc.wait(timeout=60) == 1
            proc.restart()
            assert c.get("/health").status_code == 200
        assert proc.stop() == 0


@pytest.mark.parametrize("stream", [False, True])
def test_an_answered_request_is_no_longer_running(fake: FakeVllm, stream: bool) -> None:
    # vLLM frees a request's slot when its last token is made, before the answer's last
    # bytes leave. Had the fake freed it after sending, a client reading /metrics right
    # after its answer would sometimes see its own request still running (a CI failure).
    # /metrics is read on its own connection: on the request's connection, the server's
    # thread would finish the request before it reads the next one.
    counts = []
    with http_client(fake.base_url, timeout=60) as c, http_client(fake.base_url) as m:
        for _ in range(20):
            answer = c.post(CHAT, json=chat_body(JPEG, stream=stream))
            assert answer.status_code == 200
            text = m.get("/metrics").text
            counts.append(metric(text, "vllm:num_requests_running"))
    assert counts == [0] * 20
