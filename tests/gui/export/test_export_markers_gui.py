"""File ▸ Export with "Remove markers" strips the reviewer's own marker patterns (set in
Review ▸ Markers), the set the review aids count, not only the default 【…】 ones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend.export import ExportFormat
from gui.export.export_dialog import ExportDialog
from tests.gui.conftest import Run, wait_for


def test_export_strips_the_reviewers_marker_patterns(
    make_window: Callable[..., Any], sample_pdf: Path, arun: Run[Any], tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QApplication

    w = make_window()
    w.aids.set_marker_patterns(["re:〔[^〕\n]{1,8}〕", "【模糊】"])
    assert arun(w.opener.open(sample_pdf))
    text = "第五條 承租人〔字跡不清〕應於每月五日前給付租金【模糊】元。\n"
    ws = w.controller.workspace
    arun(ws.save_draft(0, text))
    arun(ws.commit_draft(0))
    w.actions_by_name["export"].trigger()
    found = QApplication.topLevelWidgets() + w.findChildren(ExportDialog)
    dialog = next(d for d in found if isinstance(d, ExportDialog) and d.isVisible())
    arun(wait_for(lambda: bool(dialog.preview.toPlainText()), what="the preview"))
    dialog.format.setCurrentIndex(dialog.format.findData(ExportFormat.TXT.value))
    dialog.strip_markers.setChecked(True)
    dialog.pages.setText("1")
    dialog.path.setText(str(tmp_path / "page1.txt"))
    assert arun(dialog.export()) is not None
    exported = (tmp_path / "page1.txt").read_text("utf-8")
    assert "第五條 承租人應於每月五日前給付租金元。" in exported
    dialog.close()
