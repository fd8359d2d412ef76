"""What a page review reads of the pages before it, for a table that runs into the page
(``DocumentReviews.continues``): on the team server each store call is a round trip, and
the page list and the review queue review every page, cached or not. A review reads the
pages before in one call, and only when the page starts with a headerless table; the
header found is the one the pages read one at a time gave. Counted on a real SQLite
store (its ``working_texts`` calls recorded, then run)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.session.document_review import DocumentReviews
from backend.store.review_store import ReviewStore
from backend.tables.continued import CHAIN_PAGES, may_continue, running_header

FIRST = "附表\n\n| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 手機 | 參仟 |\n"
MIDDLE = "| 2 | 存摺 | 壹萬 |\n| 3 | 現金 | 貳佰 |\n"  # all one headerless table
PROSE = "第一條　本頁無表格。"
HEADER = ("編號", "物品", "金額")
# The header's page, then middle pages: the last of them is CHAIN_PAGES + 1 past the
# header (the most running_header reads), the one after is past it; then prose, then a
# table that starts after prose (continues nothing).
PAGES = [FIRST] + [MIDDLE] * (CHAIN_PAGES + 2) + [PROSE, "前言\n\n" + MIDDLE]
LAST_REACHED = CHAIN_PAGES + 1


class CountedStore(ReviewStore):
    """The real store, its ``working_texts`` calls recorded (first, last)."""

    def __init__(self, path: Path, *, author: str) -> None:
        super().__init__(path, author=author)
        self.reads: list[tuple[int, int | None]] = []

    def working_texts(self, first: int = 0, last: int | None = None) -> dict[int, str]:
        self.reads.append((first, last))
        return super().working_texts(first, last)

    def take(self) -> list[tuple[int, int | None]]:
        reads, self.reads = self.reads, []
        return reads


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CountedStore]:
    store = CountedStore(tmp_path / "doc.review", author="ana")
    try:
        store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(PAGES)])
        yield store
    finally:
        store.close()


def before(reads: list[tuple[int, int | None]], page: int) -> list[tuple[int, int | None]]:
    """The reads of any page before ``page``."""
    return [(first, last) for first, last in reads if first < page]


def test_a_cached_review_reads_the_pages_before_once_and_only_in_a_table(
    store: CountedStore,
) -> None:
    reviews = DocumentReviews(store)
    reviews.facts = None  # its index reads every page at first; not what is counted here
    for page in range(len(PAGES)):
        reviews.review(page)
        first = store.take()
        reviews.review(page)  # from the cache: what the page list's refresh costs
        cached = store.take()
        opens = may_continue(PAGES[page])
        assert len(before(first, page)) == (1 if page and opens else 0), page
        # The page's own text is read once, at its first review (no draft: kept by id);
        # then only the pages before that gave the header (here every page back to the
        # header's, or CHAIN_PAGES + 1 pages), in one call.
        assert cached == ([(max(0, page - LAST_REACHED), page - 1)] if page and opens else [])
    assert reviews.review(LAST_REACHED).continues == HEADER


def test_the_header_is_the_one_the_pages_read_one_at_a_time_give(
    store: CountedStore,
) -> None:
    reviews = DocumentReviews(store)
    found = [reviews.review(p).continues for p in range(len(PAGES))]
    one_by_one = [
        running_header(store.working_text(q) for q in range(p - 1, -1, -1))
        for p in range(len(PAGES))
    ]
    # A page that does not start with a headerless table is given none: no header could
    # change its review (the prose page, the table after a heading, the first page).
    expected = [h if may_continue(PAGES[p]) else () for p, h in enumerate(one_by_one)]
    assert found == expected
    assert found[1] == found[LAST_REACHED] == HEADER
    assert found[LAST_REACHED + 1] == ()  # past CHAIN_PAGES
    # Drafts are read as the editor shows them: the page's own (a table after prose
    # made the page's top: it continues) and the pages before (one breaks the chain).
    last = len(PAGES) - 1
    store.save_draft(last - 1, FIRST)
    store.save_draft(last, MIDDLE)
    assert reviews.review(last).continues == HEADER
    store.save_draft(2, PROSE)
    assert reviews.review(3).continues == ()
    assert reviews.review(1).continues == HEADER


def test_when_a_page_before_changed_every_page_it_may_need_is_read(tmp_path: Path) -> None:
    store = CountedStore(tmp_path / "doc.review", author="ana")
    try:
        pages = [PROSE, PROSE, FIRST, MIDDLE]
        store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(pages)])
        reviews = DocumentReviews(store)
        reviews.facts = None
        assert reviews.review(3).continues == HEADER
        store.take()
        assert reviews.review(3).continues == HEADER
        assert store.take() == [(2, 2)]  # the header's page alone: what gave it
        store.save_draft(2, MIDDLE)  # now a middle page: the pages before it matter
        # What gave the header changed: a second call reads every page it may need.
        assert reviews.review(3).continues == ()  # page 1 is prose
        assert store.take() == [(2, 2), (0, 2)]
        assert reviews.review(3).continues == ()
        assert store.take() == [(1, 2)]  # the pages that ended it
        store.save_draft(1, FIRST)
        assert reviews.review(3).continues == HEADER  # over three pages now
        assert store.take() == [(1, 2), (0, 2)]
        assert reviews.review(3).continues == HEADER
        assert store.take() == [(1, 2)]
    finally:
        store.close()
