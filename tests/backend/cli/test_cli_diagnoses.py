"""Issue 22 point 1: a page the review diagnoses (here a model stuck in a loop) is named
in ``status --by-risk`` (first, with ``"diagnoses": [{kind, start, end, detail}]`` in its
JSON) and in ``compare`` (JSON and text), from the one review, as the issue names it."""

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
FLIPPED = CLEAN.replace("不得", "得")  # one critical item in a clean line


def _document(tmp_path: Path) -> tuple[Path, Path]:
    """Three pages with an agreeing alternate each: clean, one critical item, looped."""
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    for page, text in enumerate((CLEAN, FLIPPED, LOOPED)):
        s.add_reading(page, text, {"engine": "vllm", "model": "model-a"})
        s.store.add_version(page, VersionKind.ALTERNATE, CLEAN, {"engine": "rapidocr"})
    s.close()
    return pdf, store


def _loop(diagnoses: list[dict[str, object]]) -> dict[str, object]:
    (found,) = diagnoses
    assert set(found) == {"kind", "start", "end", "detail"}
    assert found["kind"] == "repetition" and found["detail"]
    start, end = found["start"], found["end"]
    assert isinstance(start, int) and isinstance(end, int)
    assert LOOPED[start:end].count(SENTENCE) >= 30  # the span is the loop
    return found


def test_status_by_risk_puts_the_diagnosed_page_first_and_names_it(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    ranked = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    assert ranked.returncode == 0, ranked.stderr
    pages = json.loads(ranked.stdout)["pages"]
    assert [p["page"] for p in pages] == [3, 2, 1]
    _loop(pages[0]["diagnoses"])
    assert pages[1]["diagnoses"] == [] == pages[2]["diagnoses"]
    text = run_cli("status", pdf, "--store", store, "--by-risk")
    first = text.stdout.splitlines()[0]
    assert first.startswith("page 3: risk ") and "diagnosed: repetition" in first


def test_compare_names_the_diagnosis_in_json_and_text(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    out = run_cli(
        "compare", pdf, "--store", store, "--page", "3", "--alternate", "engine:rapidocr", "--json"
    )
    assert out.returncode == 0, out.stderr
    found = _loop(json.loads(out.stdout)["diagnoses"])
    text = run_cli(
        "compare", pdf, "--store", store, "--page", "3", "--alternate", "engine:rapidocr"
    )
    assert f"repetition     {found['start']}-{found['end']} " in text.stdout
    clean = run_cli(
        "compare", pdf, "--store", store, "--page", "1", "--alternate", "engine:rapidocr", "--json"
    )
    assert json.loads(clean.stdout)["diagnoses"] == []


def test_compare_text_names_the_kind_in_the_users_language(tmp_path: Path) -> None:
    """Review finding H: the text output printed the JSON name (``repetition``,
    ``cut_short``) whatever the language; it names the kind as every front end does."""
    pdf, store = _document(tmp_path)
    args = ("compare", pdf, "--store", store, "--page", "3", "--alternate", "engine:rapidocr")
    found = _loop(json.loads(run_cli(*args, "--json").stdout)["diagnoses"])
    text = run_cli(*args, "--lang", "zh_TW")
    assert text.returncode == 0, text.stderr
    (line,) = [ln for ln in text.stdout.splitlines() if f" {found['start']}-{found['end']} " in ln]
    assert line.split()[0] == "重複", line
    assert "repetition" not in text.stdout
