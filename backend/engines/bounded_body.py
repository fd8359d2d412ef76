"""Reading a response's body within a byte budget, counted after decompression.

Kept apart from the client because every answer needs it — a page, an error
body, the model list, the metrics — and because it replaces what httpx would
do: httpx decompresses each network chunk whole, so one 64 KiB chunk of a gzip
bomb is ~64 MiB before anyone can count it. Here the raw bytes are inflated in
slices of at most ``SLICE`` bytes and each slice is counted, so a body past its
limit stops at most one slice over it, whatever its compression ratio. Only the
encodings we can inflate that way are asked for (``ACCEPT_ENCODING``); any other
is refused.

The budgets say what a real answer can need: a page by its ``max_tokens`` (see
``answer_limit``), the model list and the metrics by a small fixed size.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncGenerator, Callable, Iterator
from contextlib import aclosing

import httpx

from backend.engines.base import SamplingParams
from backend.errors import BadResponseError, ServerError
from backend.i18n import _

ACCEPT_ENCODING = "gzip, deflate"
SLICE = 64 * 1024
MiB = 1024 * 1024

MAX_ERROR_BODY = 64 * 1024  # enough to say what went wrong
MODELS_LIMIT = 2 * MiB  # ~4,000 models with vLLM's permission blocks
METRICS_LIMIT = 4 * MiB  # a real vLLM page is ~0.1 MB; eight engines ~1 MB

# A streamed token costs one SSE event: ~250 bytes of envelope (id, model,
# created, choices) around its text. A logprob entry adds ~100 bytes for the
# token and ~100 for each top alternative (token, logprob, UTF-8 byte list).
# The budget is ~4x that, so no real answer comes near it.
TOKEN_BYTES = 1024
LOGPROB_BYTES = 512
ANSWER_OVERHEAD = 1 * MiB  # the first and usage events, an error event, whitespace


def answer_limit(params: SamplingParams) -> int:
    """The most bytes a page's answer may take, from what ``max_tokens`` can produce."""
    per_token = TOKEN_BYTES
    if params.logprobs:
        per_token += LOGPROB_BYTES * (1 + max(0, params.top_logprobs))
    return ANSWER_OVERHEAD + max(1, params.max_tokens) * per_token


def megabytes(size: int) -> str:
    return f"{size / MiB:.1f} MB" if size < 10 * MiB else f"{size / MiB:.0f} MB"


class _Inflate:
    """One ``gzip`` or ``deflate`` layer, giving its output in slices of at most ``SLICE``."""

    def __init__(self, encoding: str) -> None:
        self._gzip = encoding in ("gzip", "x-gzip")
        self._raw_deflate = False  # "deflate" is zlib-wrapped by the RFC, raw by some servers
        self._started = False
        self._obj = self._new()

    def _new(self) -> zlib._Decompress:
        if self._gzip:
            return zlib.decompressobj(16 + zlib.MAX_WBITS)
        return zlib.decompressobj(-zlib.MAX_WBITS if self._raw_deflate else zlib.MAX_WBITS)

    def feed(self, data: bytes) -> Iterator[bytes]:
        while data:
            try:
                out = self._obj.decompress(data, SLICE)
            except zlib.error:
                if self._gzip or self._started or self._raw_deflate:
                    raise BadResponseError(
                        _(
                            "The server's compressed answer is damaged; try again, or check the "
                            "proxy in front of the server."
                        )
                    ) from None
                self._raw_deflate = True
                self._obj = self._new()
                continue
            self._started = True
            if out:
                yield out
            if self._obj.eof:
                rest = self._obj.unused_data
                if not (self._gzip and rest):
                    return  # anything after the end of the stream is ignored
                self._obj = self._new()  # a gzip file may hold several members
                data = rest
            else:
                data = self._obj.unconsumed_tail


def _layers(header: str) -> list[_Inflate]:
    names = [n.strip().lower() for n in header.split(",") if n.strip()]
    names = [n for n in names if n != "identity"]
    unknown = [n for n in names if n not in ("gzip", "x-gzip", "deflate")]
    if unknown or len(names) > 2:
        raise BadResponseError(
            # The header's value is the server's: never quoted (it may echo the key).
            _(
                "The server compressed its answer in a way ProofDesk does not read (it "
                "asks for gzip or none): check the proxy in front of the server."
            )
        )
    # Content-Encoding lists the encodings in the order they were applied.
    return [_Inflate(n) for n in reversed(names)]


def _through(layers: list[_Inflate], data: bytes) -> Iterator[bytes]:
    if not layers:
        if data:
            yield data
        return
    for piece in layers[0].feed(data):
        yield from _through(layers[1:], piece)


async def _decoded(resp: httpx.Response) -> AsyncGenerator[tuple[int, bytes], None]:
    """(raw bytes so far, a decoded slice) for each slice of ``resp``'s body."""
    layers = _layers(resp.headers.get("content-encoding", ""))
    raw_size = 0
    async for raw in resp.aiter_raw():
        raw_size += len(raw)
        yield raw_size, b""  # checked first: raw bytes that decode to nothing count too
        for piece in _through(layers, raw):
            yield raw_size, piece


async def body_chunks(
    resp: httpx.Response, limit: int, too_large: Callable[[int], ServerError]
) -> AsyncGenerator[bytes, None]:
    """The decoded body of ``resp``, failing with ``too_large(limit)`` once past ``limit``."""
    size = 0
    async with aclosing(_decoded(resp)) as pieces:
        async for raw_size, piece in pieces:
            size += len(piece)
            # Raw bytes count too (a stream that inflates to nothing still costs time);
            # a small body may be larger packed than unpacked, hence the SLICE more.
            if size > limit or raw_size > limit + SLICE:
                raise too_large(limit)
            if piece:
                yield piece


async def read_body(
    resp: httpx.Response, limit: int, too_large: Callable[[int], ServerError]
) -> bytes:
    """The whole decoded body of ``resp``, or ``too_large(limit)``."""
    out = bytearray()
    async with aclosing(body_chunks(resp, limit, too_large)) as chunks:
        async for chunk in chunks:
            out += chunk
    return bytes(out)


async def read_capped(resp: httpx.Response, limit: int = MAX_ERROR_BODY) -> tuple[bytes, bool]:
    """At most ``limit`` decoded bytes of ``resp``, and whether there was more (cut off)."""
    out = bytearray()
    try:
        async with aclosing(_decoded(resp)) as pieces:
            async for raw_size, piece in pieces:
                out += piece
                if len(out) >= limit or raw_size > limit + MiB:
                    return bytes(out[:limit]), True
    except BadResponseError:  # a damaged or unknown encoding: say what came, if anything
        return bytes(out[:limit]), True
    return bytes(out), False
