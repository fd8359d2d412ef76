"""The vLLM engine: an OpenAI-compatible chat-completions client over httpx.

Answers are streamed so that three clocks can be kept apart: connecting,
waiting for the first token (a queue or a serverless cold start: minutes are
normal there, and the wait is reported, not failed, until the profile's
first-token timeout), and the whole answer. Nothing is taken from the
environment: no proxy unless the profile names one, no redirects followed, TLS
verified — pages go only to the host the user chose.

The client sends the requests and says what their answers mean; the parts it
is built from live beside it: ``http_client`` (the httpx client and its
warm-up), ``chat_stream`` (taking in a streamed answer), ``bounded_body``
(every body read within a byte budget, decompressed by us), ``server_text``
(everything the server says, cleaned of the key before anyone sees it),
``transport_errors`` (a read with no full answer) and ``server_info`` (what the
server says about itself). Every request has a wall-clock deadline: a server
trickling one byte at a time cannot hold a read or an info call past it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from contextlib import aclosing
from typing import Any

import httpx

from backend.engines.answer_checks import AnswerWarning
from backend.engines.base import OcrRequest, ProgressCallback, Reading, TokenLogprob
from backend.engines.bounded_body import (
    METRICS_LIMIT,
    MODELS_LIMIT,
    answer_limit,
    body_chunks,
    megabytes,
    read_body,
    read_capped,
)
from backend.engines.chat_stream import ReadClock, consume_stream
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
from backend.engines.server_text import ServerText
from backend.engines.transport_errors import info_timeout_error, timeout_error, transport_error
from backend.errors import BadResponseError, ProfileError, ServerError
from backend.i18n import _
from backend.safe_text import admit
from backend.settings.profiles import ServerProfile

log = logging.getLogger(__name__)

# /health, /metrics, /v1/models: small answers, each whole within this (connecting
# included), or within the profile's first-token timeout if that is shorter.
INFO_TIMEOUT_S = 15.0

TooLarge = Callable[[int], ServerError]
# What a request can raise with no usable answer. InvalidURL is not an HTTPError:
# httpx raises it while reading a redirect's Location, even one it will not follow.
_NO_ANSWER = (httpx.HTTPError, httpx.InvalidURL)


def _whole(timeout: httpx.Timeout, profile: ServerProfile) -> httpx.Timeout:
    """``timeout`` with the read limit of a whole answer: the profile's total time."""
    return httpx.Timeout(
        connect=timeout.connect,
        read=profile.total_timeout_s,
        write=timeout.write,
        pool=timeout.pool,
    )


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
        self._text = ServerText(api_key)  # everything the server says passes through it
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

    def _info_timeout_s(self) -> float:
        return min(INFO_TIMEOUT_S, self.profile.first_token_timeout_s)

    async def models(self) -> list[ModelInfo]:
        with self._text.guard():
            body = await self._get_json("/v1/models", MODELS_LIMIT, _("for its list of models"))
            return parse_models(body, self.server, self._text.quote)

    async def health(self) -> Health:
        seconds = self._info_timeout_s()
        with self._text.guard():
            try:
                http = await self._client()
                async with asyncio.timeout(seconds):
                    async with http.stream("GET", self.server + "/health") as resp:
                        return health_of(resp.status_code)  # the body says nothing more
            except TimeoutError:
                return Health(
                    False, None, str(info_timeout_error(self.profile, "/health", seconds))
                )
            except _NO_ANSWER as exc:
                return Health(False, None, str(self._transport_error(exc, started=False)))

    async def load(self) -> ServerLoad | None:
        """Running/waiting requests and KV-cache use; None when the server has no metrics."""
        try:
            with self._text.guard():
                http = await self._client()
                async with asyncio.timeout(self._info_timeout_s()):
                    async with http.stream("GET", self.server + "/metrics") as resp:
                        if resp.status_code != 200:
                            return None
                        raw = await read_body(
                            resp, METRICS_LIMIT, self._too_large(_("for its load"))
                        )
        except (*_NO_ANSWER, TimeoutError, ServerError):
            return None
        return parse_metrics(raw.decode("utf-8", "replace"))  # only numbers come out of it

    async def _get_json(self, path: str, limit: int, what: str) -> Any:
        seconds = self._info_timeout_s()
        try:
            http = await self._client()
            async with asyncio.timeout(seconds):
                async with http.stream("GET", self.server + path) as resp:
                    if resp.status_code != 200:
                        raise await self._status_error(resp)
                    raw = await read_body(resp, limit, self._too_large(what))
        except TimeoutError as exc:
            raise info_timeout_error(self.profile, path, seconds) from exc
        except _NO_ANSWER as exc:
            raise self._transport_error(exc, started=False) from exc
        try:
            return json.loads(raw.decode("utf-8", "replace"))
        except (ValueError, RecursionError) as exc:
            raise BadResponseError(
                _(
                    "The server's answer is not JSON: is this the address of an "
                    "OpenAI-compatible API?"
                ),
                server=self.server,
            ) from exc

    def _too_large(self, what: str) -> TooLarge:
        return lambda limit: BadResponseError(
            _(
                "The server sent more than {megabytes} {what}, far more than a vLLM "
                "server sends: check the server's address."
            ).format(megabytes=megabytes(limit), what=what),
            server=self.server,
        )

    async def _status_error(self, resp: httpx.Response) -> ServerError:
        """The error a non-200 answer means, from at most ``MAX_ERROR_BODY`` of its body."""
        raw, clipped = await read_capped(resp)
        if 300 <= resp.status_code < 400:
            location = self._text.excerpt(resp.headers.get("location", "?"), 200)
            return BadResponseError(
                _(
                    "The server redirects to {location}. ProofDesk does not follow redirects "
                    "(pages go only where you send them): put the final address in the "
                    "server profile."
                ).format(location=location),
                status=resp.status_code,
                server=self.server,
            )
        return error_for_status(
            resp.status_code,
            raw,
            resp.headers,
            server=self.server,
            model=self.profile.model,
            clean=lambda text: self._text.quote(text, clipped=clipped),
        )

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
        watches pages, not tokens.

        Both deadlines are wall-clock, so bytes trickling in cannot stretch them:
        the first-token one ends at the first token of a stream, and covers the
        whole of an answer sent at once (a server sends that in one go, when it is
        done: its first byte is its last token); the total one covers everything.
        """
        if not self.profile.model:
            raise ProfileError(
                _("Choose a model for the server “{name}” first.").format(name=self.profile.name)
            )
        body = build_body(request, self.profile.model, stream=stream)
        http = await self._client()  # before the clocks start: the first one warms up
        clock = ReadClock(on_progress)
        loop = asyncio.get_running_loop()
        total_deadline = loop.time() + self.profile.total_timeout_s
        # A whole answer (a batch's) comes only when generation ends: only the total
        # deadline applies to it, as the first-token one would cut off a long page.
        first_deadline = (
            loop.time() + self.profile.first_token_timeout_s if stream else total_deadline
        )
        answer = Answer(excerpt=self._text.excerpt)
        limit = answer_limit(request.params)
        tokens = request.params.max_tokens
        too_large: TooLarge = lambda size: BadResponseError(  # noqa: E731
            _(
                "The server sent more than {megabytes} for one page, more than "
                "{tokens:,} tokens can take: check the server (it may be repeating "
                "itself without end), then run the page again."
            ).format(megabytes=megabytes(size), tokens=tokens),
            server=self.server,
        )
        with self._text.guard():
            try:
                async with asyncio.timeout_at(min(first_deadline, total_deadline)) as deadline:
                    clock.report("connecting")
                    await self._stream(
                        http,
                        body,
                        (answer, clock),
                        (limit, too_large),
                        lambda: deadline.reschedule(total_deadline),
                    )
            except TimeoutError as exc:
                started = clock.first_token_s is not None
                total_first = not started and total_deadline <= first_deadline
                raise timeout_error(
                    self.profile, started=started, total=total_first, receiving=clock.receiving
                ) from exc
            except _NO_ANSWER as exc:
                raise self._transport_error(exc, started=clock.first_token_s is not None) from exc
            return self._reading(request, answer, clock)

    async def _stream(
        self,
        http: httpx.AsyncClient,
        body: dict[str, Any],
        into: tuple[Answer, ReadClock],
        bound: tuple[int, TooLarge],
        on_first: Callable[[], None],
    ) -> None:
        answer, clock = into
        url = self.server + "/v1/chat/completions"
        # The client's read timeout is the first-token one: the longest silence within a
        # stream. A whole answer is silent until generation ends, so only the total
        # deadline may bound it (the caller's): a long page is not a cold start.
        timeout = http.timeout if body.get("stream") else _whole(http.timeout, self.profile)
        async with http.stream("POST", url, json=body, timeout=timeout) as resp:
            if resp.status_code != 200:
                raise await self._status_error(resp)
            clock.receiving = True
            clock.report("waiting")
            if "text/event-stream" not in resp.headers.get("content-type", ""):
                # Some gateways ignore "stream": take the whole answer instead.
                parse_completion(await read_body(resp, *bound), answer)
                return
            async with aclosing(body_chunks(resp, *bound)) as chunks:
                await consume_stream(chunks, answer, clock, on_first, server=self.server)

    def _reading(self, request: OcrRequest, answer: Answer, clock: ReadClock) -> Reading:
        text, thinking = strip_thinking(self._text.page(answer.text))
        admitted = admit(text)  # the boundary: controls and noncharacters replaced, counted
        reasoning = answer.reasoning_text
        thought = self._text.page(reasoning) if reasoning else thinking
        logprobs = self._logprobs(answer)
        finish = answer.finish_reason
        image = request.image
        return Reading(
            text=admitted.text,
            engine=self.name,
            model=self.profile.model,
            server=self.server,
            finish_reason=self._text.excerpt(finish, 40) if finish else None,
            prompt_tokens=answer.prompt_tokens,
            completion_tokens=answer.completion_tokens,
            latency_s=clock.elapsed(),
            first_token_s=clock.first_token_s,
            reasoning=admit(thought).text if thought else None,
            logprobs=logprobs,
            prompt=request.prompt,
            params=request.params.as_dict(),
            notes=request.notes,
            warnings=(*answer.warning_messages, *admitted.warnings),
            replaced=admitted.replaced,
            image={
                "width": image.width,
                "height": image.height,
                "bytes": len(image.data),
                "mime": image.mime,
                "sha256": image.sha256,
            },
        )

    def _logprobs(self, answer: Answer) -> tuple[TokenLogprob, ...]:
        """The answer's token logprobs, unless they spell out a key (then none, and a warning):
        the text is redacted, but its tokens and their bytes would still carry it."""
        tokens = answer.logprobs
        if not tokens:
            return ()
        spelled = "".join(t.token for t in tokens)
        as_bytes = bytes(b for t in tokens for b in t.byte_values).decode("utf-8", "replace")
        if self._text.holds_secret(spelled) or self._text.holds_secret(as_bytes):
            answer.warn(AnswerWarning.LOGPROBS_HELD_A_SECRET)
            return ()
        return tuple(
            TokenLogprob(self._text.page(t.token), t.logprob, t.byte_values) for t in tokens
        )

    def _transport_error(
        self, exc: httpx.HTTPError | httpx.InvalidURL, *, started: bool
    ) -> ServerError:
        log.info("transport error from %s: %s", self.server, type(exc).__name__)
        if isinstance(exc, httpx.InvalidURL):
            return self._text.scrub(
                BadResponseError(
                    _(
                        "The server's address, or the one it redirects to, is not a valid URL: "
                        "check the address in the server profile."
                    ),
                    server=self.server,
                    detail=repr(exc),
                )
            )
        return self._text.scrub(transport_error(exc, self.profile, started=started))
