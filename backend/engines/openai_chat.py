"""The OpenAI chat-completions wire format, as vLLM speaks it: pure functions.

Building the request body and reading answers (whole or streamed as
server-sent events) live here, apart from any HTTP, so every odd answer a
server can give is tested without a socket. What each field of an answer must
be (text, finite numbers) is ``answer_checks``'s.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from backend.engines.answer_checks import (
    AnswerWarning,
    content_text,
    no_text_error,
    token_count,
    token_logprob,
)
from backend.engines.base import OcrRequest, TokenLogprob
from backend.errors import BadResponseError
from backend.i18n import _

_THINK_OPEN = "<think>"
_THINK_CLOSE = "</think>"


def data_url(mime: str, encoded: str) -> str:
    """An image inline in a request: ``encoded`` is its base64."""
    return f"data:{mime};base64,{encoded}"


def image_part(url: str) -> dict[str, Any]:
    """The image content part of a chat request; ``url`` is a ``data_url`` or an
    offline batch's ``file://`` URL (every request's image is built here)."""
    return {"type": "image_url", "image_url": {"url": url}}


def build_body(
    request: OcrRequest, model: str, *, stream: bool = True, image_url: str | None = None
) -> dict[str, Any]:
    """The request body; ``image_url`` (an offline batch's ``file://`` URL) replaces the
    page's inline base64."""
    image = request.image
    url = image_url or data_url(image.mime, image.base64())
    p = request.params
    body: dict[str, Any] = {
        "model": model,
        "messages": [
            {
                "role": "user",
                "content": [
                    # Image first: Qwen-VL's own OCR examples put the image before the
                    # instruction, and it reads more reliably that way.
                    image_part(url),
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


def _cut(text: str, limit: int) -> str:
    return text[:limit]


@dataclass
class Answer:
    """An answer being assembled from a whole response or from stream chunks.

    ``excerpt`` is how server text is quoted in an error raised while reading
    it: the client passes its redaction (``ServerText.excerpt``), so a key the
    server echoed is removed before any message is made of it.
    """

    content: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    logprobs: list[TokenLogprob] = field(default_factory=list)
    saw_choice: bool = False
    saw_text: bool = False  # a content field held text (perhaps empty): a real answer
    refusal: str | None = None
    warnings: list[AnswerWarning] = field(default_factory=list)  # what was dropped, and why
    excerpt: Callable[[str, int], str] = field(default=_cut, repr=False, compare=False)

    @property
    def text(self) -> str:
        return "".join(self.content)

    @property
    def reasoning_text(self) -> str | None:
        return "".join(self.reasoning) or None

    def warn(self, warning: AnswerWarning) -> None:
        if warning not in self.warnings:
            self.warnings.append(warning)

    @property
    def warning_messages(self) -> tuple[str, ...]:
        """The warnings as the reviewer reads them, in the current UI language."""
        return tuple(w.message for w in self.warnings)


def parse_completion(raw: bytes, answer: Answer | None = None) -> Answer:
    """A whole (non-streamed) chat.completion response, into ``answer`` (or a new one)."""
    answer = answer if answer is not None else Answer()
    obj = _json(raw.decode("utf-8", "replace"), answer)
    _take_usage(answer, obj)
    for choice in _choices(obj):
        _take_choice(answer, choice, choice.get("message"))
    finish_answer(answer)
    return answer


def finish_answer(answer: Answer) -> None:
    """Check a complete answer: it has a choice, and text (or at least reasoning)."""
    if not answer.saw_choice:
        raise BadResponseError(_("The server answered without any text (no choices)."))
    if not answer.saw_text and not answer.reasoning:
        raise no_text_error(answer.excerpt(answer.refusal, 300) if answer.refusal else None)


def feed_event(answer: Answer, data: str) -> bool:
    """Add one server-sent event's data to ``answer``; True when the stream is done."""
    if data.strip() == "[DONE]":
        return True
    _feed_object(answer, _json(data, answer), data)
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
    except (ValueError, RecursionError):  # find the bad one, for the message
        for data in payloads:
            feed_event(answer, data)
        raise BadResponseError(_("The server's answer is not valid JSON.")) from None
    if len(objects) != len(payloads):  # an event held more than one JSON value
        for data in payloads:
            feed_event(answer, data)
        return done
    for obj, data in zip(objects, payloads, strict=True):
        if not isinstance(obj, dict):
            raise BadResponseError(
                _("The server's answer has an unexpected shape."), detail=answer.excerpt(data, 300)
            )
        _feed_object(answer, obj, data)
    return done


def _feed_object(answer: Answer, obj: dict[str, Any], data: str) -> None:
    if "error" in obj:  # vLLM reports errors that happen mid-stream as an event
        err = obj["error"]
        message = err.get("message", err) if isinstance(err, dict) else err
        raise BadResponseError(
            _("The server stopped mid-answer: {excerpt}").format(
                excerpt=answer.excerpt(str(message), 300)
            ),
            detail=answer.excerpt(data, 500),
        )
    _take_usage(answer, obj)
    for choice in _choices(obj):
        _take_choice(answer, choice, choice.get("delta"))


def _json(text: str, answer: Answer) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: "[[[[…" nested past the stack
        raise BadResponseError(
            _("The server's answer is not valid JSON: is the URL an OpenAI-compatible API?"),
            detail=answer.excerpt(text, 300),
        ) from exc
    if not isinstance(obj, dict):
        raise BadResponseError(
            _("The server's answer has an unexpected shape."), detail=answer.excerpt(text, 300)
        )
    return obj


def _choices(obj: dict[str, Any]) -> list[dict[str, Any]]:
    choices = obj.get("choices")
    if choices is None:
        return []
    if not isinstance(choices, list):
        raise BadResponseError(_("The server's answer has an unexpected shape (choices)."))
    return [c for c in choices if isinstance(c, dict) and c.get("index", 0) == 0]


def _take_usage(answer: Answer, obj: dict[str, Any]) -> None:
    usage = obj.get("usage")
    if usage is None:
        return
    if not isinstance(usage, dict):
        answer.warn(AnswerWarning.USAGE_DROPPED)
        return
    answer.prompt_tokens, bad_prompt = token_count(usage.get("prompt_tokens"))
    answer.completion_tokens, bad_completion = token_count(usage.get("completion_tokens"))
    if bad_prompt or bad_completion:
        answer.warn(AnswerWarning.USAGE_DROPPED)


def _take_choice(answer: Answer, choice: dict[str, Any], part: Any) -> None:
    answer.saw_choice = True
    if isinstance(part, dict):
        text = content_text(part.get("content"))
        if text is not None:
            answer.content.append(text)
            answer.saw_text = True
        # vLLM's reasoning parsers name the field "reasoning" (older: "reasoning_content").
        for key in ("reasoning", "reasoning_content"):
            value = part.get(key)
            if isinstance(value, str):
                answer.reasoning.append(value)
                break
            if value is not None:
                answer.warn(AnswerWarning.REASONING_DROPPED)
        if isinstance(part.get("refusal"), str):
            answer.refusal = part["refusal"]
    elif part is not None:
        raise BadResponseError(
            _("The server's answer has an unexpected shape (its message is not an object).")
        )
    finish = choice.get("finish_reason")
    if finish and isinstance(finish, str):
        answer.finish_reason = finish
    _take_logprobs(answer, choice.get("logprobs"))


def _take_logprobs(answer: Answer, logprobs: Any) -> None:
    if logprobs is None or AnswerWarning.LOGPROBS_DROPPED in answer.warnings:
        return
    entries = logprobs.get("content") if isinstance(logprobs, dict) else [None]
    if entries is None:
        return
    parsed = [token_logprob(e) for e in entries] if isinstance(entries, list) else [None]
    if None in parsed:  # one bad entry and the rest cannot be trusted to line up
        answer.logprobs.clear()
        answer.warn(AnswerWarning.LOGPROBS_DROPPED)
        return
    answer.logprobs.extend(t for t in parsed if t is not None)


def split_events(buf: bytes | bytearray, start: int = 0) -> tuple[list[str], int]:
    """The ``data`` payloads of the complete events in ``buf[start:]``, and where the rest begins.

    Works on bytes with C-speed splitting: a streamed page is ~1,000 events (one
    per token), and per-event Python work showed up as event-loop stalls in a
    32-wide batch. The only SSE parser: the streamed read and its tests both use it.
    """
    payloads: list[str] = []
    end = _events_end(buf, start)
    if end == start:
        return payloads, start
    block = bytes(buf[start:end]).replace(b"\r\n", b"\n")
    for event in block.split(b"\n\n"):
        lines = [ln[5:].removeprefix(b" ") for ln in event.split(b"\n") if ln.startswith(b"data:")]
        if lines:
            payloads.append(b"\n".join(lines).decode("utf-8", "replace"))
    return payloads, end


def _events_end(buf: bytes | bytearray, start: int) -> int:
    """Just past the blank line that ends the last complete event (``start``: none yet).

    Lines may end in LF or CRLF (the SSE spec allows both): a CRLF server's events
    end in ``\\n\\r\\n``, and looking for ``\\n\\n`` alone found none of them until the
    body ended, so the first token seemed never to come.
    """
    lf = buf.rfind(b"\n\n", start)
    crlf = buf.rfind(b"\n\r\n", start)
    return max(lf + 2 if lf >= 0 else start, crlf + 3 if crlf >= 0 else start)
