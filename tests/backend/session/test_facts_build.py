"""A document with no facts index is read in steps off the GUI thread (``defer``,
``step``): nothing is read by the first review, progress is told, stopping loses
nothing, and the result is the one reading every page at once gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.facts.checks import cross_page_flags
from backend.facts.extract import facts_of_page
from backend.facts.groups import group_facts
from backend.models import VersionKind
from backend.session import facts_groups
from backend.session.document_review import DocumentReviews
from backend.session.facts import DocumentFacts, FactsProgress
from backend.store.review_store import ReviewStore

RIGHT, WRONG = "一一四年度訴字第五六號", "一一四年度訴字第五八號"
PAGES = 40  # more than FEW_PAGES: left to ``step``


def page(n: int, case: str = RIGHT) -> str:
    head = f"臺灣臺北地方法院民事判決\n{case}\n原告 林志明\n被告 王大同\n"
    return head + f"給付新臺幣{n % 3 + 1}萬元\n第{n + 1}頁"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    store = ReviewStore(tmp_path / "doc.review", author="ana")
    texts = [page(n, WRONG if n == 6 else RIGHT) for n in range(PAGES)]
    store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(texts)])
    store.close()
    return tmp_path / "doc.review"


@pytest.fixture
def store(path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(path, author="ana")
    yield s
    s.close()


def expected(store: ReviewStore) -> tuple[list[object], dict[int, list[object]]]:
    texts = store.working_texts()
    groups = group_facts(f for p in sorted(texts) for f in facts_of_page(p, texts[p]))
    return list(groups), dict(cross_page_flags(groups))


def run(facts: DocumentFacts, pages: int = 15) -> list[FactsProgress]:
    said = [facts.step(pages)]
    while said[-1].more:
        said.append(facts.step(pages))
    return said


def test_the_first_review_reads_no_page_and_the_steps_read_them_all(store: ReviewStore) -> None:
    reviews = DocumentReviews(store)
    assert reviews.facts is not None
    reviews.facts.defer = True
    assert reviews.review(6).flags == ()  # reviewed without the document's facts yet
    assert reviews.facts.read_pages == 0 and not reviews.facts.ready
    assert reviews.facts.groups() == []
    said = run(reviews.facts)
    assert [(s.read, s.to_read) for s in said[:3]] == [(15, 40), (30, 40), (40, 40)]
    # Then a kind grouped a step (seven kinds: ready at the last), the grouping stored,
    # and a last look for a kind to ready (none: each was grouped by its own).
    assert [s.ready for s in said] == [False] * 9 + [True] * 3
    assert said[-1] == FactsProgress(40, 40, ready=True, more=False)
    assert reviews.facts.read_pages == PAGES  # each page once
    groups, flags = expected(store)
    assert reviews.facts.groups() == groups
    assert [f.replacement for f in reviews.review(6).flags] == [RIGHT]  # reviewed again
    assert list(reviews.facts.flags_for(6)) == flags[6]


def test_a_build_stopped_halfway_goes_on_from_its_rows_at_the_next_open(path: Path) -> None:
    store = ReviewStore(path, author="ana")
    facts = DocumentFacts(store, defer=True)
    assert facts.step(15).read == 15
    store.close()  # closed mid-build: the 15 rows are stored
    store = ReviewStore(path, author="ana")
    try:
        again = DocumentFacts(store, defer=True)
        said = run(again)
        assert said[0] == FactsProgress(15, 25, ready=False, more=True)
        assert again.read_pages == 25
        assert again.groups() == expected(store)[0]
    finally:
        store.close()


def test_a_page_saved_during_the_build_is_read_with_its_new_text(store: ReviewStore) -> None:
    facts = DocumentFacts(store, defer=True)
    facts.step(15)
    store.add_version(30, VersionKind.EDIT, page(30, WRONG), {})  # not read yet
    store.add_version(6, VersionKind.EDIT, page(6), {})  # read already: the misreading fixed
    assert facts.page_changed(30) and facts.page_changed(6)
    run(facts)
    groups, flags = expected(store)
    assert facts.groups() == groups
    assert [p for p in range(PAGES) if facts.flags_for(p)] == sorted(flags) == [30]
    assert facts.read_pages == PAGES + 1  # page 30 once, page 6 twice


def test_after_the_steps_a_save_that_changes_a_kind_makes_no_grouping_of_it(
    store: ReviewStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    facts = DocumentFacts(store)  # not deferred: read at once; the steps make the rest
    run(facts)
    made: list[object] = []
    real = facts_groups.FactGrouping

    def counted(*args: object) -> object:
        made.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(facts_groups, "FactGrouping", counted)
    for n, (old, new) in enumerate([(RIGHT, WRONG), ("林志明", "林志朋"), ("萬元", "萬元整")]):
        text = store.working_texts()[10 + n].replace(old, new)
        store.add_version(10 + n, VersionKind.EDIT, text, {})
        assert facts.page_changed(10 + n)
    assert made == []  # each kind's was made by a step, before any save
    assert facts.groups() == expected(store)[0]


def test_without_defer_the_first_call_reads_every_page(store: ReviewStore) -> None:
    facts = DocumentFacts(store)
    assert facts.flags_for(6) and facts.read_pages == PAGES and facts.ready


def test_pages_another_process_saved_are_read_again_and_only_they(path: Path) -> None:
    mine = ReviewStore(path, author="ana")
    other = ReviewStore(path, author="bo")  # a CLI or a second window on the same file
    try:
        facts = DocumentFacts(mine)
        facts.load()
        assert facts.flags_for(6) and facts.catch_up() == []  # nothing changed outside
        read = facts.read_pages
        other.add_version(6, VersionKind.EDIT, page(6), {})  # the misreading fixed there
        other.add_version(9, VersionKind.EDIT, page(9, WRONG), {})  # and one made
        other.add_version(12, VersionKind.EDIT, page(12) + "（同）", {})  # moved, no change
        mine.add_version(3, VersionKind.EDIT, page(3) + "（補）", {})  # my own: told by a save
        assert facts.page_changed(3)
        assert facts.catch_up() == [6, 9, 12]
        assert facts.read_pages == read + 4
        assert facts.catch_up() == []  # looked at: only the stamp is asked again
        assert facts.groups() == expected(mine)[0]
        assert [p for p in range(PAGES) if facts.flags_for(p)] == [9]
    finally:
        other.close()
        mine.close()
