"""The vLLM engine: an OpenAI-compatible chat-completions client over httpx.

Answers are streamed so that three clocks can be kept apart: connecting,
waiting for the first token (a queue or a serverless cold start: minutes are
normal there, and the wait is reported, not failed, until the profile's
first-token timeout), and the whole answer. Nothing is taken from the
environment: no proxy unless the profile names one, no redirects followed, TLS
verified — pages go only to the host the user chose.

The client sends the requests and says what their answers mean; the parts it
is built from live beside it: ``http_client`` (the httpx client and its
warm-up), ``chat_stream`` (taking in a streamed answer), ``transport_errors``
(a read with no full answer) and ``server_info`` (what the server says about
itself).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import httpx

from backend.engines.base import OcrRequest, ProgressCallback, Reading
from backend.engines.chat_stream import MAX_ERROR_BODY, ReadClock, consume_stream, read_capped
from backend.engines.http_client import new_http_client, warmed
from backend.engines.http_errors import error_for_status
from backend.engines.openai_chat import Answer, build_body, parse_completion, strip_thinking
from backend.engines.server_info import (
    Health,
    ModelInfo,
    ServerLoad,
    health_of,
    parse_metrics,
    parse_models,
)
from backend.engines.transport_errors import timeout_error, transport_error
from backend.errors import BadResponseError, ProfileError, ServerError
from backend.settings.profiles import ServerProfile

log = logging.getLogger(__name__)

INFO_TIMEOUT_S = 15.0  # /health, /metrics, /v1/models: small answers


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
            await warmed()
            if self._closed:
                raise RuntimeError("Cannot send a request, as the client has been closed.")
            if self._http is None:  # another request may have made it meanwhile
                self._http = new_http_client(self._settings, self._api_key, self._transport)
        return self._http

    @property
    def server(self) -> str:
        return self.profile.api_root

    # -- what the server says about itself ----------------------------------------

    async def models(self) -> list[ModelInfo]:
        return parse_models(await self._get_json("/v1/models"), self.server)

    async def health(self) -> Health:
        try:
            http = await self._client()
            resp = await http.get(self.server + "/health", timeout=INFO_TIMEOUT_S)
        except httpx.HTTPError as exc:
            return Health(False, None, str(self._transport_error(exc, started=False)))
        return health_of(resp.status_code)

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
        ~50 ms of CPU (bench/ocr_client.py), where a whole answer costs ~10 ms. A batch
        watches pages, not tokens; only the total timeout applies to it.
        """
        if not self.profile.model:
            raise ProfileError(f"Choose a model for the server “{self.profile.name}” first.")
        body = build_body(request, self.profile.model, stream=stream)
        http = await self._client()  # before the clocks start: the first one warms up
        clock = ReadClock(on_progress)
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
            started = clock.first_token_s is not None
            raise timeout_error(self.profile, started=started, total=total_first) from exc
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, started=clock.first_token_s is not None) from exc
        return self._reading(request, answer, clock)

    async def _stream(
        self,
        http: httpx.AsyncClient,
        body: dict[str, Any],
        answer: Answer,
        clock: ReadClock,
        on_first: Callable[[], None],
    ) -> None:
        url = self.server + "/v1/chat/completions"
        async with http.stream("POST", url, json=body) as resp:
            if resp.status_code != 200:
                raw = await read_capped(resp)
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
            await consume_stream(resp, answer, clock, on_first, server=self.server)

    def _reading(self, request: OcrRequest, answer: Answer, clock: ReadClock) -> Reading:
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

    def _transport_error(self, exc: httpx.HTTPError, *, started: bool) -> ServerError:
        log.info("transport error from %s: %s", self.server, type(exc).__name__)
        return transport_error(exc, self.profile, started=started)
