"""Approved pages with legal-critical items still open are named by the export and the
report (issue 13, point 6), whatever the format."""

from __future__ import annotations

from pathlib import Path

from backend.export.formats import ExportFormat
from backend.export.pages import collect, review_aids_provider
from backend.export.report import render_report
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli

RIGHT = "第二條\n被告應給付原告新臺幣三萬元。\n"


def _document(tmp_path: Path) -> tuple[Path, Path]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    for page in range(3):
        text = RIGHT.replace("應", "得") if page == 1 else RIGHT
        s.add_reading(page, text, {"engine": "vllm", "model": "a"})
        s.store.add_version(page, VersionKind.ALTERNATE, RIGHT, {"engine": "rapidocr"})
    s.set_status(1, ReviewStatus.APPROVED)  # approved over the open 得 → 應
    s.set_status(2, ReviewStatus.APPROVED)  # approved and agreeing
    s.close()
    return pdf, store


def test_the_report_names_approved_pages_with_open_critical_items(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    s = DocumentSession.open(pdf, store_path=store)
    try:
        html = render_report(collect(s, aids=review_aids_provider(s)))
    finally:
        s.close()
    assert "Approved page(s) with legal-critical items still open: 2." in html


def test_every_export_format_warns_of_them(tmp_path: Path) -> None:
    pdf, store = _document(tmp_path)
    for fmt in (ExportFormat.TXT, ExportFormat.JSONL):
        out = tmp_path / f"out.{fmt.value}"
        result = run_cli("export", pdf, "--store", store, "--format", fmt.value, "-o", out)
        assert result.returncode == 0, result.stderr
        assert "legal-critical items still open: 2." in result.stderr, fmt


def test_stripping_markers_keeps_the_documents_own_marker_text(tmp_path: Path) -> None:
    from backend.export.pages import ExportOptions
    from backend.review.values import FlagKind
    from backend.session.own_text import set_own_text

    pdf = pdf_factory.text_pdf(tmp_path / "rule.pdf", ["rule"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "rule.review")
    try:
        text = "第三條 無法辨識之文字以【模糊】標示。\n原告【模糊】\n"
        s.add_reading(0, text, {"engine": "vllm"})
        own = next(f for f in s.review(0).flags if f.kind is FlagKind.MARKER)
        set_own_text(s.store, 0, text, own, True)
        exported = collect(s, ExportOptions(strip_markers=True)).pages[0].text
    finally:
        s.close()
    assert exported == "第三條 無法辨識之文字以【模糊】標示。\n原告\n"
