"""A tiny OpenAI-compatible server on loopback that says hostile things.

``tests/fakevllm`` is protocol-faithful and its error texts are fixed; this one
serves a model id and an error message the test chooses (escape sequences,
OSC 52 clipboard writes, bidi overrides), so the tests can check that nothing a
server says reaches the terminal raw. Only the standard library.
"""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

# Retitles the terminal, clears it, rewrites the line with a fake result, writes
# the clipboard (OSC 52), starts a C1 CSI colour and reverses the text after it.
EVIL = (
    "\x1b]0;pwned\x07\x1b[2J\r\x1b[2Kall pages done"
    "\x1b]52;c;ZXZpbA==\x07\x9b31m\u202etxt.exe\x1b[0m"
)


class HostileServer:
    """``/v1/models`` names ``model_id``; every chat completion is a 400 saying ``message``."""

    def __init__(self, *, model_id: str = EVIL, message: str = EVIL) -> None:
        self.model_id = model_id
        self.message = message
        self.requests: list[str] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> HostileServer:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _send(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode("utf-8")  # \u001b escapes: parsed back raw
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                server.requests.append(f"GET {self.path}")
                if self.path.startswith("/v1/models"):
                    model = {"id": server.model_id, "object": "model", "max_model_len": 4096}
                    self._send(200, {"object": "list", "data": [model]})
                elif self.path.startswith("/health"):
                    self._send(200, {})
                else:
                    self._send(404, {"error": {"message": server.message, "code": 404}})

            def do_POST(self) -> None:
                server.requests.append(f"POST {self.path}")
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                error = {"message": server.message, "type": "BadRequestError", "code": 400}
                self._send(400, {"error": error})

        return Handler


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed): connecting is refused."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
