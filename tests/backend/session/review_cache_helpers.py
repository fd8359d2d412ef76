"""Counting the page reviews a session really computes, on a page with two readings.

Shared by the review-cache tests and the page-list badge's cost test: both ask how
often ``DocumentReviews._compute`` runs (what the cache is for), never how long.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.pdf_factory import text_pdf


class Counted:
    """Every review computed (not served from the cache), by the alternate it used."""

    def __init__(self, session: DocumentSession, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[int | None] = []
        compute = session.reviews._compute

        def counted(page: int, alternate_id: int | None, *args: Any) -> Any:
            self.calls.append(alternate_id)
            return compute(page, alternate_id, *args)

        monkeypatch.setattr(session.reviews, "_compute", counted)

    def take(self) -> list[int | None]:
        calls, self.calls = self.calls, []
        return calls


@contextmanager
def page_with_readings(
    tmp_path: Path, text: str, own: str, chosen: str
) -> Iterator[tuple[DocumentSession, int, int]]:
    """A session whose page 1 reads ``text``, with its own alternate (``own``) and
    another model's reading (``chosen``) in its history; yields their version ids."""
    pdf = text_pdf(tmp_path / "case.pdf", ["page one", "page two"])
    session = DocumentSession.open(pdf, store_path=tmp_path / "r.db")
    try:
        store = session.store
        store.add_version(0, VersionKind.OCR, text, {"engine": "vllm", "model": "model-a"})
        own_id = store.add_version(0, VersionKind.ALTERNATE, own, {"engine": "rapidocr"})[0].id
        chosen_id = store.add_version(
            0, VersionKind.OCR, chosen, {"engine": "vllm", "model": "model-b"}, history_only=True
        )[0].id
        yield session, own_id, chosen_id
    finally:
        session.close()
