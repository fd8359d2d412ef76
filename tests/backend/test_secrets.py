"""Secrets and privacy, backend and CLI: keys and document text never reach a file or a log,
and requests go only to the configured host (issue 6).

Every test plants its own canary (a fresh uuid) and then greps everything it could have
leaked into: every file under the test's folders (data dir, config dir, store, backups,
profiles JSON), the captured logs at DEBUG for every logger (httpx and httpcore included)
and the CLI's stdout/stderr. A canary that is not found proves nothing unless it was really
used, so each test also checks that the canary did reach where it belongs (the server, the
store) — and that the log it searched was really written at DEBUG.

The local server's 127.0.0.1 binding and its required random key are covered by
``tests/backend/test_local_server.py`` (test_bound_to_loopback_only,
test_start_becomes_ready_and_answers_only_with_its_key,
test_each_server_gets_a_fresh_key_never_on_its_command_line).
"""

from __future__ import annotations

import asyncio
import http.server
import json
import logging
import os
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.cli.commands import main as cli_main
from backend.engines.vllm import VllmClient
from backend.errors import AuthenticationError, ProofDeskError
from backend.settings.keys import KeyStore
from backend.settings.profiles import ProfileStore, ServerProfile
from backend.store.review_store import ReviewStore
from tests.conftest import ROOT
from tests.fakevllm import FakeVllm
from tests.pdf_factory import text_pdf

DEAD_PROXY = "http://127.0.0.1:9"  # nothing listens there: a request through it fails
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


def canary(kind: str) -> str:
    return f"{kind}-canary-{uuid.uuid4().hex}"


def key_canary(kind: str) -> str:
    """A key sharing no 10 characters with the other canaries: the redaction also
    removes any 10-character piece of a key (a key cut up), and "y-canary-4" is one
    of "key-canary-4…" as well as of "reply-canary-4…" (a flake 1 run in 16)."""
    return f"{kind}-{uuid.uuid4().hex}"


def files_containing(root: Path, needle: str) -> list[str]:
    """Every file under ``root`` whose bytes contain ``needle`` (UTF-8 or UTF-16)."""
    patterns = [needle.encode("utf-8"), needle.encode("utf-16-le")]
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            if any(p in data for p in patterns):
                found.append(str(path.relative_to(root)))
    return found


def all_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


class MemoryKeyring:
    """A keyring backend that works (priority > 0), kept in memory."""

    priority = 1

    def __init__(self) -> None:
        self.saved: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, user: str) -> str | None:
        return self.saved.get((service, user))

    def set_password(self, service: str, user: str, password: str) -> None:
        self.saved[(service, user)] = password

    def delete_password(self, service: str, user: str) -> None:
        self.saved.pop((service, user), None)


def debug_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # the root logger
    for name in ("httpx", "httpcore", "asyncio", "backend"):
        caplog.set_level(logging.DEBUG, logger=name)


