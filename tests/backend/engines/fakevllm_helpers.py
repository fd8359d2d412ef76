"""Requests, images and fixtures the fake vLLM tests share."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pymupdf
import pytest

from backend.engines.openai_chat import data_url
from backend.engines.openai_chat import image_part as chat_image_part
from tests.fakevllm import FakeVllm

CHAT = "/v1/chat/completions"


def make_image(width: int, height: int, fmt: str = "jpeg", shade: int = 255) -> bytes:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, width, height), 0)
    pix.clear_with(shade)
    return pix.tobytes(fmt)


JPEG = make_image(560, 280)  # 20 x 10 patches of 28 px: 200 vision tokens
PNG = make_image(560, 280, "png", shade=0)


def image_part(data: bytes, mime: str = "image/jpeg") -> dict[str, Any]:
    return chat_image_part(data_url(mime, base64.b64encode(data).decode()))


def chat_body(*images: bytes, text: str = "OCR", **extra: Any) -> dict[str, Any]:
    content: list[dict[str, Any]] = [{"type": "text", "text": text}]
    content += [image_part(data) for data in images]
    return {"model": "fake-vl", "messages": [{"role": "user", "content": content}], **extra}


def sse_events(response: httpx.Response) -> list[Any]:
    events = []
    for line in response.iter_lines():
        if line.startswith("data: "):
            payload = line[6:]
            events.append(payload if payload == "[DONE]" else json.loads(payload))
    return events


def metric(text: str, name: str) -> float:
    match = re.search(rf"^{re.escape(name)}\{{[^}}]*\}} (\S+)$", text, re.MULTILINE)
    assert match, name
    return float(match.group(1))


def http_client(base_url: str, **kw: Any) -> httpx.Client:
    """verify=False: plain HTTP on loopback; skips loading CA certificates (0.2 s each)."""
    kw.setdefault("timeout", 5)
    return httpx.Client(base_url=base_url, verify=False, **kw)


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.01) as server:
        yield server


@pytest.fixture
def client(fake: FakeVllm) -> Iterator[httpx.Client]:
    with http_client(fake.base_url, timeout=5) as c:
        yield c


def error_of(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["code"] == status
    return error


def stream_chat(client: httpx.Client, body: dict[str, Any]) -> tuple[httpx.Response, list[Any]]:
    with client.stream("POST", CHAT, json={**body, "stream": True}) as response:
        return response, sse_events(response)
