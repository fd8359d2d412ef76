"""Issue 22: ``proofdesk eval`` names each page's whole-page problems (a model stuck in a
loop, a block the other run reads and this one lacks): per page ``"diagnoses"`` in its
JSON, in the shape ``status --by-risk --json`` gives them, and a line each in its text,
the kind in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli

SENTENCE = "被告應於本判決確定後給付原告新臺幣十二萬元。"
CLEAN = "第一條\n" + SENTENCE + "\n被告不得再為請求。\n"
LOOPED = "第一條\n" + SENTENCE * 40 + "\n"  # a model stuck in a loop


def _document(tmp_path: Path) -> tuple[Path, Path]:
    """Two pages read by model A and, as the alternate, by RapidOCR: page 2's model
    looped, page 1's read it right."""
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    for page, text in enumerate((CLEAN, LOOPED)):
        s.add_reading(page, text, {"engine": "vllm", "model": "model-a"})
        s.store.add_version(page, VersionKind.ALTERNATE, CLEAN, {"engine": "rapidocr"})
    s.close()
    return pdf, store


def test_eval_json_carries_each_pages_diagnoses_as_status_does(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    args = ("eval", pdf, "--store", store, "--a", "model:model-a", "--b", "engine:rapidocr")
    result = run_cli(*args, "--json")
    assert result.returncode == 0, result.stderr
    clean, looped = json.loads(result.stdout)["pages"]
    ranked = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    status = {p["page"]: p["diagnoses"] for p in json.loads(ranked.stdout)["pages"]}
    assert clean["diagnoses"] == [] == status[1]
    (loop,) = looped["diagnoses"]
    assert loop["kind"] == "repetition" and looped["diagnoses"] == status[2]
    assert LOOPED[loop["start"] : loop["end"]].count(SENTENCE) >= 30  # the span is the loop


def test_eval_text_names_the_problem_in_the_readers_language(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    args = ("eval", pdf, "--store", store, "--a", "model:model-a", "--b", "engine:rapidocr")
    english = run_cli(*args)
    assert english.returncode == 0, english.stderr
    (line,) = [ln for ln in english.stdout.splitlines() if "repeats" in ln]
    assert line.startswith("- page 2: repetition: "), line
    chinese = run_cli(*args, "--lang", "zh_TW")
    assert chinese.returncode == 0, chinese.stderr
    (line,) = [ln for ln in chinese.stdout.splitlines() if "重複" in ln and "第 2 頁" in ln]
    assert "repetition" not in chinese.stdout
