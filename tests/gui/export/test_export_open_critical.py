"""The export dialog names approved pages with legal-critical items (and, issue 22,
whole-page problems) still open, in every format, as ``proofdesk export`` does (issue 13,
point 6; review fix)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.export import ExportFormat
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from tests.gui.export.export_dialog_helpers import _choose, dialog, session

__all__ = ["dialog", "session"]  # the export dialog's fixture, used here as it is


def test_the_export_dialog_names_approved_pages_with_open_critical_items(
    dialog: ExportDialog, session: DocumentSession, tmp_path: Path, arun: Any
) -> None:
    text = session.page_state(2).text
    assert "得" in text
    other = text.replace("得", "應", 1)  # the alternate reads 應 where page 3 says 得
    session.store.add_version(2, VersionKind.ALTERNATE, other, {"engine": "rapidocr"})
    assert session.statuses()[2] is ReviewStatus.APPROVED
    for fmt in (ExportFormat.TXT, ExportFormat.JSONL):
        _choose(dialog, fmt)
        dialog.path.setText(str(tmp_path / f"out.{fmt.value}"))
        assert arun(dialog.export()) is not None
        assert "legal-critical items still open: 3." in dialog.notice.text(), fmt


def test_the_export_dialog_names_an_approved_page_with_a_whole_page_problem(
    dialog: ExportDialog, session: DocumentSession, tmp_path: Path, arun: Any
) -> None:
    """Issue 22: the alternate reads lines past where page 3's transcript stops (the
    model's answer ended early): approving asks about that, so the export names it."""
    text = session.page_state(2).text
    more = "\n第九條　訴訟費用由被告負擔。\n第十條　本判決得假執行。\n第十一條　原告之訴駁回。\n"
    session.store.add_version(2, VersionKind.ALTERNATE, text + more * 2, {"engine": "rapidocr"})
    assert session.statuses()[2] is ReviewStatus.APPROVED
    assert {d.kind.value for d in session.review(2).diagnoses} == {"cut_short"}
    for fmt in (ExportFormat.TXT, ExportFormat.JSONL):
        _choose(dialog, fmt)
        dialog.path.setText(str(tmp_path / f"out.{fmt.value}"))
        assert arun(dialog.export()) is not None
        assert "with whole-page problems: 3 (cut short)." in dialog.notice.text(), fmt
