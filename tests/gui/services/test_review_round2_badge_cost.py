"""Review round 2 (4a1c915): what the page list's critical badge costs per pause.

With another reading chosen in the Compare dock, ``review_text`` now reviews the
page twice (the chosen reading, then the page's own alternate) for the badge. The
page reviews' cache holds one review per page, so the two evict each other: the
same text asked again (the next refresh, Approve) computes both diffs again. Counted
calls of the real ``DocumentReviews._compute`` on a real SQLite store; no timing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.review.page_aids import AidSettings
from backend.session.approval import approval_items
from backend.session.document_session import DocumentSession
from gui.services.aid_review import review_text
from tests.backend.review.tables import OPTIONS
from tests.backend.session.review_cache_helpers import Counted, page_with_readings

TEXT = "被告得以於十日內提出答辯狀。\n原告請求新臺幣壹萬元。"
OWN = TEXT.replace("得以", "應以")  # the page's own alternate: a critical modal word
CHOSEN = TEXT  # another model's reading that agrees


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[DocumentSession, int, int]]:
    with page_with_readings(tmp_path, TEXT, OWN, CHOSEN) as found:
        yield found


def test_the_badge_counts_the_own_alternates_item_with_another_reading_chosen(
    page: tuple[DocumentSession, int, int],
) -> None:
    session, _own, chosen = page
    review, _alternates, critical = review_text(
        session, 0, TEXT, chosen, AidSettings(compare=OPTIONS)
    )
    assert review.agreement == 1.0  # the chosen reading agrees...
    assert critical == 1  # ...and the page's own alternate's 得以 → 應以 still counts
    assert critical == len(approval_items(session, 0, TEXT, chosen).critical)


def test_no_reading_chosen_costs_one_review_per_pause(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, _chosen = page
    counted = Counted(session, monkeypatch)
    assert review_text(session, 0, TEXT, None, AidSettings(compare=OPTIONS))[2] == 1
    assert counted.take() == [own]  # one diff, against the page's own alternate
    review_text(session, 0, TEXT, None, AidSettings(compare=OPTIONS))
    assert counted.take() == []  # the same text again: the cache answers


def test_a_chosen_reading_costs_its_two_reviews_once_per_text(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, chosen = page
    counted = Counted(session, monkeypatch)
    review_text(session, 0, TEXT, chosen, AidSettings(compare=OPTIONS))
    assert sorted(map(str, counted.take())) == sorted(map(str, [chosen, own]))
    review_text(
        session, 0, TEXT, chosen, AidSettings(compare=OPTIONS)
    )  # a refresh, the text unchanged
    approval_items(session, 0, TEXT, chosen, AidSettings(compare=OPTIONS))  # then Ctrl+Enter
    assert counted.take() == []
