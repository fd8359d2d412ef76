"""The export dialog on the sample (its VLM-style transcripts imported, page 3 approved),
its store calls on one thread as the Workspace makes them: ``session``, ``dialog``, and
``_choose`` to pick a format."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from backend.export import ExportFormat
from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession
from gui.export.export_dialog import ExportDialog
from tests.conftest import DATA

TRANSCRIPTS = DATA / "legal-sample.vlm-style.jsonl"


@pytest.fixture
def session(sample_pdf: Path, tmp_path: Path) -> Iterator[DocumentSession]:
    s = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    s.import_transcripts(TRANSCRIPTS)
    s.set_status(2, ReviewStatus.APPROVED)
    yield s
    s.close()


@pytest.fixture
def dialog(
    qtbot: Any, session: DocumentSession, loop: asyncio.AbstractEventLoop
) -> Iterator[ExportDialog]:
    store_thread = ThreadPoolExecutor(1)  # as the Workspace does: one thread owns the store

    async def run_in_store(fn: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(store_thread, fn)

    d = ExportDialog(session, run_in_store)
    qtbot.addWidget(d)
    d.show()
    yield d
    store_thread.shutdown(wait=True)


def _choose(dialog: ExportDialog, fmt: ExportFormat) -> None:
    dialog.format.setCurrentIndex(dialog.format.findData(fmt.value))
