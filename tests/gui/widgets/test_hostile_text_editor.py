"""The transcript editor is a boundary too (issue 21, point 5).

A paste holding controls, noncharacters and a bidi override is admitted as a server's
answer is (``safe_text.admit``): the editor and the store get one visible U+FFFD for
each, and the status bar says how many. Text a store kept from before the boundary,
and a model id with a bidi override, are drawn with visible symbols, never applied.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.store.review_store import ReviewStore
from tests.gui.conftest import wait_for

PASTED = "第一條\x00甲\u202e乙\ufffe丙\x1b丁"
ADMITTED = "第一條\ufffd甲\ufffd乙\ufffd丙\ufffd丁"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def _window(make_window: Any, arun: Any, pdf: Path, store: Path) -> Any:
    w = make_window(str(pdf), "--store", str(store))
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    return w


@pytest.fixture
def quiet_quit(qapp: Any) -> Any:
    # Closing the only window would quit the app's event loop, which the test still runs on.
    qapp.setQuitOnLastWindowClosed(False)
    yield
    qapp.setQuitOnLastWindowClosed(True)


def test_a_paste_is_admitted_stored_with_placeholders_and_said(
    make_window: Any, arun: Any, quiet_quit: None, sample_pdf: Path, tmp_path: Path
) -> None:
    store_path = tmp_path / "review.sqlite3"
    w = _window(make_window, arun, sample_pdf, store_path)
    edit = w.editor.editor
    edit.setFocus()
    edit.selectAll()
    QGuiApplication.clipboard().setText(PASTED)
    edit.paste()  # Qt's own paste: through insertFromMimeData, as Ctrl+V and a drop
    assert w.editor.text() == ADMITTED
    assert "4 control or invalid character(s)" in w.statusBar().currentMessage()
    arun(w.controller.save_now())
    w.close()
    arun(wait_for(lambda: w.controller.workspace is None, what="the document to close"))
    arun(w.runner.drain())
    store = ReviewStore(store_path, author="check")
    try:
        edits = [v.text for v in store.versions(0) if v.kind is VersionKind.EDIT]
        assert edits[-1] == ADMITTED
    finally:
        store.close()


def test_stored_bidi_controls_and_a_bidi_model_id_are_shown_never_applied(
    make_window: Any, arun: Any, quiet_quit: None, sample_pdf: Path, tmp_path: Path
) -> None:
    store_path = tmp_path / "review.sqlite3"
    session = DocumentSession.open(sample_pdf, store_path=store_path)
    try:  # as a store from before the boundary holds them
        provenance = {"engine": "vllm", "model": "m\u202egnp.exe"}
        session.store.add_version(0, VersionKind.OCR, f"甲{BIDI}乙\x07", provenance)
    finally:
        session.close()
    w = _window(make_window, arun, sample_pdf, store_path)
    shown = w.editor.editor.toPlainText()
    assert not set(shown) & set(BIDI + "\x07")
    assert shown == "甲" + "\ufffd" * len(BIDI) + "乙\ufffd"  # one symbol each: offsets hold
    assert "m\ufffdgnp.exe" in w.source_label.text()  # the model id, drawn visibly
    history = w.history
    arun(wait_for(lambda: history.model.rowCount() > 0, what="the history"))
    history.list.selectAll()  # every version: the diff shows the stored text
    arun(wait_for(lambda: "甲" in history.diff.toPlainText(), what="the diff"))
    assert not set(history.diff.toPlainText()) & set(BIDI + "\x07")
    assert not set(history.provenance.text()) & set(BIDI)
