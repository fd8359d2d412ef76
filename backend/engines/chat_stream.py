"""Taking in one streamed answer: its server-sent events, its clocks, its progress.

Kept apart from ``vllm`` (which sends the request and decides what a failure
means) because this is the hot path of a read: how the bytes of a streamed
answer are collected and parsed cheaply enough for the event loop, and how the
first token is noticed so the first-token clock can stop. The events' format
itself is ``openai_chat``'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from backend.engines.base import Progress, ProgressCallback
from backend.engines.openai_chat import Answer, feed_events, split_events
from backend.errors import BadResponseError

MAX_ERROR_BODY = 64 * 1024
PROGRESS_INTERVAL_S = 0.2


class ReadClock:
    """Elapsed times of one read, and throttled progress reports."""

    def __init__(self, on_progress: ProgressCallback | None) -> None:
        self._t0 = time.monotonic()
        self._on_progress = on_progress
        self._last = 0.0
        self.first_token_s: float | None = None
        self.tokens = 0

    def elapsed(self) -> float:
        return time.monotonic() - self._t0

    def first_token(self) -> None:
        self.first_token_s = self.elapsed()

    def report(self, phase: str, *, tokens: int = 0) -> None:
        if self._on_progress is None:
            return
        self.tokens += tokens
        now = time.monotonic()
        if phase == "reading" and now - self._last < PROGRESS_INTERVAL_S:
            return
        self._last = now
        self._on_progress(Progress(phase, now - self._t0, tokens=self.tokens))


async def consume_stream(
    resp: httpx.Response,
    answer: Answer,
    clock: ReadClock,
    on_first: Callable[[], None],
    *,
    server: str,
) -> None:
    """Fill ``answer`` from a streamed response; ``on_first`` runs at the first token."""
    # Until the first token, events are parsed as they come (to stop the
    # first-token clock). After it, raw bytes are only collected and parsed
    # once at the end: ~1,000 per-token events parsed one by one cost the
    # event loop far more. Progress meanwhile counts events (≈ tokens).
    buf = bytearray()
    parsed_to = 0
    done = False
    first = False
    async for chunk in resp.aiter_bytes():
        buf += chunk
        if not first:
            payloads, parsed_to = split_events(buf, parsed_to)
            done = feed_events(answer, payloads) or done
            if answer.content or answer.reasoning:
                first = True
                clock.first_token()
                on_first()
        else:
            clock.report("reading", tokens=buf.count(b"data:", max(0, len(buf) - len(chunk) - 5)))
    payloads, _ = split_events(bytes(buf) + b"\n\n", parsed_to)
    done = feed_events(answer, payloads) or done
    if not answer.saw_choice:
        raise BadResponseError("The server answered without any text (no choices).", server=server)
    if not done and answer.finish_reason is None:
        raise BadResponseError("The server's answer was cut off before the end.", server=server)


async def read_capped(resp: httpx.Response) -> bytes:
    """At most ``MAX_ERROR_BODY`` bytes of a failed answer: enough to say what went wrong."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.aiter_bytes():
        chunks.append(chunk)
        size += len(chunk)
        if size >= MAX_ERROR_BODY:
            break
    return b"".join(chunks)[:MAX_ERROR_BODY]
