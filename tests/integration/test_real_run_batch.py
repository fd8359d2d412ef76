"""vLLM's real offline batch runner (CPU build) on a folder ``batch-prepare`` wrote.

The command is the one the folder's README gives, with only what the CPU test
venv needs changed: ``vllm run-batch`` becomes ``python -m
vllm.entrypoints.openai.run_batch`` (the CPU build's console script fails), the
model name becomes the tiny model's folder, and the CPU-only flags of
``real_vllm.SERVER_ARGS`` are added. Its results are then imported through the
CLI. The model's words are noise (random weights); the file:// images, the
``custom_id`` round trip, the usage and the finish reasons are real.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.ocr.batch_files import layout
from backend.session.document_session import DocumentSession
from tests.conftest import ROOT, SAMPLE_PDF
from tests.integration import real_vllm

pytestmark = [pytest.mark.realvllm, pytest.mark.timeout(1800)]

MAX_PIXELS = 1_048_576  # the tiny model's preprocessor_config.json


def proofdesk(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "backend", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )


def readme_command(folder: Path) -> list[str]:
    """The single-node command of the README, as argv (after its ``cd``)."""
    text = (folder / layout.README).read_text("utf-8")
    line = next(x for x in text.splitlines() if x.startswith("vllm run-batch "))
    return shlex.split(line)


def cpu_command(readme: list[str], python: Path, model: Path) -> list[str]:
    args = readme[2:]
    args[args.index("--model") + 1] = str(model)
    cpu_only = ["--dtype", "bfloat16", "--enforce-eager", "--distributed-executor-backend", "uni"]
    return [str(python), "-m", "vllm.entrypoints.openai.run_batch", *args, *cpu_only]


def test_run_batch_reads_the_prepared_folder_and_its_answers_import(tmp_path: Path) -> None:
    python = real_vllm.vllm_python()
    model = real_vllm.tiny_model_dir(python)
    # A space and CJK in the folder: the file:// URLs are percent-encoded, and vLLM's
    # --allowed-local-media-path check must still admit them.
    pdf, store, job = tmp_path / "legal-sample.pdf", tmp_path / "review.db", tmp_path / "案卷 job"
    pdf.write_bytes(SAMPLE_PDF.read_bytes())
    prepared = proofdesk(
        "batch-prepare", pdf, "--out", job, "--store", store, "--pages", "1-3",
        "--model", real_vllm.SERVED_MODEL_NAME,
        "--max-model-len", str(real_vllm.MAX_MODEL_LEN),
        "--max-tokens", "16", "--max-pixels", str(MAX_PIXELS),
    )  # fmt: skip
    assert prepared.returncode == 0, prepared.stderr
    command = cpu_command(readme_command(job), python, model)
    env = {**os.environ, **real_vllm.server_env()}
    ran = subprocess.run(
        command, cwd=job, env=env, capture_output=True, text=True, timeout=1500, check=False
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    results = [json.loads(x) for x in (job / "results.jsonl").read_text("utf-8").splitlines()]
    manifest = layout.read_manifest(job)
    assert sorted(r["custom_id"] for r in results) == [p.custom_id for p in manifest.pages]
    assert all(r["error"] is None and r["response"]["status_code"] == 200 for r in results)

    imported = proofdesk("batch-import", pdf, job / "results.jsonl", "--store", store, "--json")
    assert imported.returncode in (0, 3), imported.stderr
    report = json.loads(imported.stdout)
    # Random weights may say nothing before the token limit: such a page is listed.
    assert report["stored"] + len(report["failed"]) == 3 and report["stored"] >= 1
    session = DocumentSession.open(pdf, store_path=store)
    try:
        stored = [
            v
            for page in range(3)
            for v in session.store.versions(page)
            if v.kind is VersionKind.OCR
        ]
        assert len(stored) == report["stored"]
        for version in stored:
            prov = version.provenance
            entry = manifest.pages[version.page]
            assert prov["engine"] == "vllm-batch" and prov["model"] == real_vllm.SERVED_MODEL_NAME
            assert prov["batch"]["custom_id"] == entry.custom_id
            assert prov["prompt_sha256"] == entry.prompt_sha256
            assert prov["finish_reason"] in ("stop", "length")
            # The server read our file:// image: its prompt holds the page's vision tokens.
            assert prov["usage"]["prompt_tokens"] > 500
            assert 0 < prov["usage"]["completion_tokens"] <= 16
    finally:
        session.close()
    again = proofdesk("batch-import", pdf, job / "results.jsonl", "--store", store, "--json")
    assert json.loads(again.stdout)["stored"] == 0
