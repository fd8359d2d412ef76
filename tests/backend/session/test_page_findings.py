"""A page's review is one object (issue 27, point 1): ``DocumentReviews.findings``.
``proofdesk eval`` names the critical items the review names for the same pair, and
approval and the page list's badge count read their open critical items from the
one function."""

from __future__ import annotations

import pytest

from backend.models import VersionKind
from backend.review.values import FlagKind
from backend.session.approval import approval_items
from backend.session.document_session import DocumentSession
from backend.session.evaluation import evaluate_document
from tests.backend.review.tables import SETTINGS
from tests.backend.session.page_findings_helpers import ALTERNATE, TEXT, _spied, session

__all__ = ["session"]  # the fixture


def test_eval_names_the_critical_items_the_review_names(session: DocumentSession) -> None:
    alternate, _change = session.store.add_version(
        0, VersionKind.ALTERNATE, ALTERNATE, {"engine": "rapidocr"}
    )
    review = session.review(0, alternate_id=alternate.id)
    critical = tuple(f for f in review.flags if f.kind is FlagKind.CRITICAL)
    # One error, 得以 read 應以: one item, the critical term and its difference together.
    assert len(critical) == 1 and critical[0].also_diff
    report = evaluate_document(
        session.store, session.page_count, "current", f"version:{alternate.id}", None
    )
    assert report.pages[0].critical == critical


def test_approval_asks_about_the_reviews_open_critical_items(
    session: DocumentSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The page's own alternate disputes 得以; the chosen reading (another model's)
    # agrees with the transcript: the open item is the own alternate's.
    session.store.add_version(0, VersionKind.ALTERNATE, ALTERNATE, {"engine": "rapidocr"})
    agreeing, _change = session.store.add_version(
        0, VersionKind.OCR, TEXT, {"engine": "vllm", "model": "model-b"}, history_only=True
    )
    seen = _spied(monkeypatch)
    items = approval_items(session, 0, TEXT, agreeing.id, SETTINGS)
    assert len(seen) == 1  # approval computes nothing of its own
    found = seen[0]
    assert found.review.agreement == 1.0 and found.diagnoses == ()
    assert items.critical == found.critical and len(items.critical) == 1
    assert "得以" in items.critical[0].detail
    assert items.markers == found.markers and [TEXT[f.start : f.end] for f in items.markers] == [
        "【模糊】"
    ]
