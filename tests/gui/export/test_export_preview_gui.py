"""The export dialog's preview is the beginning of the file it then writes, in every format."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextDocument

from backend.export import ExportFormat
from backend.export import report as report_module
from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from tests.backend.export.preview_helpers import assert_preview_begins
from tests.conftest import DATA
from tests.gui.conftest import Run


@pytest.fixture
def dialog(
    qtbot: Any, sample_pdf: Path, tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> Iterator[ExportDialog]:
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    session.set_status(2, ReviewStatus.APPROVED)  # page 3: the first page of "3-7"

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        return fn()

    d = ExportDialog(session, run_in_store)
    qtbot.addWidget(d)
    d.show()
    yield d
    session.close()


@pytest.mark.parametrize("fmt", list(ExportFormat), ids=lambda f: f.value)
def test_the_preview_is_the_beginning_of_the_exported_file(
    fmt: ExportFormat,
    dialog: ExportDialog,
    tmp_path: Path,
    arun: Run[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(report_module, "clock", lambda: 1_790_000_000.0)  # "Made": one minute
    dialog.format.setCurrentIndex(dialog.format.findData(fmt.value))
    dialog.pages.setText("3-7")  # page 3 approved, 4-7 not: the file says so at its top
    arun(dialog.update_preview())
    shown = dialog.preview.toPlainText()
    target = tmp_path / ("out" + fmt.spec.extension)
    dialog.path.setText(str(target))
    assert arun(dialog.export()) is not None
    if fmt.spec.html_preview:  # shown as it reads: the file, read the same way, begins so
        whole = QTextDocument()
        whole.setHtml(target.read_text("utf-8"))
        complete_lines = shown.rsplit("\n", 1)[0]  # the last one may be cut mid-row
        assert "Pages in this report" in complete_lines
        assert whole.toPlainText().startswith(complete_lines)
    else:
        assert_preview_begins(shown, target, fmt)
    if fmt is ExportFormat.JSONL:
        assert '"contains_unapproved": true' in shown.split("\n")[0]
