"""The export dialog names approved pages with legal-critical items still open, in
every format, as ``proofdesk export`` does (issue 13, point 6; review fix)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.export import ExportFormat
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from tests.gui.export.test_export_dialog import _choose, dialog, session

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
