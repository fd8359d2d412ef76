"""Approving in the real window (Ctrl+Enter, answering the question about the open
critical item) stores what became of the page's critical items (issue 26): raised by
its machine reading against its alternate, dismissed where the approved text kept the
machine's reading, accepted where it took the alternate's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.gui.aids.review_helpers import press, wait_reviewed
from tests.gui.conftest import wait_for

CTRL = Qt.KeyboardModifier.ControlModifier
READ = "被告應給付原告新臺幣三萬元整，原告得以再為請求。"
ALT = "被告應給付原告新臺幣五萬元整，原告應以再為請求。"
APPROVED = "被告應給付原告新臺幣五萬元整，原告得以再為請求。"  # the amount taken, 得以 kept


def test_an_approval_in_the_window_stores_the_outcomes(
    make_window: Any, arun: Any, dialogs: Any, sample_pdf: Path
) -> None:
    session = DocumentSession.open(sample_pdf)
    session.store.add_version(0, VersionKind.OCR, READ, {"engine": "vllm", "model": "m"})
    session.store.add_version(0, VersionKind.ALTERNATE, ALT, {"engine": "rapidocr"})
    session.store.add_version(0, VersionKind.EDIT, APPROVED)
    session.close()
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    wait_reviewed(w, arun)
    w.activateWindow()
    w.editor.editor.setFocus()
    dialogs.answers = ["Yes"]  # approve, 得以 kept against the alternate's 應以
    press(w, Qt.Key.Key_Return, CTRL)
    ws = w.controller.workspace
    assert ws is not None
    store = ws.session.store
    arun(wait_for(lambda: store.status(0) is ReviewStatus.APPROVED, what="the approval"))
    arun(w.runner.drain())
    rows = (
        store.local()
        .connection.execute(
            "SELECT raised, accepted, dismissed, items FROM critical_outcomes WHERE page = 0"
        )
        .fetchall()
    )
    assert [r[:3] for r in rows] == [(2, 1, 1)]
    outcomes = {i["read"]: i["outcome"] for i in json.loads(rows[0][3])}
    assert outcomes == {"新臺幣三萬元": "accepted", "得以": "dismissed"}
