"""Review round 3 (9bc3aba): the page reviews' cache keeps the last two alternates'
reviews per page. Counted calls of the real ``DocumentReviews._compute`` on a real
SQLite store: memory stays bounded per page, and whatever invalidated the one
review before (a new version, a variant file edited in place, the page's own-text
marks) invalidates both entries now.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.review.page_aids import AidSettings
from backend.session.document_review import CACHED_ALTERNATES
from backend.session.document_session import DocumentSession
from backend.session.own_text import own_text_key
from tests.backend.review.tables import OPTIONS, with_user_variants
from tests.backend.session.review_cache_helpers import Counted, page_with_readings

TEXT = "甲方得以於十日內提出答辯狀。\n原告請求新臺幣壹萬元。"
OWN = TEXT.replace("得以", "應以")  # the page's own alternate: a critical modal word
CHOSEN = TEXT.replace("甲", "乙")  # another model's reading: 乙 where the page has 甲


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[DocumentSession, int, int]]:
    with page_with_readings(tmp_path, TEXT, OWN, CHOSEN) as found:
        yield found


def both(session: DocumentSession, own: int, chosen: int, settings: AidSettings) -> None:
    session.reviews.review(0, settings=settings)  # the page's own alternate
    session.reviews.review(0, alternate_id=chosen, settings=settings)


def test_many_chosen_readings_keep_two_reviews_per_page(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, chosen = page
    others = [
        session.store.add_version(
            0, VersionKind.OCR, TEXT + "x" * n, {"model": f"m{n}"}, history_only=True
        )[0].id
        for n in range(1, 6)
    ]
    counted = Counted(session, monkeypatch)
    for other in [chosen, *others]:
        session.reviews.review(0, alternate_id=other)
        session.reviews.review(0)
        assert len(session.reviews._cache[0]) <= CACHED_ALTERNATES
    assert set(session.reviews._cache[0]) == {others[-1], own}
    counted.take()
    session.reviews.review(0, alternate_id=others[-1])
    session.reviews.review(0)
    assert counted.take() == []  # the last two: answered from the cache
    session.reviews.review(0, alternate_id=chosen)
    assert counted.take() == [chosen]  # evicted long ago
    assert len(session.reviews._cache[0]) == CACHED_ALTERNATES


def test_typing_on_a_page_does_not_grow_its_entries(
    page: tuple[DocumentSession, int, int],
) -> None:
    session, _own, chosen = page
    for n in range(20):
        session.reviews.review(0, text=TEXT + "。" * n)
        session.reviews.review(0, alternate_id=chosen, text=TEXT + "。" * n)
    assert len(session.reviews._cache[0]) == CACHED_ALTERNATES


def test_a_new_version_reviews_both_entries_again(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, chosen = page
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    counted = Counted(session, monkeypatch)
    session.store.add_version(0, VersionKind.EDIT, CHOSEN)  # the reviewer takes 乙
    assert session.reviews.review(0, alternate_id=chosen).agreement == 1.0
    own_review = session.reviews.review(0)
    assert sorted(counted.take()) == sorted([chosen, own])
    assert own_review.agreement is not None and own_review.agreement < 1.0


def test_a_variant_file_edited_in_place_reviews_both_entries_again(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    session, own, chosen = page
    extra = tmp_path / "mine.tsv"
    extra.write_text("乙\t甲\n", "utf-8")  # 乙 read as 甲: the chosen reading agrees
    settings = AidSettings(compare=with_user_variants(extra))
    assert session.reviews.review(0, alternate_id=chosen, settings=settings).agreement == 1.0
    session.reviews.review(0, settings=settings)
    counted = Counted(session, monkeypatch)
    before = extra.stat().st_mtime_ns
    extra.write_text("乙\t丙\n", "utf-8")  # the same size: only the time tells the edit
    os.utime(extra, ns=(before + 2_000_000_000, before + 2_000_000_000))
    chosen_review = session.reviews.review(0, alternate_id=chosen, settings=settings)
    session.reviews.review(0, settings=settings)
    assert sorted(counted.take()) == sorted([chosen, own])
    assert chosen_review.agreement is not None and chosen_review.agreement < 1.0


def test_the_pages_own_text_marks_review_both_entries_again(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, chosen = page
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    counted = Counted(session, monkeypatch)
    session.store.set_meta(own_text_key(0), json.dumps([["□", "", 0]], ensure_ascii=False))
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    assert sorted(counted.take()) == sorted([chosen, own])
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    assert counted.take() == []


def test_another_page_keeps_its_entries(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, own, chosen = page
    session.store.add_version(1, VersionKind.OCR, TEXT, {"model": "model-a"})
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    session.reviews.review(1)
    counted = Counted(session, monkeypatch)
    session.store.add_version(1, VersionKind.EDIT, CHOSEN)  # page 2 changes: not page 1
    both(session, own, chosen, AidSettings(compare=OPTIONS))
    assert counted.take() == []


def test_the_editors_review_and_the_page_summary_of_one_text_share_the_cache(
    page: tuple[DocumentSession, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, _own, _chosen = page
    session.save_draft(0, TEXT + "。")  # autosaved: the draft is what the editor shows
    session.reviews.review(0, text=TEXT + "。")
    session.reviews.summaries([0])
    counted = Counted(session, monkeypatch)
    for _refresh in range(3):  # the editor's review, then the page list's summaries
        session.reviews.review(0, text=TEXT + "。")
        session.reviews.summaries([0])
    assert counted.take() == []
