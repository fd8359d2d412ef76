"""Secrets and privacy: requests go only to the configured host (issue 6) — no proxy
from the environment, no redirect followed, by the client or by the CLI."""

from __future__ import annotations

import asyncio
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.engines.vllm import VllmClient
from backend.errors import ProofDeskError
from backend.settings.profiles import ServerProfile
from tests.backend.secrets_helpers import (
    DEAD_PROXY,
    PROXY_VARS,
    fresh_env,
    key_canary,
    run_cli_debug,
)
from tests.fakevllm import FakeVllm

# --- 3. requests go only to the configured host ----------------------------------------------


def test_the_cli_batch_ignores_proxies_from_the_environment(
    tmp_path: Path, sample_pdf: Path
) -> None:
    key = key_canary("proxy-key")
    with FakeVllm(service_time=0.01, api_key=key) as fake:
        env = fresh_env(tmp_path, PROOFDESK_API_KEY=key, **dict.fromkeys(PROXY_VARS, DEAD_PROXY))
        result = run_cli_debug(
            "ocr",
            sample_pdf,
            "--server",
            fake.base_url + "/v1",
            "--pages",
            "1-3",
            "--store",
            tmp_path / "s.sqlite3",
            env=env,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        assert "3/3 pages (0 failed)" in result.stderr
        assert sum(r["path"].startswith("/v1/chat") for r in fake.requests()) == 3


def test_the_dead_proxy_would_have_broken_a_client_that_trusts_the_environment() -> None:
    # The control for the test above: the same environment does break httpx's default.
    import httpx

    with FakeVllm(service_time=0.01) as fake:
        env = {var: DEAD_PROXY for var in PROXY_VARS}
        saved = {var: os.environ.get(var) for var in PROXY_VARS}
        os.environ.update(env)
        try:
            # Refused by the dead proxy, though the server itself is up.
            with pytest.raises(httpx.ConnectError), httpx.Client(trust_env=True) as http:
                http.get(fake.base_url + "/health")
            assert fake.requests() == []
        finally:
            for var, value in saved.items():
                if value is None:
                    os.environ.pop(var, None)
                else:
                    os.environ[var] = value


class _Recorder(http.server.BaseHTTPRequestHandler):
    hits: list[str]
    location: str

    def _answer(self) -> None:
        self.hits.append(f"{self.command} {self.path}")
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if self.location:
            self.send_response(307)
            self.send_header("Location", self.location + self.path)
        else:
            self.send_response(200)
        body = b'{"data": [{"id": "stolen"}]}'
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def redirect_pair() -> Iterator[tuple[str, list[str], list[str]]]:
    """A server that redirects every request (307) to a second one, which records hits."""
    servers = []
    hits: dict[str, list[str]] = {"thief": [], "redirect": []}
    for role in ("thief", "redirect"):
        location = "" if role == "thief" else f"http://127.0.0.1:{servers[0].server_address[1]}"
        handler = type(role, (_Recorder,), {"hits": hits[role], "location": location})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    try:
        yield f"http://127.0.0.1:{servers[1].server_address[1]}/v1", hits["redirect"], hits["thief"]
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


def test_models_health_and_load_do_not_follow_redirects(
    redirect_pair: tuple[str, list[str], list[str]],
) -> None:
    url, asked, thief = redirect_pair

    async def go() -> Any:
        async with VllmClient(ServerProfile(name="r", base_url=url, model="m"), "k") as client:
            with pytest.raises(ProofDeskError):
                await client.models()
            health = await client.health()
            load = await client.load()
            return health, load

    health, load = asyncio.run(go())
    assert not health.ok and health.status == 307
    assert load is None
    assert asked == ["GET /v1/models", "GET /health", "GET /metrics"]
    assert thief == []


def test_the_cli_does_not_follow_a_redirect(
    tmp_path: Path, sample_pdf: Path, redirect_pair: tuple[str, list[str], list[str]]
) -> None:
    url, asked, thief = redirect_pair
    result = run_cli_debug(
        "ocr", sample_pdf, "--server", url, "--store", tmp_path / "s.sqlite3",
        env=fresh_env(tmp_path, PROOFDESK_API_KEY="k"),
    )  # fmt: skip
    assert result.returncode == 2, result.stderr[-3000:]
    assert asked and thief == []
