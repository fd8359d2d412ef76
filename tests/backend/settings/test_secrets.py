"""Secrets and privacy, backend and CLI: keys and document text never reach a file or a log
(issue 6). Requests going only to the configured host are in test_secrets_requests.py, the
private file permissions in test_secrets_permissions.py.

Every test plants its own canary (a fresh uuid) and then greps everything it could have
leaked into: every file under the test's folders (data dir, config dir, store, backups,
profiles JSON), the captured logs at DEBUG for every logger (httpx and httpcore included)
and the CLI's stdout/stderr. A canary that is not found proves nothing unless it was really
used, so each test also checks that the canary did reach where it belongs (the server, the
store) — and that the log it searched was really written at DEBUG.

The local server's 127.0.0.1 binding and its required random key are covered by
``tests/backend/server/test_local_server.py`` (test_bound_to_loopback_only,
test_start_becomes_ready_and_answers_only_with_its_key,
test_each_server_gets_a_fresh_key_never_on_its_command_line).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

import pytest

from backend.cli.commands import main as cli_main
from backend.engines.vllm import VllmClient
from backend.errors import AuthenticationError, ProofDeskError
from backend.settings.keys import KeyStore
from backend.settings.profiles import ProfileStore, ServerProfile
from backend.store.review_store import ReviewStore
from tests.backend.secrets_helpers import (
    MemoryKeyring,
    all_files,
    canary,
    debug_everywhere,
    files_containing,
    fresh_env,
    key_canary,
    run_cli_debug,
)
from tests.fakevllm import FakeVllm
from tests.pdf_factory import text_pdf

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
