"""The vLLM engine: an OpenAI-compatible chat-completions client over httpx.

Answers are streamed so that three clocks can be kept apart: connecting,
waiting for the first token (a queue or a serverless cold start: minutes are
normal there, and the wait is reported, not failed, until the profile's
first-token timeout), and the whole answer. Nothing is taken from the
environment: no proxy unless the profile names one, no redirects followed, TLS
verified — pages go only to the host the user chose.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import logging
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx

from backend.engines.base import OcrRequest, Progress, ProgressCallback, Reading
from backend.engines.http_errors import error_for_status
from backend.engines.openai_chat import (
    Answer,
    build_body,
    feed_events,
    parse_completion,
    split_events,
    strip_thinking,
)
from backend.engines.server_info import ModelInfo, ServerLoad, parse_metrics
from backend.errors import (
    BadResponseError,
    ProfileError,
    ServerError,
    ServerTimeoutError,
    ServerUnreachableError,
)
from backend.profiles import ServerProfile

log = logging.getLogger(__name__)

INFO_TIMEOUT_S = 15.0  # /health, /metrics, /v1/models: small answers
MAX_ERROR_BODY = 64 * 1024
PROGRESS_INTERVAL_S = 0.2


_warm = threading.Event()
_warming = threading.Lock()
_warm_future: asyncio.Future[None] | None = None  # the warm-up the loop's requests await


def warm_up() -> None:
    """Load now what httpx otherwise loads on first use, on the event loop: httpcore
    (imported when a client is made, ~100 ms), anyio's asyncio backend (on the first
    request, ~75 ms) and the CA bundle (~40 ms for each client). It blocks: clients
    call it in a worker thread before their first request; an app may call it early.
    """
    with _warming:
        if _warm.is_set():
            return
        importlib.import_module("httpcore")
        with contextlib.suppress(ImportError):  # anyio's own module: only a head start
            importlib.import_module("anyio._backends._asyncio")
        _tls_context(True)
        _tls_context(False)
        _warm.set()


async def _warmed() -> None:
    """Wait for ``warm_up`` in a worker thread: one for all requests made meanwhile (a
    batch's first ones all ask at once, and each thread started costs the loop a wait
    until the OS runs it: tens of ms each on a loaded machine)."""
    global _warm_future
    if _warm.is_set():
        return
    loop = asyncio.get_running_loop()
    if _warm_future is None or _warm_future.get_loop() is not loop or _warm_future.done():
        _warm_future = loop.run_in_executor(None, warm_up)
    await asyncio.shield(_warm_future)  # one request cancelled must not cancel the others'


@functools.cache
def _tls_context(verify: bool) -> ssl.SSLContext:
    """One TLS context per setting, shared by every client (httpx makes one per client)."""
    return httpx.create_ssl_context(verify=verify, trust_env=False)


@dataclass(frozen=True)
class Health:
    ok: bool
    status: int | None  # None: no answer at all
    message: str


class VllmClient:
    """One server profile's connection. Use as ``async with`` or call ``aclose``."""

    name = "vllm"

    def __init__(
        self,
        profile: ServerProfile,
        api_key: str | None = None,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.profile = profile.validated()
        self._settings = profile
        self._api_key = api_key
        self._transport = transport
        self._http: httpx.AsyncClient | None = None  # made on first use: see _client
        self._closed = False

    async def __aenter__(self) -> VllmClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        self._closed = True
        if self._http is not None:
            await self._http.aclose()

    async def _client(self) -> httpx.AsyncClient:
        """The HTTP client, made on first use once ``warm_up`` has run in a thread: so
        neither making it nor its first request loads anything on the event loop."""
        if self._http is None:
            await _warmed()
            if self._closed:
                raise RuntimeError("Cannot send a request, as the client has been closed.")
            if self._http is None:  # another request may have made it meanwhile
                self._http = self._new_http()
        return self._http

    def _new_http(self) -> httpx.AsyncClient:
        profile = self._settings
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        return httpx.AsyncClient(
            transport=self._transport,
            trust_env=False,  # no HTTP(S)_PROXY / ALL_PROXY / netrc from the environment
            proxy=profile.proxy or None,
            verify=_tls_context(profile.verify_tls),
            follow_redirects=False,
            headers=headers,
            timeout=httpx.Timeout(
                connect=profile.connect_timeout_s,
                read=profile.first_token_timeout_s,  # the longest legitimate silence
                write=max(60.0, profile.connect_timeout_s),
                pool=None,
            ),
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=64),
        )

    @property
    def server(self) -> str:
        return self.profile.api_root

    # -- what the server says about itself ----------------------------------------

    async def models(self) -> list[ModelInfo]:
        body = await self._get_json("/v1/models")
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list):
            raise BadResponseError(
                "The server's model list has an unexpected shape.", server=self.server
            )
        return [
            ModelInfo(
                str(m["id"]),
                m.get("max_model_len") if isinstance(m.get("max_model_len"), int) else None,
            )
            for m in data
            if isinstance(m, dict) and "id" in m
        ]

    async def health(self) -> Health:
        try:
            http = await self._client()
            resp = await http.get(self.server + "/health", timeout=INFO_TIMEOUT_S)
        except httpx.HTTPError as exc:
            return Health(False, None, str(self._transport_error(exc, started=False)))
        if resp.status_code == 200:
            return Health(True, 200, "ready")
        if resp.status_code == 503:
            return Health(
                False, 503, "The server is up but its engine is not ready (starting, or dead)."
            )
        return Health(False, resp.status_code, f"Health check answered HTTP {resp.status_code}.")

    async def load(self) -> ServerLoad | None:
        """Running/waiting requests and KV-cache use; None when the server has no metrics."""
        try:
            http = await self._client()
            resp = await http.get(self.server + "/metrics", timeout=INFO_TIMEOUT_S)
        except httpx.HTTPError:
            return None
        return parse_metrics(resp.text) if resp.status_code == 200 else None

    async def _get_json(self, path: str) -> Any:
        try:
            http = await self._client()
            resp = await http.get(self.server + path, timeout=INFO_TIMEOUT_S)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, started=False) from exc
        if resp.status_code != 200:
            raise error_for_status(
                resp.status_code,
                resp.content[:MAX_ERROR_BODY],
                resp.headers,
                server=self.server,
                model=self.profile.model,
            )
        try:
            return resp.json()
        except ValueError as exc:
            raise BadResponseError(
                "The server's answer is not JSON: is this the address of an OpenAI-compatible API?",
                server=self.server,
            ) from exc

    # -- reading a page -------------------------------------------------------------

    async def read(
        self,
        request: OcrRequest,
        on_progress: ProgressCallback | None = None,
        *,
        stream: bool = True,
    ) -> Reading:
        """Read one page. ``stream=False`` (batches) asks for the whole answer at once.

        Streaming shows progress and tells a cold start from a slow answer, but
        every token is its own HTTP chunk: parsing ~1,000 of them per page cost
        ~50 ms of CPU (bench/ocr.py), where a whole answer costs ~10 ms. A batch
        watches pages, not tokens; only the total timeout applies to it.
        """
        if not self.profile.model:
            raise ProfileError(f"Choose a model for the server “{self.profile.name}” first.")
        body = build_body(request, self.profile.model, stream=stream)
        http = await self._client()  # before the clocks start: the first one warms up
        clock = _Clock(on_progress)
        loop = asyncio.get_running_loop()
        total_deadline = loop.time() + self.profile.total_timeout_s
        first_deadline = (
            loop.time() + self.profile.first_token_timeout_s if stream else total_deadline
        )
        answer = Answer()
        try:
            async with asyncio.timeout_at(min(first_deadline, total_deadline)) as deadline:
                clock.report("connecting")
                await self._stream(
                    http, body, answer, clock, lambda: deadline.reschedule(total_deadline)
                )
        except TimeoutError as exc:
            total_first = clock.first_token_s is None and total_deadline <= first_deadline
            raise self._timeout(clock, total=total_first) from exc
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, started=clock.first_token_s is not None) from exc
        return self._reading(request, answer, clock)

    async def _stream(
        self,
        http: httpx.AsyncClient,
        body: dict[str, Any],
        answer: Answer,
        clock: _Clock,
        on_first: Any,
    ) -> None:
        url = self.server + "/v1/chat/completions"
        async with http.stream("POST", url, json=body) as resp:
            if resp.status_code != 200:
                raw = await _read_capped(resp)
                if 300 <= resp.status_code < 400:
                    raise BadResponseError(
                        f"The server redirects to {resp.headers.get('location', '?')}. "
                        "ProofDesk does not follow redirects (pages go only where you send "
                        "them): put the final address in the server profile.",
                        status=resp.status_code,
                        server=self.server,
                    )
                raise error_for_status(
                    resp.status_code,
                    raw,
                    resp.headers,
                    server=self.server,
                    model=self.profile.model,
                )
            clock.report("waiting")
            if "text/event-stream" not in resp.headers.get("content-type", ""):
                # Some gateways ignore "stream": take the whole answer instead.
                whole = parse_completion(await resp.aread())
                answer.__dict__.update(whole.__dict__)
                return
            await self._consume(resp, answer, clock, on_first)

    async def _consume(
        self, resp: httpx.Response, answer: Answer, clock: _Clock, on_first: Any
    ) -> None:
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
                clock.report(
                    "reading", tokens=buf.count(b"data:", max(0, len(buf) - len(chunk) - 5))
                )
        payloads, _ = split_events(bytes(buf) + b"\n\n", parsed_to)
        done = feed_events(answer, payloads) or done
        if not answer.saw_choice:
            raise BadResponseError(
                "The server answered without any text (no choices).", server=self.server
            )
        if not done and answer.finish_reason is None:
            raise BadResponseError(
                "The server's answer was cut off before the end.", server=self.server
            )

    def _reading(self, request: OcrRequest, answer: Answer, clock: _Clock) -> Reading:
        text, thinking = strip_thinking(answer.text)
        image = request.image
        return Reading(
            text=text,
            engine=self.name,
            model=self.profile.model,
            server=self.server,
            finish_reason=answer.finish_reason,
            prompt_tokens=answer.prompt_tokens,
            completion_tokens=answer.completion_tokens,
            latency_s=clock.elapsed(),
            first_token_s=clock.first_token_s,
            reasoning=answer.reasoning_text or thinking,
            logprobs=tuple(answer.logprobs),
            prompt=request.prompt,
            params=request.params.as_dict(),
            notes=request.notes,
            image={
                "width": image.width,
                "height": image.height,
                "bytes": len(image.data),
                "mime": image.mime,
                "sha256": image.sha256,
            },
        )

    def _timeout(self, clock: _Clock, *, total: bool = False) -> ServerTimeoutError:
        p = self.profile
        if clock.first_token_s is None and not total:
            return ServerTimeoutError(
                f"No answer from {self.server} within {p.first_token_timeout_s:.0f} s. "
                "A server that scales to zero can take minutes to start: raise the "
                "first-token timeout of the profile if this is a cold start.",
                phase="first_token",
                server=self.server,
            )
        return ServerTimeoutError(
            f"The answer took longer than the {p.total_timeout_s:.0f} s allowed; raise the total "
            "timeout of the profile, or lower max tokens.",
            phase="total",
            server=self.server,
        )

    def _transport_error(self, exc: httpx.HTTPError, *, started: bool) -> ServerError:
        log.info("transport error from %s: %s", self.server, type(exc).__name__)
        if isinstance(exc, httpx.ConnectTimeout):
            return ServerTimeoutError(
                f"Could not connect to {self.server} "
                f"within {self.profile.connect_timeout_s:.0f} s.",
                phase="connect",
                server=self.server,
                detail=repr(exc),
            )
        if isinstance(exc, httpx.ConnectError):
            return ServerUnreachableError(
                f"Cannot reach {self.server}: is the server running, and is the address right?",
                server=self.server,
                detail=repr(exc),
            )
        if isinstance(exc, httpx.TimeoutException):
            return self._timeout(_Clock(None) if not started else _started_clock())
        if isinstance(exc, httpx.ProxyError):
            return ServerUnreachableError(
                f"The proxy set in the profile refused the connection: {exc}", server=self.server
            )
        return ServerUnreachableError(
            f"The connection to {self.server} broke{' mid-answer' if started else ''}; "
            "will try again.",
            server=self.server,
            detail=repr(exc),
        )


def _started_clock() -> _Clock:
    clock = _Clock(None)
    clock.first_token()
    return clock


async def _read_capped(resp: httpx.Response) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in resp.aiter_bytes():
        chunks.append(chunk)
        size += len(chunk)
        if size >= MAX_ERROR_BODY:
            break
    return b"".join(chunks)[:MAX_ERROR_BODY]


class _Clock:
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
