"""The export dialog's proposed file: its ending follows the format unless the reviewer
typed their own, and the bundled sample's exports go to the documents folder."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.export import ExportFormat
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from gui.export.export_memory import ExportMemory
from gui.launch_args import SAMPLE_PDF
from gui.services.settings import GuiSettings
from tests.gui.conftest import type_text

MakeDialog = Callable[..., ExportDialog]


@pytest.fixture
def make_dialog(
    qtbot: Any, tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> Iterator[MakeDialog]:
    sessions: list[DocumentSession] = []

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        return fn()

    def make(pdf: Path, memory: ExportMemory | None = None) -> ExportDialog:
        session = DocumentSession.open(pdf, store_path=tmp_path / f"review{len(sessions)}.sqlite3")
        sessions.append(session)
        dialog = ExportDialog(session, run_in_store, memory=memory)
        qtbot.addWidget(dialog)
        dialog.show()
        return dialog

    yield make
    for session in sessions:
        session.close()


def _choose(dialog: ExportDialog, fmt: ExportFormat) -> None:
    dialog.format.setCurrentIndex(dialog.format.findData(fmt.value))


def _retype(dialog: ExportDialog, text: str) -> None:
    dialog.path.setFocus()
    dialog.path.selectAll()
    type_text(dialog.path, text)  # keystrokes: the dialog sees the reviewer's edit


def test_a_typed_name_keeps_its_stem_and_takes_the_formats_ending(
    make_dialog: MakeDialog, sample_pdf: Path, tmp_path: Path
) -> None:
    dialog = make_dialog(sample_pdf)
    _retype(dialog, str(tmp_path / "approved.txt"))
    _choose(dialog, ExportFormat.MD)  # the walk: Markdown went to approved.txt
    assert dialog.path.text() == str(tmp_path / "approved.md")
    _choose(dialog, ExportFormat.REPORT_PDF)
    assert dialog.path.text() == str(tmp_path / "approved.pdf")
    _choose(dialog, ExportFormat.JSONL)
    assert dialog.path.text() == str(tmp_path / "approved.jsonl")
    _choose(dialog, ExportFormat.REPORT)
    assert dialog.path.text() == str(tmp_path / "approved.html")


def test_an_edited_folder_keeps_the_default_names_whole_ending_following(
    make_dialog: MakeDialog, sample_pdf: Path, tmp_path: Path
) -> None:
    dialog = make_dialog(sample_pdf)
    _retype(dialog, str(tmp_path / "out" / "legal-sample.proofread.txt"))
    _choose(dialog, ExportFormat.REPORT)
    assert dialog.path.text() == str(tmp_path / "out" / "legal-sample.review-report.html")


def test_an_ending_the_reviewer_typed_stays(
    make_dialog: MakeDialog, sample_pdf: Path, tmp_path: Path
) -> None:
    dialog = make_dialog(sample_pdf)
    _retype(dialog, str(tmp_path / "approved.text"))
    _choose(dialog, ExportFormat.MD)
    assert dialog.path.text() == str(tmp_path / "approved.text")
    _retype(dialog, str(tmp_path / "approved"))  # no ending: the format's is added
    _choose(dialog, ExportFormat.DOCX)
    assert dialog.path.text() == str(tmp_path / "approved.docx")
    _retype(dialog, f"{tmp_path}/")  # a folder, no name yet: no hidden ".md" in it
    _choose(dialog, ExportFormat.MD)
    assert dialog.path.text() == f"{tmp_path}/"


def test_the_bundled_samples_exports_go_to_the_documents_folder(
    make_dialog: MakeDialog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no user-dirs.dirs: ~/Documents
    dialog = make_dialog(SAMPLE_PDF)
    proposed = Path(dialog.path.text())
    assert proposed == tmp_path / "home" / "Documents" / "legal-sample.proofread.txt"
    _choose(dialog, ExportFormat.MD)
    assert Path(dialog.path.text()).parent == tmp_path / "home" / "Documents"


def test_a_sample_export_remembered_in_the_apps_folder_is_not_offered_again(
    make_dialog: MakeDialog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    memory = ExportMemory(GuiSettings(tmp_path / "settings.ini"), document="sample")
    memory.remember("txt", SAMPLE_PDF.parent / "legal-sample.proofread.txt")  # as before
    dialog = make_dialog(SAMPLE_PDF, memory)
    assert Path(dialog.path.text()).parent == tmp_path / "home" / "Documents"


def test_another_documents_exports_go_beside_it(make_dialog: MakeDialog, sample_pdf: Path) -> None:
    dialog = make_dialog(sample_pdf)
    assert Path(dialog.path.text()) == sample_pdf.parent / "legal-sample.proofread.txt"
