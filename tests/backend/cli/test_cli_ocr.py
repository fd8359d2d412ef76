"""``proofdesk ocr`` as a user runs it: a real process against the fake server over HTTP."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.store.job_rows import JobStore
from backend.store.review_store import ReviewStore
from tests.backend.cli.cli_helpers import KEY, ocr
from tests.conftest import ROOT
from tests.fakevllm import FakeVllm


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, api_key=KEY) as server:
        yield server


def ocr_versions(store_path: Path) -> dict[int, str]:
    store = ReviewStore(store_path, author="test")
    try:
        return {
            page: v.text
            for page in range(7)
            for v in store.versions(page)
            if v.kind is VersionKind.OCR
        }
    finally:
        store.close()


def test_whole_document(fake: FakeVllm, sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    result = ocr(sample_pdf, "--server", fake.base_url + "/v1", "--store", store)
    assert result.returncode == 0, result.stderr
    assert "7/7 pages (0 failed)" in result.stderr
    assert "done: 7 stored, 0 failed" in result.stderr
    texts = ocr_versions(store)
    assert sorted(texts) == list(range(7))
    assert all(t.startswith("FAKE ") for t in texts.values())
    assert len(set(texts.values())) == 7  # each page its own reading
    assert KEY not in result.stderr + result.stdout


def test_a_page_range_and_a_prompt_file(fake: FakeVllm, sample_pdf: Path, tmp_path: Path) -> None:
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("只轉錄正面文字。", encoding="utf-8")
    store = tmp_path / "review.sqlite3"
    result = ocr(
        sample_pdf,
        "--server",
        fake.base_url + "/v1",
        "--store",
        store,
        "--pages",
        "2-3",
        "--prompt",
        prompt,
    )
    assert result.returncode == 0, result.stderr
    assert sorted(ocr_versions(store)) == [1, 2]
    sent = [r["body"]["messages"][0]["content"][1]["text"] for r in fake.requests()]
    assert sent == ["只轉錄正面文字。"] * 2


def test_failed_pages_are_listed_with_their_reason(
    fake: FakeVllm, sample_pdf: Path, tmp_path: Path
) -> None:
    fake.configure(default_fault="http_400_too_long")
    result = ocr(
        sample_pdf,
        "--server",
        fake.base_url + "/v1",
        "--store",
        tmp_path / "s.sqlite3",
        "--pages",
        "1",
    )
    assert result.returncode == 3
    assert "page 1: failed" in result.stderr and "5,621" in result.stderr


def test_an_unreachable_server_is_one_clear_line(sample_pdf: Path, tmp_path: Path) -> None:
    result = ocr(sample_pdf, "--server", "http://127.0.0.1:9/v1", "--store", tmp_path / "s.sqlite3")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "Cannot reach http://127.0.0.1:9" in result.stderr


def test_a_wrong_key_says_so(fake: FakeVllm, sample_pdf: Path, tmp_path: Path) -> None:
    result = ocr(
        sample_pdf,
        "--server",
        fake.base_url + "/v1",
        "--store",
        tmp_path / "s.sqlite3",
        key="wrong",
    )
    assert result.returncode == 2
    assert "key" in result.stderr.lower() and "Traceback" not in result.stderr


def test_resume_runs_only_what_is_left(fake: FakeVllm, sample_pdf: Path, tmp_path: Path) -> None:
    store_path = tmp_path / "review.sqlite3"
    # A job that stopped after two pages (as after a crash or Ctrl+C).
    store = ReviewStore(store_path, author="t")
    jobs = JobStore(store)
    job = jobs.create(list(range(7)), {"selection": "all"})
    for page in (0, 1):
        jobs.record_reading(job, page, f"earlier {page}", {}, 1)
    store.close()
    result = ocr(sample_pdf, "--server", fake.base_url + "/v1", "--store", store_path, "--resume")
    assert result.returncode == 0, result.stderr
    assert len(fake.requests()) == 5
    texts = ocr_versions(store_path)
    assert texts[0] == "earlier 0" and texts[6].startswith("FAKE ")


def test_a_page_cut_off_at_the_token_limit_is_reported_and_exported(
    fake: FakeVllm, sample_pdf: Path, tmp_path: Path
) -> None:
    """Issue 14: the CLI said nothing of a truncated answer; now it names the page, as
    the batch panel does, and the JSONL export carries the warning with the page."""
    import json

    fake.push_faults("length")
    store = tmp_path / "review.sqlite3"
    result = ocr(sample_pdf, "--server", fake.base_url + "/v1", "--store", store, "--pages", "2")
    assert result.returncode == 0, result.stderr
    assert "page 2: warning — The answer was cut off at the token limit" in result.stderr
    assert "1 page(s) stored with a warning" in result.stderr
    out = tmp_path / "out.jsonl"
    exported = subprocess.run(
        [
            sys.executable,
            "-m",
            "backend",
            "export",
            str(sample_pdf),
            "--store",
            str(store),
            "--format",
            "jsonl",
            "-o",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )
    assert exported.returncode == 0, exported.stderr
    pages = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert any("cut off at the token limit" in w for w in pages[1]["warnings"])
    assert pages[0]["warnings"] == []  # no reading there: nothing to warn of
