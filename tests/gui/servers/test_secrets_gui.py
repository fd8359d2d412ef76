"""Secrets and privacy in the real window (issue 6): the API key never reaches the settings
INI, the profiles JSON, the store or a log; document text never reaches a log at DEBUG.

Each test plants a fresh canary, drives the window as a reviewer would (save a server with
its key, re-run a page, run a batch, close the window through its own close path), then greps
every file under the test's folders (``PROOFDESK_DATA_DIR`` holds settings.ini,
config/servers.json and the stores; ``XDG_CONFIG_HOME`` is under the same tmp_path) and the
log captured at DEBUG for every logger.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.engines.base import SamplingParams
from backend.ocr.jobs import JobSpec
from backend.settings.profiles import ServerProfile
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for
from tests.pdf_factory import text_pdf


def canary(kind: str) -> str:
    return f"{kind}-canary-{uuid.uuid4().hex}"


def files_containing(root: Path, needle: str) -> list[str]:
    patterns = [needle.encode("utf-8"), needle.encode("utf-16-le")]
    return [
        str(p.relative_to(root))
        for p in sorted(root.rglob("*"))
        if p.is_file() and any(x in p.read_bytes() for x in patterns)
    ]


def debug_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    for name in ("httpx", "httpcore", "asyncio", "backend", "gui", "qasync"):
        caplog.set_level(logging.DEBUG, logger=name)


@pytest.fixture
def key() -> str:
    # No "-canary-" in it: any 10-character piece of a key is redacted, and one shared
    # with the reply canary ("y-canary-4…") would redact the page text (1 run in 16).
    return f"sk-gui-key-{uuid.uuid4().hex}"


@pytest.fixture
def fake(key: str) -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, api_key=key, max_model_len=32768) as server:
        yield server


def close_window(w, arun) -> None:  # type: ignore[no-untyped-def]
    """What the window's close does (``MainWindow._close_safely``) short of ``close()``
    itself, which would quit the test's QApplication: layout saved to the settings,
    document saved and detached, OCR clients closed."""
    w._save_layout()
    assert arun(w.controller.detach())
    arun(w.ocr.aclose())


def test_the_api_key_reaches_no_setting_profile_store_or_log(
    make_window, arun, tmp_path: Path, fake: FakeVllm, key: str, caplog: pytest.LogCaptureFixture
) -> None:
    debug_everywhere(caplog)
    pdf = text_pdf(tmp_path / "brief.pdf", ["Page one.", "Page two."])
    name = canary("server-name")
    w = make_window(str(pdf))
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    assert w.ocr.save_profile(ServerProfile(name=name, base_url=fake.base_url + "/v1"), key) in (
        True,
        False,
    )
    profile_id = w.ocr.profiles[-1].id
    w.ocr.set_active(profile_id)
    reading = arun(
        w.ocr.read_page(0, "Transcribe.", SamplingParams(max_tokens=256), profile_id=profile_id)
    )
    arun(w.ocr.store_reading(0, reading, history_only=True))
    stats = arun(w.ocr.run_batch(JobSpec(pages=(0, 1)), [profile_id]))
    assert stats.done == 2
    assert arun(w.ocr.check(profile_id)).startswith("ready")
    chats = [r for r in fake.requests() if r["path"].endswith("/chat/completions")]
    assert len(chats) == 3 and all(r["headers"]["authorization"] == f"Bearer {key}" for r in chats)
    close_window(w, arun)

    data = tmp_path / "proofdesk-data"
    settings, servers = data / "settings.ini", data / "config" / "servers.json"
    assert settings.is_file() and profile_id in settings.read_text("utf-8")  # active server
    assert name in servers.read_text("utf-8")
    assert list((data / "stores").glob("*.sqlite3"))
    assert files_containing(tmp_path, key) == []
    assert "HTTP Request" in caplog.text
    assert key not in caplog.text


def test_document_text_never_reaches_a_log_from_the_window(
    make_window, arun, tmp_path: Path, fake: FakeVllm, key: str, caplog: pytest.LogCaptureFixture
) -> None:
    debug_everywhere(caplog)
    sentence, prompt_canary = canary("sentence"), canary("prompt")
    reply_canary, reasoning_canary = canary("reply"), canary("reasoning")
    fake.configure(reasoning=reasoning_canary)
    pdf = text_pdf(tmp_path / "deed.pdf", [f"Whereas {sentence}.", f"Witness {sentence}."])
    transcripts = tmp_path / "t.jsonl"
    transcripts.write_text(
        "".join(json.dumps({"page": p, "text": f"{sentence} {p}"}) + "\n" for p in (1, 2)),
        "utf-8",
    )
    w = make_window(str(pdf))
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    ws = w.controller.workspace
    arun(ws.run_in_store(lambda: ws.session.import_transcripts(transcripts)))
    arun(ws.run_in_store(lambda: ws.session.set_prompt(f"Transcribe. {prompt_canary}")))
    w.ocr.save_profile(ServerProfile(name="gpu", base_url=fake.base_url + "/v1", id="gpu"), key)
    w.ocr.set_active("gpu")
    prompt = arun(ws.run_in_store(lambda: ws.session.prompt_for(0)))
    assert prompt_canary in prompt
    params = SamplingParams(max_tokens=512)

    first = arun(w.ocr.read_page(0, prompt, params, profile_id="gpu"))
    second_page = arun(w.ocr.read_page(1, prompt, params, profile_id="gpu"))
    # Now the server answers with document text: re-run and batch again.
    fake.configure(
        replies={
            first.image["sha256"]: f"{reply_canary} A",
            second_page.image["sha256"]: f"{reply_canary} B",
        }
    )
    again = arun(w.ocr.read_page(0, prompt, params, profile_id="gpu", on_progress=lambda p: None))
    assert again.text == f"{reply_canary} A"
    arun(w.ocr.store_reading(0, again, history_only=False))
    stats = arun(w.ocr.run_batch(JobSpec(pages=(0, 1), force=True), ["gpu"]))
    assert stats.done == 2
    texts = " ".join(v.text for page in (0, 1) for v in arun(ws.versions(page)))
    assert sentence in texts and reply_canary in texts  # the canaries went all the way
    assert all(prompt_canary in str(r["body"]) for r in fake.requests()[-2:])
    close_window(w, arun)

    assert "HTTP Request" in caplog.text
    assert any(r.levelno == logging.DEBUG for r in caplog.records)
    for secret in (sentence, prompt_canary, reply_canary, reasoning_canary, key):
        assert secret not in caplog.text, secret
