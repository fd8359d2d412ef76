"""The OpenAI chat-completions wire format, as vLLM speaks it: pure functions.

Building the request body and reading answers (whole or streamed as
server-sent events) live here, apart from any HTTP, so every odd answer a
server can give is tested without a socket.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from backend.engines.base import OcrRequest, TokenLogprob
from backend.errors import BadResponseError

_THINK_OPEN = "<think>"
_THINK_CLOSE = "</think>"


def build_body(request: OcrRequest, model: str, *, stream: bool = True) -> dict[str, Any]:
    image = request.image
    data_url = f"data:{image.mime};base64,{image.base64()}"
    p = request.params
    body: dict[str, Any] = {
        "model": model,
        "messages": [
            {
                "role": "user",
                "content": [
                    # Image first: Qwen-VL's own OCR examples put the image before the
                    # instruction, and it reads more reliably that way.
                    {"type": "image_url", "image_url": {"url": data_url}},
                    {"type": "text", "text": request.prompt},
                ],
            }
        ],
        "temperature": p.temperature,
        # max_tokens is deprecated in vLLM in favour of max_completion_tokens.
        "max_completion_tokens": p.max_tokens,
    }
    if p.repetition_penalty is not None:
        body["repetition_penalty"] = p.repetition_penalty
    if p.top_p is not None:
        body["top_p"] = p.top_p
    if p.seed is not None:
        body["seed"] = p.seed
    if p.enable_thinking is not None:
        body["chat_template_kwargs"] = {"enable_thinking": p.enable_thinking}
    if p.logprobs:
        body["logprobs"] = True
        if p.top_logprobs:
            body["top_logprobs"] = p.top_logprobs
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    return body


def strip_thinking(text: str) -> tuple[str, str | None]:
    """Split a reasoning model's output into (answer, thinking).

    Handles ``<think>…</think>answer``, output holding only a closing
    ``</think>`` (some Qwen templates put ``<think>`` in the prompt), and an
    unclosed ``<think>`` (the budget ran out while thinking: no answer at all).
    """
    close = text.rfind(_THINK_CLOSE)
    if close >= 0:
        before, answer = text[:close], text[close + len(_THINK_CLOSE) :]
        thinking = before.replace(_THINK_OPEN, "", 1) if _THINK_OPEN in before else before
        return answer.strip("\n"), thinking.strip() or None
    start = text.find(_THINK_OPEN)
    if start >= 0 and not text[:start].strip():
        return "", text[start + len(_THINK_OPEN) :].strip() or None
    return text, None


@dataclass
class Answer:
    """An answer being assembled from a whole response or from stream chunks."""

    content: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    logprobs: list[TokenLogprob] = field(default_factory=list)
    saw_choice: bool = False

    @property
    def text(self) -> str:
        return "".join(self.content)

    @property
    def reasoning_text(self) -> str | None:
        return "".join(self.reasoning) or None


def parse_completion(raw: bytes) -> Answer:
    """A whole (non-streamed) chat.completion response."""
    obj = _json(raw.decode("utf-8", "replace"))
    answer = Answer()
    _take_usage(answer, obj)
    for choice in _choices(obj):
        _take_choice(answer, choice, choice.get("message"))
    if not answer.saw_choice:
        raise BadResponseError("The server answered without any text (no choices).")
    return answer


def feed_event(answer: Answer, data: str) -> bool:
    """Add one server-sent event's data to ``answer``; True when the stream is done."""
    if data.strip() == "[DONE]":
        return True
    _feed_object(answer, _json(data), data)
    return False


def feed_events(answer: Answer, payloads: list[str]) -> bool:
    """Add many events' data at once (up to ``[DONE]``); True when ``[DONE]`` was seen.

    The events are decoded by one ``json.loads`` over a JSON array made of them:
    a page is ~1,000 events, and one C-level parse instead of a thousand calls
    is what keeps the event loop responsive in a wide batch.
    """
    done = False
    for i, data in enumerate(payloads):
        if data.strip() == "[DONE]":
            payloads, done = payloads[:i], True
            break
    try:
        objects = json.loads("[" + ",".join(payloads) + "]") if payloads else []
    except ValueError:  # find the bad one, for the message
        for data in payloads:
            feed_event(answer, data)
        raise BadResponseError("The server's answer is not valid JSON.") from None
    if len(objects) != len(payloads):  # an event held more than one JSON value
        for data in payloads:
            feed_event(answer, data)
        return done
    for obj, data in zip(objects, payloads, strict=True):
        if not isinstance(obj, dict):
            raise BadResponseError(
                "The server's answer has an unexpected shape.", detail=data[:300]
            )
        _feed_object(answer, obj, data)
    return done


