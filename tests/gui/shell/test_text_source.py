"""The status bar says who produced the text shown: an offline engine, a VLM, a person."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for


def test_the_status_bar_names_the_engine_then_the_edit(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    session = DocumentSession.open(sample_pdf)
    prov = {"engine": "rapidocr", "offline": True}
    session.store.add_version(0, VersionKind.OCR, "第一條 得以", prov)
    session.store.add_version(1, VersionKind.OCR, "判決", {"engine": "vllm", "model": "Qwen3-VL"})
    assert session.page_state(0).source == ("ocr", "rapidocr", "")
    assert session.page_state(2).source == ("", "", "")
    session.close()
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    assert w.source_label.text() == "text: RapidOCR (offline engine)"
    w.editor.editor.setPlainText("第一條 應以")  # the reviewer corrects it
    arun(w.controller.save_now())
    w.controller.go_to(1)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    assert w.source_label.text() == "text: Qwen3-VL"
    w.controller.go_to(0)
    arun(wait_for(lambda: w.controller.current == 0, what="page 1 again"))
    assert w.source_label.text() == "text: edited"