def run_cli_debug(
    *args: str | Path, env: dict[str, str], timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """``python -m backend ...`` with every logger at DEBUG, printed to stderr.

    The CLI itself has no switch to raise its log level: this wrapper does what a user
    debugging it would do (``logging.basicConfig(level=DEBUG)``) before calling ``main``.
    """
    code = (
        "import logging, sys; "
        "logging.basicConfig(level=logging.DEBUG, "
        "format='LOG %(levelname)s %(name)s: %(message)s'); "
        "from backend.cli.commands import main; sys.exit(main(sys.argv[1:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
    )


def fresh_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PROXY_VARS}
    env.pop("PROOFDESK_API_KEY", None)
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    env.update(
        PROOFDESK_DATA_DIR=str(tmp_path / "proofdesk-data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "xdg-data"),
        XDG_CACHE_HOME=str(tmp_path / "xdg-cache"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    env.update(extra)
    return env


# --- 1. the API key -----------------------------------------------------------------------


@pytest.mark.parametrize("keyring_works", [True, False], ids=["keyring", "session-only"])
def test_a_key_saved_with_a_profile_reaches_no_file_and_no_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, keyring_works: bool
) -> None:
    debug_everywhere(caplog)
    key = "sk-" + key_canary("profile-key")
    name = canary("profile-name")  # to prove the grep sees what is saved
    with FakeVllm(service_time=0.01, api_key=key) as fake:
        backend = MemoryKeyring() if keyring_works else None
        keys = KeyStore(backend)
        store = ProfileStore()
        profile = ServerProfile(name=name, base_url=fake.base_url + "/v1")
        store.save([profile])
        assert keys.set(profile.id, key) is keyring_works
        assert keys.get(profile.id) == key

        async def use() -> None:
            async with VllmClient(store.load()[0], keys.get(profile.id)) as client:
                assert [m.id for m in await client.models()] == ["fake-vl"]
                assert (await client.health()).ok
                await client.load()
            # A wrong key's error (message, detail) does not echo the key either.
            async with VllmClient(store.load()[0], key + "-wrong") as client:
                with pytest.raises(AuthenticationError) as caught:
                    await client.models()
                assert key not in f"{caught.value} {caught.value.detail}"

        asyncio.run(use())
        assert {r["headers"].get("authorization") for r in fake.requests()} <= {
            f"Bearer {key}",
            f"Bearer {key}-wrong",
        }
    saved = store.path.read_text("utf-8")
    assert name in saved and profile.id in saved
    assert key not in saved
    assert files_containing(tmp_path, name) == [str(store.path.relative_to(tmp_path))]
    assert files_containing(tmp_path, key) == []
    assert "HTTP Request" in caplog.text  # httpx did log, and was captured
    assert key not in caplog.text
    if keyring_works:
        assert backend is not None and list(backend.saved.values()) == [key]


def test_the_cli_key_reaches_no_file_log_or_output(tmp_path: Path, sample_pdf: Path) -> None:
    key = "sk-" + key_canary("cli-key")
    with FakeVllm(service_time=0.01, api_key=key) as fake:
        env = fresh_env(tmp_path, PROOFDESK_API_KEY=key)
        # The default store (per-user data folder), so its backups are written too.
        result = run_cli_debug(
            "ocr", sample_pdf, "--server", fake.base_url + "/v1", "--pages", "1-2", env=env
        )
        assert result.returncode == 0, result.stderr[-3000:]
        assert len(fake.requests()) >= 2
        assert all(
            r["headers"].get("authorization") == f"Bearer {key}"
            for r in fake.requests()
            if r["path"].startswith("/v1/chat")
        )
    assert "LOG DEBUG httpcore" in result.stderr  # the run really logged at DEBUG
    assert key not in result.stdout + result.stderr
    written = all_files(tmp_path / "proofdesk-data")
    assert any(p.suffix == ".sqlite3" for p in written)  # the store (and its backup)
    assert files_containing(tmp_path, key) == []


def test_a_key_in_the_server_url_is_refused() -> None:
    # It would end up in the profiles JSON, the settings and every log line naming the server.
    with pytest.raises(ProofDeskError, match="API key field"):
        ServerProfile(name="x", base_url="https://user:sk-secret@gpu.example/v1").validated()


# --- 2. document text never reaches a log ----------------------------------------------------


def test_document_text_never_reaches_a_log_at_any_level(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    debug_everywhere(caplog)
    sentence = canary("sentence")
    reply_canary = canary("reply")
    reasoning_canary = canary("reasoning")
    prompt_canary = canary("prompt")
    pdf = text_pdf(tmp_path / "contract.pdf", [f"Clause 1. {sentence}", f"Clause 2. {sentence}"])
    transcripts = tmp_path / "t.jsonl"
    transcripts.write_text(
        "\n".join(json.dumps({"page": p, "text": f"{sentence} {p}"}) for p in (1, 2)), "utf-8"
    )
    prompt = tmp_path / "prompt.txt"
    prompt.write_text(f"Transcribe this page. {prompt_canary}", "utf-8")
    store = tmp_path / "review.sqlite3"
    key = "k-" + key_canary("key")
    os.environ["PROOFDESK_API_KEY"] = key
    try:
        with FakeVllm(service_time=0.01, api_key=key, reasoning=reasoning_canary) as fake:
            assert cli_main(["info", str(pdf)]) == 0
            assert (
                cli_main(["import", str(pdf), "--from", str(transcripts), "--store", str(store)])
                == 0
            )
            server = ["--server", fake.base_url + "/v1", "--store", str(store)]
            assert cli_main(["ocr", str(pdf), *server, "--prompt", str(prompt)]) == 0
            # Now make the server answer with document text, and read again (non-streamed batch).
            shas = {r["images"][0]["sha256"] for r in fake.requests() if r.get("images")}
            assert len(shas) == 2
            fake.configure(replies={sha: f"{reply_canary} {i}" for i, sha in enumerate(shas)})
            assert cli_main(["ocr", str(pdf), *server, "--prompt", str(prompt), "--force"]) == 0
            assert cli_main(["status", str(pdf), "--store", str(store)]) == 0
            assert all(prompt_canary in json.dumps(r["body"]) for r in fake.requests()[-2:])
    finally:
        del os.environ["PROOFDESK_API_KEY"]
    opened = ReviewStore(store, author="test")
    try:
        texts = " ".join(v.text for page in (0, 1) for v in opened.versions(page))
    finally:
        opened.close()
    assert sentence in texts and reply_canary in texts  # the canaries did go through
    out = capsys.readouterr()
    assert "HTTP Request" in caplog.text and any(r.levelno == logging.DEBUG for r in caplog.records)
    for secret in (sentence, reply_canary, reasoning_canary, prompt_canary, key):
        assert secret not in caplog.text, secret
        assert secret not in out.out + out.err, secret


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


# --- file permissions --------------------------------------------------------------------------


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)  # the usual default: new files 0644 unless created otherwise
    try:
        yield
    finally:
        os.umask(old)


def review_a_document(sample_pdf: Path, store: Path | None = None) -> Path:
    from backend.session.document_session import DocumentSession

    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        session.set_note(0, "confidential note")
        session.backup()
        return session.store.path
    finally:
        session.close()


def test_the_default_folders_and_copies_are_private(sample_pdf: Path, umask_022: None) -> None:
    store = review_a_document(sample_pdf)
    ProfileStore().save([ServerProfile(name="x", base_url="https://gpu.example/v1")])
    mode = lambda p: p.stat().st_mode & 0o777  # noqa: E731
    assert mode(store.parent) == 0o700  # stores/: the store is reachable only through it
    backups = [p for p in store.parent.joinpath("backups").rglob("*") if p.is_file()]
    assert backups and all(mode(p) == 0o600 for p in backups)
    assert all(mode(p.parent) == 0o700 for p in backups)
    assert mode(ProfileStore().path) == 0o600


def test_a_store_file_is_readable_by_its_owner_only(
    sample_pdf: Path, tmp_path: Path, umask_022: None
) -> None:
    store = review_a_document(sample_pdf, tmp_path / "shared" / "review.sqlite3")
    assert store.stat().st_mode & 0o077 == 0


def test_the_documents_index_is_readable_by_its_owner_only(
    sample_pdf: Path, umask_022: None
) -> None:
    from backend.settings import paths

    review_a_document(sample_pdf)
    index = paths.documents_index_path()
    assert sample_pdf.name in index.read_text("utf-8")
    readable_by_others = index.stat().st_mode & 0o077 and index.parent.stat().st_mode & 0o005
    assert not readable_by_others