def _feed_object(answer: Answer, obj: dict[str, Any], data: str) -> None:
    if "error" in obj:  # vLLM reports errors that happen mid-stream as an event
        err = obj["error"]
        message = err.get("message", str(err)) if isinstance(err, dict) else str(err)
        raise BadResponseError(f"The server stopped mid-answer: {message}", detail=data[:500])
    _take_usage(answer, obj)
    for choice in _choices(obj):
        _take_choice(answer, choice, choice.get("delta"))


def _json(text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except ValueError as exc:
        raise BadResponseError(
            "The server's answer is not valid JSON: is the URL an OpenAI-compatible API?",
            detail=text[:300],
        ) from exc
    if not isinstance(obj, dict):
        raise BadResponseError("The server's answer has an unexpected shape.", detail=text[:300])
    return obj


def _choices(obj: dict[str, Any]) -> list[dict[str, Any]]:
    choices = obj.get("choices")
    if choices is None:
        return []
    if not isinstance(choices, list):
        raise BadResponseError("The server's answer has an unexpected shape (choices).")
    return [c for c in choices if isinstance(c, dict) and c.get("index", 0) == 0]


def _take_usage(answer: Answer, obj: dict[str, Any]) -> None:
    usage = obj.get("usage")
    if isinstance(usage, dict):
        answer.prompt_tokens = _int(usage.get("prompt_tokens"))
        answer.completion_tokens = _int(usage.get("completion_tokens"))


def _take_choice(answer: Answer, choice: dict[str, Any], part: Any) -> None:
    answer.saw_choice = True
    if isinstance(part, dict):
        if isinstance(part.get("content"), str):
            answer.content.append(part["content"])
        # vLLM's reasoning parsers name the field "reasoning" (older: "reasoning_content").
        for key in ("reasoning", "reasoning_content"):
            if isinstance(part.get(key), str):
                answer.reasoning.append(part[key])
                break
    if choice.get("finish_reason"):
        answer.finish_reason = str(choice["finish_reason"])
    logprobs = choice.get("logprobs")
    if isinstance(logprobs, dict) and isinstance(logprobs.get("content"), list):
        answer.logprobs.extend(_logprob(e) for e in logprobs["content"] if isinstance(e, dict))


def _logprob(entry: dict[str, Any]) -> TokenLogprob:
    raw = entry.get("bytes") or ()
    return TokenLogprob(
        token=str(entry.get("token", "")),
        logprob=float(entry.get("logprob", 0.0)),
        byte_values=tuple(int(b) for b in raw if isinstance(b, int)),
    )


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int | float) else None


def split_events(buf: bytes | bytearray, start: int = 0) -> tuple[list[str], int]:
    """The ``data`` payloads of the complete events in ``buf[start:]``, and where the rest begins.

    Works on bytes with C-speed splitting: a streamed page is ~1,000 events (one
    per token), and per-event Python work showed up as event-loop stalls in a
    32-wide batch.
    """
    payloads: list[str] = []
    end = buf.rfind(b"\n\n", start)
    if end < 0:
        return payloads, start
    block = bytes(buf[start:end]).replace(b"\r\n", b"\n")
    for event in block.split(b"\n\n"):
        lines = [ln[5:].removeprefix(b" ") for ln in event.split(b"\n") if ln.startswith(b"data:")]
        if lines:
            payloads.append(b"\n".join(lines).decode("utf-8", "replace"))
    return payloads, end + 2


_SSE_DATA = re.compile(r"^data: ?(.*)$")


class SseDecoder:
    """Turns a stream of text lines into SSE ``data`` payloads (multi-line aware)."""

    def __init__(self) -> None:
        self._lines: list[str] = []

    def feed_line(self, line: str) -> str | None:
        """Feed one line (without newline); returns a payload when an event ends."""
        if line == "":
            if not self._lines:
                return None
            data, self._lines = "\n".join(self._lines), []
            return data
        m = _SSE_DATA.match(line)
        if m:
            self._lines.append(m.group(1))
        return None  # comments (":"), "event:", "id:" lines carry nothing we use

    def flush(self) -> str | None:
        return self.feed_line("")
