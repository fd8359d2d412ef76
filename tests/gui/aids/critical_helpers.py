"""The critical-review window: the sample with page 1's alternate reading 應以 for 得以 and
page 5's missing its two blurred party lines (``texts``), open in a real ``window``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.conftest import DATA
from tests.gui.aids.review_helpers import wait_reviewed
from tests.gui.conftest import wait_for

PARTY_LINES = ("答辯人即被告【blurry】\n", "為就原告請求【blurry】\n")


@pytest.fixture
def texts(sample_pdf: Path) -> dict[int, str]:
    """The sample's transcripts; page 1's alternate reads 應以 for 得以, page 5's
    could not read the two blurred party lines (as RapidOCR did)."""
    session = DocumentSession.open(sample_pdf)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    texts = {p: session.page_state(p).text for p in range(session.page_count)}
    store = session.store
    store.add_version(
        0, VersionKind.ALTERNATE, texts[0].replace("得以", "應以", 1), {"engine": "x"}
    )
    unread = texts[4]
    for line in PARTY_LINES:
        unread = unread.replace(line, "")
    store.add_version(4, VersionKind.ALTERNATE, unread, {"engine": "rapidocr"})
    session.close()
    return texts


@pytest.fixture
def window(make_window: Any, arun: Any, sample_pdf: Path, texts: dict[int, str]) -> MainWindow:
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    wait_reviewed(w, arun)
    w.activateWindow()
    w.editor.editor.setFocus()
    return w


def _store(w: MainWindow) -> Any:
    assert w.controller.workspace is not None
    return w.controller.workspace.session.store
