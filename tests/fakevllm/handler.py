"""The HTTP side: routes, the chat endpoint, faults, the /_fake control API."""

from __future__ import annotations

import json
import socket
import struct
import time
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any

from tests.fakevllm.knobs import EARLY_FAULTS, Knobs
from tests.fakevllm.protocol import ApiError, error_body, parse_chat, sanitize
from tests.fakevllm.reply import Plan, dumps, make_plan, models_body

if TYPE_CHECKING:
    from tests.fakevllm.engine import Engine
    from tests.fakevllm.server import FakeHTTPServer

ENGINE_DEAD = "EngineCore encountered an issue. See stack trace (above) for the root cause."
GATEWAY_PAGE = (
    "<html>\r\n<head><title>{0}</title></head>\r\n<body>\r\n<center><h1>{0}</h1></center>\r\n"
    "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)
PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8"
ROUTES = {
    "/health": ("GET",),
    "/metrics": ("GET",),
    "/version": ("GET",),
    "/v1/models": ("GET",),
    "/v1/chat/completions": ("POST",),
    "/_fake/config": ("GET", "POST"),
    "/_fake/faults": ("POST",),
    "/_fake/requests": ("GET",),
    "/_fake/reset": ("POST",),
}


class _Slot:
    """One request's engine slot, freed (and its finish counted) exactly once."""

    def __init__(self, engine: Engine, prompt: int, completion: int, arrived: float) -> None:
        self.engine, self.arrived = engine, arrived
        self.prompt, self.completion = prompt, completion
        self.freed = False

    def free(self, finish: str) -> None:
        if self.freed:
            return
        self.freed = True
        self.engine.release()
        seconds = time.monotonic() - self.arrived
        self.engine.finished_request(self.prompt, self.completion, finish, seconds)


class Aborted(Exception):
    """The server is stopping (or the client went away): drop the connection."""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeHTTPServer

    def version_string(self) -> str:
        return "uvicorn"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def handle(self) -> None:
        try:
            self.close_connection = True
            self.handle_one_request()
            while not self.close_connection and not self.server.run.stop.is_set():
                self.handle_one_request()
        except (OSError, Aborted):
            self.close_connection = True

    def do_GET(self) -> None:
        self.route("GET")

    def do_POST(self) -> None:
        self.route("POST")

    def do_PUT(self) -> None:
        self.route("PUT")

    def do_DELETE(self) -> None:
        self.route("DELETE")

    # --- plumbing ------------------------------------------------------------------

    def read_body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            parts = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(parts)
                parts.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(
        self,
        status: int,
        body: bytes | Any,
        ctype: str = "application/json",
        headers: dict[str, str] | None = None,
        cut: bool = False,
    ) -> None:
        data = body if isinstance(body, bytes) else dumps(body)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if cut:  # reset_mid_body: part of the body, then RST
            self.wfile.write(data[: len(data) // 2])
            self.reset()
        elif data:
            self.wfile.write(data)

    def reset(self) -> None:
        """Close this connection with RST (SO_LINGER 0) once the handler returns."""
        time.sleep(0.02)  # let what was written reach the client first
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.server.run.mark_rst(self.connection)
        self.close_connection = True

    def wait(self, seconds: float) -> None:
        if seconds > 0 and self.server.run.stop.wait(seconds):
            raise Aborted

    def route(self, method: str) -> None:
        path = self.path.split("?", 1)[0]
        body = self.read_body()
        engine = self.server.engine
        allowed = ROUTES.get(path)
        if allowed is None:
            return self.send(404, {"detail": "Not Found"})
        if method not in allowed:
            return self.send(405, {"detail": "Method Not Allowed"})
        if path.startswith("/_fake/"):
            return self.control(path, method, body)
        if path == "/health":
            return self.send(503 if engine.dead else 200, b"", "application/json")
        if path == "/metrics":
            return self.send(
                200, engine.metrics().encode(), "text/plain; version=0.0.4; charset=utf-8"
            )
        if path == "/version":
            return self.send(200, {"version": "0.32.0"})
        knobs = engine.knobs
        if path == "/v1/models":
            if not self.authorized(knobs):
                return self.send(401, {"error": "Unauthorized"})
            return self.send(200, models_body(knobs))
        return self.chat(body, knobs)

    def authorized(self, knobs: Knobs) -> bool:
        return knobs.api_key is None or (
            self.headers.get("Authorization") == f"Bearer {knobs.api_key}"
        )

    # --- the control API -----------------------------------------------------------

    def control(self, path: str, method: str, raw: bytes) -> None:
        engine = self.server.engine
        try:
            data = json.loads(raw) if raw else None
            if path == "/_fake/config" and method == "POST":
                engine.configure(**(data or {}))
            elif path == "/_fake/faults":
                faults = data.get("faults") if isinstance(data, dict) else data
                return self.send(200, {"queued": engine.push_faults(faults)})
            elif path == "/_fake/requests":
                return self.send(200, engine.requests())
            elif path == "/_fake/reset":
                engine.reset()
        except (ValueError, TypeError) as exc:
            return self.send(400, {"error": str(exc)})
        self.send(200, {"knobs": engine.knobs.as_dict(), "dead": engine.dead})

    # --- chat ------------------------------------------------------------------------

    def chat(self, raw: bytes, knobs: Knobs) -> None:
        engine = self.server.engine
        arrived = time.monotonic()
        try:
            body: Any = json.loads(raw)
        except ValueError as exc:
            body, bad_json = {"_raw": raw[:2000].decode("utf-8", "replace")}, str(exc)
        else:
            bad_json = None
        sanitized = sanitize(body)
        rec = engine.record(
            {
                "time": time.time(),
                "path": self.path,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": sanitized[0],
                "images": [info for info, _ in sanitized[1]],
                "stream": bool(isinstance(body, dict) and body.get("stream")),
                "fault": None,
                "status": None,
                "reply": None,
                "reasoning": None,
                "finish_reason": None,
                "prompt_tokens": None,
                "completion_tokens": None,
            }
        )

        def answer(status: int, payload: Any, **kw: Any) -> None:
            engine.update_record(rec, status=status)
            self.send(status, payload, **kw)

        if not self.authorized(knobs):
            return answer(401, {"error": "Unauthorized"})
        if engine.dead:
            return answer(500, error_body(500, ENGINE_DEAD))
        fault = engine.next_fault()
        engine.update_record(rec, fault=fault)
        if fault in EARLY_FAULTS:
            return self.early_fault(fault, body, knobs, answer)
        if bad_json is not None:
            return answer(400, error_body(400, f"JSON decode error: {bad_json}"))
        try:
            req = parse_chat(body, knobs, sanitized)
        except ApiError as exc:
            return answer(exc.status, exc.body())
        plan = make_plan(req, knobs, fault, f"chatcmpl-{uuid.uuid4().hex}", int(time.time()))
        engine.update_record(
            rec,
            reply=plan.content,
            reasoning=plan.reasoning,
            finish_reason=plan.finish,
            prompt_tokens=req.prompt_tokens,
            completion_tokens=plan.completion_tokens,
        )
        delay = knobs.slow_seconds if fault == "slow_first_token" else knobs.first_token_delay
        self.wait(delay)
        if not engine.acquire(self.server.run.stop):
            raise Aborted
        # As in vLLM, a request leaves the running set when its last token is made, before
        # the answer's last bytes reach the client: a client holding the whole answer never
        # sees its own request still counted as running in /metrics.
        slot = _Slot(engine, req.prompt_tokens, plan.completion_tokens, arrived)
        try:
            if not engine.pass_gate(self.server.run.stop):
                raise Aborted
            engine.update_record(rec, status=200)
            finish = "abort" if fault == "reset_mid_body" else plan.finish
            if req.stream:
                self.stream(plan, knobs.service_time, lambda: slot.free(finish))
            else:
                self.wait(knobs.service_time)
                slot.free(finish)
                self.send(200, plan.body(), cut=fault == "reset_mid_body")
        finally:
            slot.free("abort")  # only if not freed above: the request was cut off

    def stream(self, plan: Plan, service_time: float, generated: Callable[[], None]) -> None:
        """Stream ``plan``; ``generated`` runs once the last token is made, before the tail."""
        first, spread, tail = plan.stream()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        write = self.wfile.write
        for ev in first:
            write(b"%x\r\n%s\r\n" % (len(ev), ev))
        start = time.monotonic()
        for i, ev in enumerate(spread):
            if plan.fault == "reset_mid_body" and i == len(spread) // 2:
                return self.reset()
            self.wait(start + service_time * (i + 1) / len(spread) - time.monotonic())
            write(b"%x\r\n%s\r\n" % (len(ev), ev))
        generated()
        for ev in tail:
            write(b"%x\r\n%s\r\n" % (len(ev), ev))
        write(b"0\r\n\r\n")

    def early_fault(self, fault: str, body: Any, knobs: Knobs, answer: Any) -> None:
        if fault == "reset_before":
            return self.reset()
        if fault == "hang":
            stopped = self.server.run.stop.wait(knobs.hang_seconds)
            self.close_connection = True  # no answer either way
            if stopped:
                raise Aborted
            return None
        if fault == "http_500_engine":
            self.server.engine.dead = True
            answer(500, error_body(500, ENGINE_DEAD))
            return self.server.engine_died()
        if fault in ("http_502", "http_504"):
            title = "502 Bad Gateway" if fault == "http_502" else "504 Gateway Time-out"
            page = GATEWAY_PAGE.format(title).encode()
            return answer(int(fault[5:]), page, ctype="text/html")
        model = body.get("model") if isinstance(body, dict) else None
        status, message, param, headers = {
            "http_500": (500, "Internal Server Error", None, None),
            "http_503": (503, "The server is temporarily overloaded.", None, None),
            "http_429": (
                429,
                "Too many requests, please retry later.",
                None,
                {"Retry-After": str(knobs.retry_after)},
            ),
            "http_400_too_long": (
                400,
                f"Input length ({knobs.max_model_len + 1525}) exceeds model's maximum "
                f"context length ({knobs.max_model_len}).",
                None,
                None,
            ),
            "http_404_model": (
                404,
                f"The model `{model}` does not exist. Valid aliases: {knobs.model}.",
                "model",
                None,
            ),
        }[fault]
        return answer(status, error_body(status, message, param), headers=headers)
