"""``batch-import``'s material: run-batch result lines of vLLM 0.32's shape (``answer``,
``failure``), a folder prepared for real from 3 pages of the sample (``prepared``, once a
module; ``job``, a copy for each test) and the import run on it."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from backend.cli.commands import main
from backend.models import VersionKind
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.importing import import_results
from backend.session.document_session import DocumentSession


def answer(
    custom_id: str, content: str = "", finish: str = "stop", *, reasoning: str | None = None
) -> dict[str, Any]:
    message = {"role": "assistant", "content": content, "refusal": None, "reasoning": reasoning}
    body = {
        "id": "chatcmpl-a80b4fb940a7bff2",
        "object": "chat.completion",
        "created": 1796121443,
        "model": "tiny-vl",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {"prompt_tokens": 1619, "total_tokens": 1635, "completion_tokens": 16},
    }
    return {
        "id": "vllm-" + hashlib.sha256(custom_id.encode()).hexdigest()[:16],
        "custom_id": custom_id,
        "response": {"status_code": 200, "request_id": "vllm-batch-8f7f", "body": body},
        "error": None,
    }


def failure(custom_id: str, status: int = 400, message: str = "Failed to load image") -> Any:
    body = {"error": {"message": message, "type": "BadRequestError", "code": status}}
    return {
        "id": "vllm-f",
        "custom_id": custom_id,
        "response": {"status_code": status, "request_id": "vllm-batch-f", "body": body},
        "error": None,
    }


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real prepared folder for the module (3 pages of the sample)."""
    from tests.conftest import SAMPLE_PDF

    root = tmp_path_factory.mktemp("prepared")
    pdf = root / "legal-sample.pdf"
    shutil.copy(SAMPLE_PDF, pdf)
    args = ["batch-prepare", str(pdf), "--out", str(root / "job"), "--pages", "1-3"]
    with pytest.MonkeyPatch.context() as env:  # the per-test data dir is not set up yet
        env.setenv("PROOFDESK_DATA_DIR", str(root / "data"))
        env.setenv("PROOFDESK_LANG", "en")
        assert main([*args, "--store", str(root / "unused.db")]) == 0
    return root


@pytest.fixture
def job(prepared: Path, tmp_path: Path) -> Path:
    """A copy of the module's prepared folder (3 pages of the sample)."""
    folder = tmp_path / "job"
    shutil.copytree(prepared / "job", folder)
    shutil.copy(prepared / "legal-sample.pdf", tmp_path / "legal-sample.pdf")
    return folder


def ids(job: Path) -> list[str]:
    return [p.custom_id for p in layout.read_manifest(job).pages]


def write(path: Path, *results: Any) -> Path:
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in results)
    path.write_text(text, "utf-8")
    return path


def session_for(job: Path) -> DocumentSession:
    return DocumentSession.open(job.parent / "legal-sample.pdf", store_path=job.parent / "r.db")


def run_import(job: Path, *files: Path) -> Any:
    session = session_for(job)
    try:
        return import_results(
            session.store,
            sha256=session.pdf.info.sha256,
            page_count=session.page_count,
            name="legal-sample.pdf",
            files=list(files),
        )
    finally:
        session.close()


def ocr_versions(job: Path) -> dict[int, list[Any]]:
    session = session_for(job)
    try:
        return {
            page: [v for v in session.store.versions(page) if v.kind is VersionKind.OCR]
            for page in range(session.page_count)
        }
    finally:
        session.close()
