"""Taking in a streamed answer (``chat_stream.consume_stream``): the fake vLLM's own
stream, cut into chunks anywhere, reads as its whole answer; an event is taken in as
soon as it is complete, whichever line ends the server uses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from backend.engines.chat_stream import ReadClock, consume_stream
from backend.engines.openai_chat import Answer
from tests.backend.engines.fakevllm_helpers import CHAT, JPEG, chat_body, http_client
from tests.fakevllm import FakeVllm


async def _pieces(raw: bytes, size: int) -> AsyncIterator[bytes]:
    for at in range(0, len(raw), size):
        yield raw[at : at + size]


def _consume(chunks: AsyncIterator[bytes]) -> Answer:
    answer = Answer()
    asyncio.run(consume_stream(chunks, answer, ReadClock(None), lambda: None, server="fake"))
    return answer


def test_the_fake_vllms_stream_cut_anywhere_reads_as_its_whole_answer() -> None:
    body = chat_body(JPEG, logprobs=True)
    stream = {**body, "stream": True, "stream_options": {"include_usage": True}}
    with (
        FakeVllm(service_time=0.01, reasoning="先想一想。") as fake,
        http_client(fake.base_url) as client,
    ):
        whole = client.post(CHAT, json=body).json()
        with client.stream("POST", CHAT, json=stream) as response:
            raw = b"".join(response.iter_bytes())
    [choice] = whole["choices"]
    text = choice["message"]["content"]
    assert "第" in text and raw.count(b"data:") > 50  # CJK text, one event per token
    for size in (1, 2, 3, 5, 64, 4096, len(raw)):  # 1-3: through UTF-8 characters and "\n\n"
        answer = _consume(_pieces(raw, size))
        assert answer.text == text, size
        assert answer.reasoning_text == "先想一想。", size
        assert answer.finish_reason == choice["finish_reason"] == "stop", size
        assert answer.completion_tokens == whole["usage"]["completion_tokens"], size
        assert [t.token for t in answer.logprobs] == [
            t["token"] for t in choice["logprobs"]["content"]
        ], size


def _event(content: str, finish: str | None = None) -> str:
    choice = {"index": 0, "delta": {"content": content}, "finish_reason": finish}
    return "data: " + json.dumps({"choices": [choice]}, ensure_ascii=False)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_the_first_token_is_taken_in_before_the_rest_comes(newline: str) -> None:
    """The first-token clock stops, and the read's deadline moves on, at the first event
    with text: an SSE server may end its lines with CRLF (the spec allows it), and such a
    stream must not look silent until its end."""
    seen: list[str] = []

    async def chunks() -> AsyncIterator[bytes]:
        yield (_event("第一條") + newline * 2).encode()
        seen.append("second chunk asked for")
        yield (_event("完", "stop") + newline * 2 + "data: [DONE]" + newline * 2).encode()

    answer = Answer()

    def on_first() -> None:
        seen.append(f"first token: {answer.text}")

    asyncio.run(consume_stream(chunks(), answer, ReadClock(None), on_first, server="fake"))
    assert seen == ["first token: 第一條", "second chunk asked for"]
    assert (answer.text, answer.finish_reason) == ("第一條完", "stop")
