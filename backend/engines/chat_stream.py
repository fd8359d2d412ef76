"""Taking in one streamed answer: its server-sent events, its clocks, its progress.

Kept apart from ``vllm`` (which sends the request and decides what a failure
means) because this is the hot path of a read: how the bytes of a streamed
answer are collected and parsed cheaply enough for the event loop, and how the
first token is noticed so the first-token clock can stop. The events' format
itself is ``openai_chat``'s.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

from backend.engines.base import Progress, ProgressCallback
from backend.engines.openai_chat import Answer, feed_events, finish_answer, split_events
from backend.errors import BadResponseError
from backend.i18n import _

PROGRESS_INTERVAL_S = 0.2
PARSE_BATCH = 256 * 1024  # raw event bytes parsed at once, after the first token
AFTER_DONE = 64 * 1024  # what is read (and ignored) after [DONE] before hanging up


class ReadClock:
    """Elapsed times of one read, and throttled progress reports."""

    def __init__(self, on_progress: ProgressCallback | None) -> None:
        self._t0 = time.monotonic()
        self._on_progress = on_progress
        self._last = 0.0
        self.first_token_s: float | None = None
        self.tokens = 0
        self.receiving = False  # the status and headers came: the server began to answer

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
    chunks: AsyncIterator[bytes],
    answer: Answer,
    clock: ReadClock,
    on_first: Callable[[], None],
    *,
    server: str,
) -> None:
    """Fill ``answer`` from a streamed body's chunks; ``on_first`` runs at the first token.

    ``chunks`` is the body already bounded in bytes (``bounded_body.body_chunks``);
    the raw events held here at once stay under ``PARSE_BATCH``, so what a stream
    costs in memory is its text, not its envelope.
    """
    # Until the first token, events are parsed as they come (to stop the
    # first-token clock). After it, raw bytes are collected and parsed in
    # batches: ~1,000 per-token events parsed one by one cost the event loop
    # far more. Progress meanwhile counts events (≈ tokens).
    buf = bytearray()
    done = False
    first = False
    after_done = 0
    async for chunk in chunks:
        if done:  # read a little past [DONE], so the connection ends cleanly and is reused
            after_done += len(chunk)
            if after_done > AFTER_DONE:
                break
            continue
        buf += chunk
        if not first or len(buf) >= PARSE_BATCH:
            payloads, parsed_to = split_events(buf)
            del buf[:parsed_to]
            done = feed_events(answer, payloads)
            # Text, not an event: a stream's first event (the role, content "") may come
            # before any token, and a server could send it and then nothing for an hour.
            if not first and (any(answer.content) or any(answer.reasoning)):
                first = True
                clock.first_token()
                on_first()
        else:
            clock.report("reading", tokens=chunk.count(b"data:"))
    if not done:
        payloads, _unused = split_events(bytes(buf) + b"\n\n")
        done = feed_events(answer, payloads)
    if not answer.saw_choice:
        raise BadResponseError(
            _("The server answered without any text (no choices)."), server=server
        )
    if not done and answer.finish_reason is None:
        raise BadResponseError(_("The server's answer was cut off before the end."), server=server)
    finish_answer(answer)
