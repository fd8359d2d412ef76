"""Export's "strip markers" removes the reviewer's own marker patterns, not only the
default 【…】 ones: the same ``MarkerSet`` the review aids count (the export's
options carry it; ``proofdesk export --marker PATTERN`` adds one)."""

from __future__ import annotations

from pathlib import Path

from backend.export.pages import ExportOptions, collect, review_aids_provider
from backend.review.markers import MarkerSet
from backend.review.page_aids import AidSettings
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from backend.session.own_text import set_own_text
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.review.tables import OPTIONS

# A court's own way of marking what it could not read, and one default marker.
TEXT = "第五條 承租人〔字跡不清〕應於每月五日前給付租金【模糊】元。\n〔下缺〕\n"
CUSTOM = MarkerSet.from_patterns(["re:〔[^〕\n]{1,8}〕"])  # the reviewer's list, in place of ours


def _session(tmp_path: Path) -> DocumentSession:
    pdf = pdf_factory.text_pdf(tmp_path / "lease.pdf", ["lease"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "lease.review")
    s.add_reading(0, TEXT, {"engine": "vllm", "model": "m"})
    return s


def test_stripping_uses_the_reviewers_markers(tmp_path: Path) -> None:
    s = _session(tmp_path)
    try:
        page = collect(s, ExportOptions(strip_markers=True, markers=CUSTOM)).pages[0]
        assert page.text == "第五條 承租人應於每月五日前給付租金【模糊】元。\n\n"
        assert page.markers_left == 2  # counted with the same set
        default = collect(s, ExportOptions(strip_markers=True)).pages[0]
        assert default.text == "第五條 承租人〔字跡不清〕應於每月五日前給付租金元。\n〔下缺〕\n"
        # The aids (JSONL, the report) count with the settings' markers too.
        aids = review_aids_provider(s, AidSettings(markers=CUSTOM, compare=OPTIONS))
        assert collect(s, ExportOptions(markers=CUSTOM), aids=aids).pages[0].markers_left == 2
    finally:
        s.close()


def test_the_documents_own_text_stays_with_custom_markers(tmp_path: Path) -> None:
    s = _session(tmp_path)
    try:
        settings = AidSettings(markers=CUSTOM, compare=OPTIONS)
        flags = [f for f in s.review(0, settings=settings).flags if f.kind is FlagKind.MARKER]
        own = next(f for f in flags if TEXT[f.start : f.end] == "〔下缺〕")
        set_own_text(s.store, 0, TEXT, own, True)  # the page really prints 〔下缺〕
        page = collect(s, ExportOptions(strip_markers=True, markers=CUSTOM)).pages[0]
    finally:
        s.close()
    assert page.text == "第五條 承租人應於每月五日前給付租金【模糊】元。\n〔下缺〕\n"


def test_cli_export_strips_an_added_marker_pattern(tmp_path: Path) -> None:
    s = _session(tmp_path)
    s.close()
    pdf, store, out = tmp_path / "lease.pdf", tmp_path / "lease.review", tmp_path / "out.txt"
    args = ("export", pdf, "--store", store, "--format", "txt", "-o", out, "--strip-markers")
    result = run_cli(*args, "--marker", "re:〔[^〕\n]{1,8}〕", "--marker", "【模糊】")
    assert result.returncode == 0, result.stderr
    exported = out.read_text("utf-8")  # (with a line saying the page is not approved)
    assert "第五條 承租人應於每月五日前給付租金元。\n" in exported
    assert "〔" not in exported and "【" not in exported
    bad = run_cli(*args, "--force", "--marker", "re:(")
    assert bad.returncode == 2 and "not a valid regex" in bad.stderr
    assert "Traceback" not in bad.stderr
