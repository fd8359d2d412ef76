"""The export folder is remembered per document (issue 14): by content, so a moved or
renamed PDF keeps it; by the resolved path when there is no hash; never a folder that
is gone; and never another document's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gui.export.export_memory import ExportMemory
from gui.services.settings import GuiSettings


@pytest.fixture
def settings(tmp_path: Path) -> GuiSettings:
    return GuiSettings(tmp_path / "settings.ini")


def test_the_same_content_keeps_its_folder_wherever_it_was_opened_from(
    settings: GuiSettings, tmp_path: Path
) -> None:
    out = tmp_path / "exports"
    out.mkdir()
    first = ExportMemory(settings, document=ExportMemory.document_key("ab" * 32, "/a/x.pdf"))
    first.remember("md", out / "x.md")
    moved = ExportMemory(settings, document=ExportMemory.document_key("ab" * 32, "/b/y.pdf"))
    assert moved.folder == out and moved.format == "md"
    other = ExportMemory(settings, document=ExportMemory.document_key("cd" * 32, "/a/x.pdf"))
    assert other.folder is None and other.format == "md"  # the format is a habit; not the folder


def test_without_a_hash_the_resolved_path_is_the_key(
    settings: GuiSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert ExportMemory.document_key("", "case/x.pdf") == ExportMemory.document_key(
        "", str(tmp_path / "case" / "x.pdf")
    )
    assert ExportMemory.document_key("", "case/x.pdf") != ExportMemory.document_key("", "y.pdf")
    assert "/" not in ExportMemory.document_key("", "case/x.pdf")  # a settings key


def test_a_folder_that_is_gone_is_not_offered(settings: GuiSettings, tmp_path: Path) -> None:
    out = tmp_path / "exports"
    out.mkdir()
    memory = ExportMemory(settings, document="k")
    memory.remember("docx", out / "x.docx")
    assert memory.folder == out
    shutil.rmtree(out)
    assert memory.folder is None  # the dialog then starts in the PDF's own folder
    assert ExportMemory(settings).folder is None  # no document: no folder at all
