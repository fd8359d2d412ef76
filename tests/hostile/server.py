"""A hostile OpenAI-compatible server over loopback HTTP: it breaks the protocol on purpose.

``tests/fakevllm`` answers as vLLM does; this one answers as a broken or malicious server
(or a proxy in front of one) might: it echoes the request's headers — the API key — into
error bodies, stream error events, model ids, the metrics page and response headers;
streams without end or past any size; sends gzip bombs; trickles one byte a second; gives
``content`` the wrong JSON type; sends escape codes and lone surrogates. Each route
(``models``, ``chat``, ``metrics``, ``health``) answers with a behaviour the test chooses:
one, or a list (one per request, the last repeated); ``gate.Gate`` holds each request.

Every loop here is bounded in bytes and time and stops when the client hangs up or the
server is closed; the server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.hostile.request import Closed, Request

MAX_SECONDS = 120.0  # no answer of this server lasts longer
MAX_BYTES = 4 << 30  # nor sends more
EVENT_STREAM = "text/event-stream"
JSON = "application/json"
_HEADER_UNSAFE = re.compile(r"[^\x20-\x7e]")  # a header value must stay one line of ASCII


class Reply:
    """What a behaviour writes with: raw bytes, status line, headers, bounded loops."""

    def __init__(self, handler: _Handler, stop: threading.Event) -> None:
        self._h = handler
        self._stop = stop
        self._t0 = time.monotonic()
        self.sent = 0

    def raw(self, data: bytes) -> None:
        if self._stop.is_set() or time.monotonic() - self._t0 > MAX_SECONDS:
            raise Closed
        if self.sent + len(data) > MAX_BYTES:
            raise Closed
        try:
            self._h.wfile.write(data)
            self._h.wfile.flush()
        except OSError as exc:
            raise Closed from exc
        self.sent += len(data)

    def head(self, status: int, headers: dict[str, str] | None = None, reason: str = "") -> bytes:
        phrase = _HEADER_UNSAFE.sub("?", reason) if reason else http.HTTPStatus(status).phrase
        lines = [f"HTTP/1.1 {status} {phrase}"]
        lines += [f"{k}: {_HEADER_UNSAFE.sub('?', v)}" for k, v in (headers or {}).items()]
        lines += ["Connection: close", "", ""]
        return "\r\n".join(lines).encode("ascii", "replace")

    def send(
        self, status: int, body: bytes, headers: dict[str, str] | None = None, reason: str = ""
    ) -> None:
        head = {"Content-Type": JSON, "Content-Length": str(len(body)), **(headers or {})}
        self.raw(self.head(status, head, reason) + body)

    def stream(
        self, status: int, parts: Iterable[bytes], headers: dict[str, str] | None = None
    ) -> None:
        """A body without a length, ended by closing the connection."""
        self.raw(self.head(status, {"Content-Type": EVENT_STREAM, **(headers or {})}))
        for part in parts:
            self.raw(part)

    def wait(self, seconds: float) -> None:
        if self._stop.wait(seconds):
            raise Closed


Behaviour = Callable[[Reply, Request], None]


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        req = Request(self.command, self.path, headers, body)
        owner = self.server.owner
        behaviour = owner.behaviour_for(req)
        reply = Reply(self, owner.stopping)
        try:
            with contextlib.suppress(Closed):
                behaviour(reply, req)
        finally:
            owner.count_sent(req, reply.sent)
        self.close_connection = True

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    owner: HostileServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client hanging up mid-answer is the point of most tests here


ROUTES = {"/v1/models": "models", "/v1/chat/completions": "chat", "/metrics": "metrics"}


@dataclass
class HostileServer:
    """``with HostileServer(chat=..., models=...) as server: server.base_url``."""

    models: Behaviour | list[Behaviour] | None = None
    chat: Behaviour | list[Behaviour] | None = None
    metrics: Behaviour | list[Behaviour] | None = None
    health: Behaviour | list[Behaviour] | None = None
    requests: list[Request] = field(default_factory=list)
    sent_bytes: int = 0  # what all answers put on the wire (a client that stops early: little)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._served: dict[str, int] = {}
        self._http = _Server(("127.0.0.1", 0), _Handler)
        self._http.owner = self
        self._thread = threading.Thread(target=self._http.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}"

    def behaviour_for(self, req: Request) -> Behaviour:
        route = ROUTES.get(req.path.split("?")[0], "health")
        chosen: Behaviour | list[Behaviour] | None = getattr(self, route)
        if chosen is None:
            chosen = models_list(["hostile-vl"]) if route == "models" else ok_health
        with self._lock:
            self.requests.append(req)
            n = self._served.get(route, 0)
            self._served[route] = n + 1
        if isinstance(chosen, list):
            return chosen[min(n, len(chosen) - 1)]
        return chosen

    def count_sent(self, req: Request, size: int) -> None:
        with self._lock:
            self.sent_bytes += size

    def keys_sent(self) -> set[str]:
        return {r.key for r in self.requests if r.key}

    def close(self) -> None:
        self.stopping.set()
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(5)

    @classmethod
    def on(cls, route: str, behaviour: Behaviour) -> HostileServer:
        """A server answering ``route`` ("models", "chat", "metrics", "health") so."""
        return cls(**{route: behaviour})  # type: ignore[arg-type]

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- behaviours ---------------------------------------------------------------------------

Echo = Callable[[Request], str]  # what to echo, from the request (its key, its headers)


def ok_health(reply: Reply, req: Request) -> None:
    reply.send(200, b"")


def send_json(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Behaviour:
    body = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return lambda reply, req: reply.send(status, body, headers)


def models_list(ids: list[Any], **extra: Any) -> Behaviour:
    return send_json(
        {"object": "list", "data": [{"id": i, "object": "model", **extra} for i in ids]}
    )


def echo_models(echo: Echo) -> Behaviour:
    """A model list whose ids and other fields carry the echo; one id is plain."""

    def run(reply: Reply, req: Request) -> None:
        said = echo(req)
        data = [
            {"id": "hostile-vl", "owned_by": said, "root": said, "max_model_len": 4096},
            {"id": f"echo {said}", "max_model_len": 1e999},
        ]
        body = json.dumps({"object": "list", "data": data}).encode()
        reply.send(200, body, {"X-Echo": said})

    return run


def echo_error(status: int, echo: Echo, *, as_json: bool = True) -> Behaviour:
    """An error answer quoting the request (vLLM's error shape, or plain text)."""

    def run(reply: Reply, req: Request) -> None:
        said = echo(req)
        if as_json:
            body = json.dumps({"error": {"message": said, "type": "Echo", "code": status}})
        else:
            body = said
        # The status line's reason and a header carry it too: httpx and httpcore log those.
        reply.send(status, body.encode(), {"X-Echo": said}, reason=f"Echo {said}")

    return run


def echo_metrics(echo: Echo) -> Behaviour:
    def run(reply: Reply, req: Request) -> None:
        said = echo(req).replace("\n", " ")
        text = f'# HELP {said}\nvllm:num_requests_running{{model="{said}"}} 1\n'
        reply.send(200, text.encode(), {"Content-Type": "text/plain"})

    return run


def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
    choice = {"index": 0, "delta": delta, "finish_reason": finish, **extra}
    obj = {"id": "x", "object": "chat.completion.chunk", "model": "hostile-vl", "choices": [choice]}
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


DONE = b"data: [DONE]\n\n"


def event(obj: Any) -> bytes:
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


def sse(events: Callable[[Request], list[bytes]] | list[bytes]) -> Behaviour:
    def run(reply: Reply, req: Request) -> None:
        reply.stream(200, events(req) if callable(events) else events)

    return run


def echo_error_event(echo: Echo) -> Behaviour:
    """A 200 stream that starts a page, then reports an error quoting the request."""
    return sse(
        lambda req: [
            chunk({"role": "assistant", "content": ""}),
            chunk({"content": "第一條"}),
            b"data: "
            + json.dumps({"error": {"message": echo(req), "code": 500}}).encode()
            + b"\n\n",
        ]
    )


def completion(
    message: Any, *, choice: dict[str, Any] | None = None, top: dict[str, Any] | None = None
) -> bytes:
    """A whole chat.completion body around ``message`` (which may be any JSON at all)."""
    one = {"index": 0, "message": message, "finish_reason": "stop", **(choice or {})}
    usage = {"prompt_tokens": 10, "completion_tokens": 5}
    return json.dumps({"id": "x", "choices": [one], "usage": usage, **(top or {})}).encode()


def whole(
    message: Callable[[Request], Any] | Any,
    *,
    choice: dict[str, Any] | None = None,
    top: dict[str, Any] | None = None,
) -> Behaviour:
    """A whole chat.completion answer with the given message (any JSON types)."""

    def run(reply: Reply, req: Request) -> None:
        said = message(req) if callable(message) else message
        reply.send(200, completion(said, choice=choice, top=top))

    return run


def raw_json(body: Callable[[Request], bytes] | bytes) -> Behaviour:
    return lambda reply, req: reply.send(200, body(req) if callable(body) else body)


def endless_stream(token_event: bytes | None = None) -> Behaviour:
    """A stream that never sends ``[DONE]``: the same token event until the client hangs up."""
    one = token_event or chunk({"content": "無"})

    def parts() -> Iterator[bytes]:
        yield chunk({"role": "assistant", "content": ""})
        block = one * max(1, (64 * 1024) // len(one))
        while True:
            yield block

    return lambda reply, req: reply.stream(200, parts())


def huge_body(size: int, content_type: str = JSON) -> Behaviour:
    """``size`` bytes announced and sent (made on the fly): a JSON answer that never ends."""
    head = b'{"choices": [{"index": 0, "message": {"content": "'
    filler = b"A" * (64 * 1024)

    def run(reply: Reply, req: Request) -> None:
        headers = {"Content-Type": content_type, "Content-Length": str(size)}
        reply.raw(reply.head(200, headers) + head)
        sent = len(head)
        while sent < size:
            piece = filler[: size - sent]
            reply.raw(piece)
            sent += len(piece)

    return run


GIB = 1 << 30


@functools.cache
def gzip_bomb(decoded: int) -> bytes:
    """One gzip member that inflates to ``decoded`` zero bytes (1 GiB: ~1 MB; made once)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS, 9, zlib.Z_RLE)
    block = bytes(1 << 20)
    out = [packer.compress(block) for _ in range(decoded >> 20)]
    out.append(packer.flush())
    return b"".join(out)


def bomb(content_type: str = JSON, decoded: int = GIB) -> Behaviour:
    def run(reply: Reply, req: Request) -> None:
        reply.send(
            200, gzip_bomb(decoded), {"Content-Type": content_type, "Content-Encoding": "gzip"}
        )

    return run


def trickle(whole_answer: bytes, interval: float = 1.0, *, from_byte: int = 0) -> Behaviour:
    """The answer (status line included) one byte every ``interval`` seconds after ``from_byte``."""

    def run(reply: Reply, req: Request) -> None:
        reply.raw(whole_answer[:from_byte])
        for i in range(from_byte, len(whole_answer)):
            reply.wait(interval)
            reply.raw(whole_answer[i : i + 1])

    return run


def http_answer(status: int, body: bytes, content_type: str = JSON) -> bytes:
    """The bytes of a whole HTTP answer, for ``trickle``."""
    head = f"HTTP/1.1 {status} OK\r\nContent-Type: {content_type}\r\n"
    return (head + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
