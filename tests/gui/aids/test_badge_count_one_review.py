"""The page list's critical badge (``aid_review.review_text``) and approval count the
same open critical items, both read from the session's one page review (issue 27,
point 1): a page whose chosen reading agrees and whose own alternate disagrees."""

from __future__ import annotations

import pytest

from backend.models import VersionKind
from backend.session.approval import approval_items
from backend.session.document_session import DocumentSession
from gui.services.aid_review import review_text
from tests.backend.review.tables import SETTINGS
from tests.backend.session.page_findings_helpers import ALTERNATE, TEXT, _spied, session

__all__ = ["session"]  # the fixture of the backend test, used as it is


def test_the_badge_and_approval_count_the_same_open_critical_items(
    session: DocumentSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    session.store.add_version(0, VersionKind.ALTERNATE, ALTERNATE, {"engine": "rapidocr"})
    agreeing, _change = session.store.add_version(
        0, VersionKind.OCR, TEXT, {"engine": "vllm", "model": "model-b"}, history_only=True
    )
    seen = _spied(monkeypatch)
    settings = SETTINGS
    review, alternates, badge = review_text(session, 0, TEXT, agreeing.id, settings)
    items = approval_items(session, 0, TEXT, agreeing.id, settings)
    assert len(seen) == 2  # one review each, none computed beside it
    assert seen[0].critical == seen[1].critical == items.critical
    assert badge == len(items.critical) == 1  # the own alternate's 得以 → 應以
    assert review is seen[0].review and review.agreement == 1.0  # the chosen agrees
    assert agreeing.id in [v.id for v in alternates]
