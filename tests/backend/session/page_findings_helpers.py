"""A one-page session read as ``TEXT`` (its 得以 read 應以 by ``ALTERNATE``), and ``_spied``,
which records every ``DocumentReviews.findings`` result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.session.document_review import DocumentReviews
from backend.session.document_session import DocumentSession
from tests import pdf_factory

TEXT = "第四條\n原本字跡模糊無法辨認者，得以【模糊】標示之。\n"
ALTERNATE = TEXT.replace("得以", "應以")


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "doc.review")
    s.add_reading(0, TEXT, {"engine": "vllm", "model": "model-a"})
    yield s
    s.close()


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every ``DocumentReviews.findings`` result from now on, in order."""
    seen: list[Any] = []
    real = DocumentReviews.findings

    def spy(self: DocumentReviews, *args: Any, **kwargs: Any) -> Any:
        seen.append(real(self, *args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(DocumentReviews, "findings", spy)
    return seen
