"""The export dialog: preview follows the options, export runs off the UI thread with
progress, asks before replacing, can be cancelled, and says what went wrong."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from backend.export import ExportFormat
from backend.session.document_session import DocumentSession
from gui.export import export_dialog
from gui.export.export_dialog import ExportDialog
from tests.gui.conftest import DialogResponder, Run, type_text, wait_for
from tests.gui.export.export_dialog_helpers import _choose, dialog, session

__all__ = ["dialog", "session"]  # the fixtures


def test_preview_and_default_path_follow_the_options(
    dialog: ExportDialog, session: DocumentSession, arun: Run[Any]
) -> None:
    assert dialog.path.text().endswith("legal-sample.proofread.txt")
    arun(dialog.update_preview())
    first = session.page_state(0).text
    assert dialog.preview.toPlainText().startswith("This export contains pages")
    assert first.split("\n")[0] in dialog.preview.toPlainText()

    _choose(dialog, ExportFormat.PDF)
    assert dialog.path.text().endswith("legal-sample.searchable.pdf")
    assert not dialog.separator.isEnabled()
    arun(dialog.update_preview())  # the written PDF's first page, its invisible text
    assert first.split("\n")[0] in dialog.preview.toPlainText()

    dialog.approved_only.setChecked(True)  # page 3 is the only approved one
    arun(dialog.update_preview())
    assert session.page_state(2).text.split("\n")[0] in dialog.preview.toPlainText()
    assert first.split("\n")[0] not in dialog.preview.toPlainText()

    dialog.path.setFocus()
    type_text(dialog.path, "x")  # a path the reviewer typed is kept
    _choose(dialog, ExportFormat.MD)
    assert dialog.path.text().endswith(".pdfx")

    dialog.pages.setText("x-2")
    arun(dialog.update_preview())
    assert "is not a page range" in dialog.notice.text()
    dialog.pages.setText("9")
    arun(dialog.update_preview())
    assert "The document has 7 pages" in dialog.notice.text()


def test_export_writes_the_file_with_progress_and_a_warning(
    dialog: ExportDialog, tmp_path: Path, arun: Run[Any]
) -> None:
    target = tmp_path / "out.pdf"
    _choose(dialog, ExportFormat.PDF)
    dialog.path.setText(str(target))
    result = arun(dialog.export())
    assert result is not None and result.pages == 7
    with pymupdf.open(target) as doc:
        assert doc.page_count == 7 and doc[0].get_text().strip()
    assert dialog.progress.value() == dialog.progress.maximum() == 7
    assert "Exported 7 page(s)" in dialog.notice.text()
    assert "not approved" in dialog.notice.text()
    assert dialog.export_button.isEnabled() and dialog.cancel_button.text() == "Close"


def test_replacing_asks_first(
    dialog: ExportDialog, tmp_path: Path, arun: Run[Any], dialogs: DialogResponder
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("keep me")
    dialog.path.setText(str(target))
    dialogs.answers = ["No"]
    assert arun(dialog.export()) is None
    assert target.read_text() == "keep me"
    dialogs.answers = ["Yes"]
    assert arun(dialog.export()) is not None
    assert "第一條" in target.read_text("utf-8")
    assert len(dialogs["question"]) == 2 and "already exists" in dialogs["question"][0]


def test_the_source_pdf_is_refused_with_a_message(
    dialog: ExportDialog, session: DocumentSession, arun: Run[Any], dialogs: DialogResponder
) -> None:
    source = Path(session.pdf.info.path)
    before = source.read_bytes()
    _choose(dialog, ExportFormat.PDF)
    dialog.path.setText(str(source))
    dialogs.answers = ["Yes"]  # even when the reviewer says to replace it
    assert arun(dialog.export()) is None
    assert "is the document or its review store" in dialog.notice.text()
    assert source.read_bytes() == before
    dialog.path.setText(str(source.parent / "missing" / "out.txt"))
    assert arun(dialog.export()) is None
    assert "does not exist" in dialog.notice.text()


def test_a_preview_that_ends_after_an_export_keeps_the_exports_message(
    dialog: ExportDialog, session: DocumentSession, arun: Run[Any], dialogs: DialogResponder
) -> None:
    # The preview runs on a worker and may finish after the export said something: it
    # cleared the notice, so under load an export's refusal (or "Exported …") vanished.
    _choose(dialog, ExportFormat.PDF)
    dialog.path.setText(str(Path(session.pdf.info.path)))
    dialogs.answers = ["Yes"]  # replace it: refused all the same
    assert arun(dialog.export()) is None
    said = dialog.notice.text()
    assert "is the document or its review store" in said
    arun(dialog.update_preview())  # the preview of the same choice, finishing last
    assert dialog.notice.text() == said
    dialog.pages.setText("0-")  # a preview's own problem is said, and cleared when over
    arun(dialog.update_preview())
    assert dialog.notice.text() not in ("", said)
    dialog.pages.setText("")
    arun(dialog.update_preview())
    assert dialog.notice.text() == ""


def test_cancel_stops_the_export_and_writes_nothing(
    dialog: ExportDialog, tmp_path: Path, arun: Run[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = export_dialog.write_export

    def held(*args: Any, **kwargs: Any) -> Any:
        release.wait(120)  # hold the worker until the test has clicked Cancel (not a race)
        return real(*args, **kwargs)

    monkeypatch.setattr(export_dialog, "write_export", held)
    target = tmp_path / "out.pdf"
    _choose(dialog, ExportFormat.PDF)
    dialog.path.setText(str(target))

    async def scenario() -> Any:
        task = asyncio.ensure_future(dialog.export())
        await wait_for(lambda: dialog.monitor is not None, what="the export to start")
        assert dialog.cancel_button.text() == "Cancel" and not dialog.format.isEnabled()
        dialog.cancel_button.click()
        release.set()
        return await task

    assert arun(scenario()) is None
    assert "cancelled; nothing was written" in dialog.notice.text()
    assert list(tmp_path.glob("*out.pdf*")) == []  # nor a temporary ".out.pdf.*.part"
    assert dialog.isVisible() and dialog.format.isEnabled()


def test_file_export_opens_the_dialog_on_the_open_document(
    make_window: Callable[..., Any], sample_pdf: Path, arun: Run[Any], tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QApplication

    w = make_window()
    action = w.actions_by_name["export"]
    assert action.shortcut().toString() == "Ctrl+E"
    assert action in w.menuBar().actions()[0].menu().actions()  # in the File menu
    action.trigger()
    assert "Open a document to export it." in w.statusBar().currentMessage()
    assert arun(w.opener.open(sample_pdf))
    action.trigger()
    found = QApplication.topLevelWidgets() + w.findChildren(ExportDialog)
    dialog = next(d for d in found if isinstance(d, ExportDialog) and d.isVisible())
    arun(wait_for(lambda: bool(dialog.preview.toPlainText()), what="the preview"))
    _choose(dialog, ExportFormat.MD)
    dialog.path.setText(str(tmp_path / "from-menu.md"))
    assert arun(dialog.export()) is not None
    assert (tmp_path / "from-menu.md").read_text("utf-8").startswith("# legal-sample")
    dialog.close()


def test_esc_stops_a_running_export(
    dialog: ExportDialog,
    tmp_path: Path,
    arun: Run[Any],
    monkeypatch: pytest.MonkeyPatch,
    qapp: Any,
) -> None:
    qapp.setQuitOnLastWindowClosed(False)  # the dialog is the only window here
    seen: list[bool] = []

    def held(document: Any, fmt: Any, target: Path, **kwargs: Any) -> Any:
        monitor = kwargs["monitor"]
        seen.append(monitor.cancel.wait(120))  # stops at its next page once cancelled
        if monitor.cancel.is_set():
            raise export_dialog.ExportCancelledError("cancelled")
        target.write_text("written anyway")
        return None

    monkeypatch.setattr(export_dialog, "write_export", held)
    target = tmp_path / "out.txt"
    dialog.path.setText(str(target))

    async def scenario() -> None:
        dialog.export_button.click()
        await wait_for(lambda: dialog.monitor is not None, what="the export to start")
        dialog.reject()  # Esc
        await wait_for(lambda: bool(seen), what="the writer to stop")
        await asyncio.sleep(0.05)

    try:
        arun(scenario())
    finally:
        qapp.setQuitOnLastWindowClosed(True)
    assert seen == [True]
    assert not target.exists()
    assert not dialog.isVisible()


def test_export_reads_a_few_pages_per_store_call_and_aids_only_when_carried(
    qtbot: Any,
    session: DocumentSession,
    arun: Run[Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from backend.export import collect, review_aids_provider
    from gui.services import workspace

    monkeypatch.setattr(workspace, "REVIEW_CHUNK_PAGES", 2)
    store_calls: list[int] = []
    aid_pages: list[int] = []
    real_aids = review_aids_provider(session)

    def aids(page: int) -> Any:
        aid_pages.append(page)
        return real_aids(page)

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        store_calls.append(1)
        return fn()

    d = ExportDialog(session, run_in_store, aids=aids)
    qtbot.addWidget(d)
    d.path.setText(str(tmp_path / "out.txt"))
    result = arun(d.export())
    assert result is not None and result.pages == 7
    assert len(store_calls) == 5  # pages 1-2, 3-4, 5-6, 7; approved pages' open critical items
    assert aid_pages == []  # plain text carries no agreement: no diff per page
    whole = collect(session)
    assert (tmp_path / "out.txt").read_text("utf-8").count("\f") == len(whole.pages) - 1

    _choose(d, ExportFormat.JSONL)
    d.path.setText(str(tmp_path / "out.jsonl"))
    d.approved_only.setChecked(True)
    store_calls.clear()
    result = arun(d.export())
    assert result is not None and result.pages == 1 and result.skipped == (0, 1, 3, 4, 5, 6)
    assert set(aid_pages) == {2}  # the audit trail carries them (the preview too)


def test_a_password_protected_document_exports_as_searchable_pdf(
    qtbot: Any, tmp_path: Path, arun: Run[Any], loop: asyncio.AbstractEventLoop
) -> None:
    """The searchable PDF reopens the source: the dialog hands it the password."""
    from tests import pdf_factory

    source = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="pw", owner_pw="own")
    session = DocumentSession.open(source, password="pw", store_path=tmp_path / "s.sqlite3")
    session.save_draft(0, "機密頁")
    session.commit_draft(0)
    store_thread = ThreadPoolExecutor(1)

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(store_thread, fn)

    try:
        d = ExportDialog(session, run_in_store, password="pw")
        qtbot.addWidget(d)
        _choose(d, ExportFormat.PDF)
        d.path.setText(str(tmp_path / "out.pdf"))
        result = arun(d.export())
        assert result is not None, d.notice.text()
        with pymupdf.open(tmp_path / "out.pdf") as out:
            assert "機密頁" in out[0].get_text()
    finally:
        store_thread.shutdown(wait=True)
        session.close()


def test_the_export_folder_is_remembered_per_document(
    make_window: Callable[..., Any], sample_pdf: Path, arun: Run[Any], tmp_path: Path
) -> None:
    """Exporting document B must not land in document A's folder (issue 14); the
    format carries over, and a document never exported starts in its PDF's folder."""
    from PySide6.QtWidgets import QApplication

    other_dir = tmp_path / "case-b"
    other_dir.mkdir()
    other = other_dir / "brief.pdf"
    with pymupdf.open() as doc:
        doc.new_page().insert_text((72, 72), "Case B")
        doc.save(other)
    out_a = tmp_path / "exports-a"
    out_a.mkdir()
    w = make_window()

    def export_dialog() -> ExportDialog:
        w.actions_by_name["export"].trigger()
        found = QApplication.topLevelWidgets() + w.findChildren(ExportDialog)
        return next(d for d in found if isinstance(d, ExportDialog) and d.isVisible())

    assert arun(w.opener.open(sample_pdf))
    dialog = export_dialog()
    assert Path(dialog.path.text()).parent == sample_pdf.parent  # never exported: its folder
    _choose(dialog, ExportFormat.MD)
    dialog.path.setText(str(out_a / "a.md"))
    assert arun(dialog.export()) is not None
    dialog.close()

    assert arun(w.opener.open(other))
    dialog = export_dialog()
    assert dialog.chosen_format is ExportFormat.MD  # the format is a habit: it carries over
    assert Path(dialog.path.text()).parent == other_dir  # not document A's folder
    dialog.close()

    assert arun(w.opener.open(sample_pdf))
    dialog = export_dialog()
    assert Path(dialog.path.text()).parent == out_a  # A's own folder, remembered
    dialog.close()


def test_a_folder_format_writes_a_folder_and_asks_before_replacing_one(
    dialog: ExportDialog, tmp_path: Path, arun: Run[Any], dialogs: DialogResponder
) -> None:
    _choose(dialog, ExportFormat.PAGE)
    assert dialog.path.text().endswith("legal-sample.page-xml")
    target = tmp_path / "out.page-xml"
    dialog.path.setText(str(target))
    result = arun(dialog.export())
    assert result is not None and result.pages == 7
    assert sorted(f.name for f in target.iterdir()) == [f"{n:04d}.xml" for n in range(1, 8)]
    (target / "mine.txt").write_text("keep me")
    dialogs.answers = ["No"]
    assert arun(dialog.export()) is None
    assert (target / "mine.txt").exists()
    dialogs.answers = ["Yes"]
    assert arun(dialog.export()) is not None
    assert not (target / "mine.txt").exists() and (target / "0007.xml").exists()
    assert "every file in it" in dialogs["question"][0]
