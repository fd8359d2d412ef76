"""Issue 22: a page exported with a whole-page problem (a loop, a missing block) says so.
The review report names each page's diagnoses (the kind in the reader's language, the
span, the detail), the JSONL audit trail carries them as ``status --by-risk --json``
does, and an approved page with one is named on every export, as approved pages with
open legal-critical items are: approving asks about both, so both are still open."""

from __future__ import annotations

import html
import json
from pathlib import Path

from backend.export import ExportOptions, collect, review_aids_provider
from backend.export.report import render_report
from backend.models import ReviewStatus, VersionKind
from backend.review.values import DiagnosisKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.export.diagnosed_pages_helpers import CLEAN, HEADLESS, LOOPED, WHOLE
from tests.backend.export.schema_helpers import SCHEMA, errors

MARKER = "【模糊】"


def _document(tmp_path: Path, looped: str = LOOPED) -> tuple[Path, Path]:
    """Page 1 clean, page 2 looped, both approved; page 3 lost its first lines (not
    approved). Every page has an alternate that reads the page as it is."""
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    for page, (text, alternate) in enumerate(((CLEAN, CLEAN), (looped, CLEAN), (HEADLESS, WHOLE))):
        s.add_reading(page, text, {"engine": "vllm", "model": "model-a"})
        s.store.add_version(page, VersionKind.ALTERNATE, alternate, {"engine": "rapidocr"})
    s.set_status(0, ReviewStatus.APPROVED)
    s.set_status(1, ReviewStatus.APPROVED)  # approved over the loop (approval asked)
    s.close()
    return pdf, store


def _diagnoses(pdf: Path, store: Path) -> dict[int, list[dict[str, object]]]:
    """Each page's diagnoses (1-based) as ``status --by-risk --json`` gives them."""
    ranked = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    assert ranked.returncode == 0, ranked.stderr
    return {p["page"]: p["diagnoses"] for p in json.loads(ranked.stdout)["pages"]}


def test_the_report_names_each_pages_diagnoses_and_the_approved_one(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    s = DocumentSession.open(pdf, store_path=store)
    try:
        loop = s.review(1).diagnoses[0]
        missing = s.review(2).diagnoses[0]
        report = render_report(collect(s, aids=review_aids_provider(s)))
    finally:
        s.close()
    assert loop.kind is DiagnosisKind.REPETITION and missing.kind is DiagnosisKind.MISSING_BLOCK
    assert "<h2>Whole-page problems</h2>" in report
    for page, name, found in ((2, "repetition", loop), (3, "missing block", missing)):
        row = (
            f'<tr><td>{page}</td><td class="warning">{name}</td>'
            f"<td>{found.start}–{found.end}</td><td>{html.escape(found.detail)}</td></tr>"
        )
        assert row in report, name
    assert "with whole-page problems: 2 (repetition). Check them" in report
    assert "<tr><th>Whole-page problems</th><td>2</td></tr>" in report  # the summary's count


def test_a_clean_report_has_no_problem_section_nor_warning(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path, looped=CLEAN)
    s = DocumentSession.open(pdf, store_path=store)
    try:
        report = render_report(
            collect(s, ExportOptions(pages=(0, 1)), aids=review_aids_provider(s))
        )
    finally:
        s.close()
    assert "Whole-page problems</h2>" not in report and "whole-page problems:" not in report


def test_every_export_format_names_the_approved_page_with_a_problem(tmp_path: Path) -> None:
    """The formats without the review aids (plain text) ask the session, with the same
    rule: the page's findings, as approval reads them."""
    pdf, store = _document(tmp_path)
    for fmt in ("txt", "jsonl", "report"):
        out = tmp_path / f"out.{fmt}"
        result = run_cli("export", pdf, "--store", store, "--format", fmt, "-o", out)
        assert result.returncode == 0, result.stderr
        # The loop also holds critical items (its amounts, beyond the alternate's one).
        assert (
            "Approved page(s) with legal-critical items still open: 2; with whole-page "
            "problems: 2 (repetition). Check them before relying on this export."
        ) in result.stderr, fmt
    assert "missing block" in (tmp_path / "out.report").read_text("utf-8")


def test_the_audit_trail_carries_the_diagnoses_as_status_gives_them(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    out = tmp_path / "audit.jsonl"
    result = run_cli("export", pdf, "--store", store, "--format", "jsonl", "-o", out)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    for record in records:
        assert errors(record, SCHEMA) == [], record["page"]
    expected = _diagnoses(pdf, store)
    assert [r["diagnoses"] for r in records] == [expected[1], expected[2], expected[3]]
    assert expected[1] == [] and [d["kind"] for d in expected[2]] == ["repetition"]
    assert [d["kind"] for d in expected[3]] == ["missing_block"]


def test_the_report_names_the_kind_in_the_readers_language(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    out = tmp_path / "out.html"
    args = ("export", pdf, "--store", store, "--format", "report", "-o", out)
    result = run_cli(*args, "--lang", "zh_TW")
    assert result.returncode == 0, result.stderr
    report = out.read_text("utf-8")
    assert '<td class="warning">重複</td>' in report
    assert "repetition" not in report and "missing block" not in report
    assert "有整頁問題：第 2 頁（重複）" in result.stderr, result.stderr


def test_a_diagnosis_points_into_the_exported_text_with_markers_stripped(tmp_path: Path) -> None:
    """Like a critical flag, the span moves with the text a stripped marker took away."""
    pdf, store = _document(tmp_path, looped=MARKER + LOOPED)
    s = DocumentSession.open(pdf, store_path=store)
    try:
        (loop,) = s.review(1).diagnoses
        aids = review_aids_provider(s)
        (page,) = collect(s, ExportOptions(pages=(1,), strip_markers=True), aids=aids).pages
    finally:
        s.close()
    (moved,) = page.diagnoses
    assert page.text == LOOPED
    assert (moved.start, moved.end) == (loop.start - len(MARKER), loop.end - len(MARKER))
    assert moved.detail == loop.detail


def test_the_notice_for_problems_alone_and_for_critical_items_alone() -> None:
    from backend.export.open_critical import OpenPage, open_items_notice
    from backend.review.values import Diagnosis

    drift = Diagnosis(DiagnosisKind.SCRIPT_DRIFT, 0, 9, "Simplified")
    cut = Diagnosis(DiagnosisKind.CUT_SHORT, 9, 9, "ends early")
    assert open_items_notice((OpenPage(4, 0, (drift, cut, drift)), OpenPage(6, 0, (cut,)))) == (
        "Approved page(s) with whole-page problems: 5 (Simplified characters, cut short), "
        "7 (cut short). Check them before relying on this export."
    )
    assert open_items_notice((OpenPage(2, 1), OpenPage(3, 2))) == (
        "Approved page(s) with legal-critical items still open: 3, 4. "
        "Check them before relying on this export."
    )
