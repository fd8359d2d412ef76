"""The document's facts kept current (issue 24 points 1, 2 and 5): ``DocumentFacts``
over a real store, and its cross-page flags in the page's review."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.facts.checks import cross_page_flags
from backend.facts.extract import facts_of_page
from backend.facts.groups import group_facts
from backend.models import VersionKind
from backend.review.values import Flag, FlagKind
from backend.session.document_review import DocumentReviews
from backend.session.facts import DocumentFacts
from backend.session.facts_cache import GROUPS_KEY
from backend.session.facts_glossary import export_glossary, import_glossary
from backend.store.review_store import ReviewStore

RIGHT, WRONG = "一一四年度訴字第五六號", "一一四年度訴字第五八號"


def page(n: int, case: str = RIGHT) -> str:
    return f"臺灣臺北地方法院民事判決\n{case}\n原告 林志明\n被告 王大同\n第{n + 1}頁"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "doc.review", author="ana")
    yield s
    s.close()


def fill(store: ReviewStore, texts: list[str]) -> None:
    store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(texts)])


def critical(flags: tuple[Flag, ...]) -> list[str | None]:
    return [f.replacement for f in flags if f.kind is FlagKind.CRITICAL]


def test_a_cross_page_flag_is_a_critical_item_of_the_pages_review(store: ReviewStore) -> None:
    fill(store, [page(n, WRONG if n == 6 else RIGHT) for n in range(8)])
    reviews = DocumentReviews(store)
    found = reviews.findings(6)
    assert critical(found.critical) == [RIGHT]  # no alternate: only the document knows
    assert "pages 1–6 and 8" in found.critical[0].detail
    assert reviews.findings(5).critical == ()
    # Typing the fix (not yet saved): the page is read again for the review of that text.
    assert reviews.review(6, text=page(6)).flags == ()


def test_a_save_on_another_page_reviews_this_page_again(store: ReviewStore) -> None:
    fill(store, [page(n, WRONG if n == 6 else RIGHT) for n in range(7)])
    reviews = DocumentReviews(store)
    assert critical(reviews.review(6).flags) == [RIGHT]
    assert reviews.review(0).flags == ()
    # Pages 1-5 now read 第五八號 too: page 6, whose own text did not change, is no longer
    # the odd one out; page 0 is.
    for n in range(1, 6):
        store.add_version(n, VersionKind.EDIT, page(n, WRONG), {})
    assert reviews.facts is not None
    assert reviews.facts.pages_changed(range(7)) == [1, 2, 3, 4, 5]
    assert reviews.review(6).flags == ()
    assert critical(reviews.review(0).flags) == [WRONG]


def test_typing_that_moves_facts_keeps_the_groups_as_grouping_anew_would(
    store: ReviewStore,
) -> None:
    texts = [page(n, WRONG if n == 4 else RIGHT) for n in range(7)]
    fill(store, texts)
    facts = DocumentFacts(store)
    facts.groups()
    for n, edit in enumerate(["臺灣", "原告", "頁"]):  # before the first, the middle, the end
        moved = texts[4].replace(edit, edit + "（補）" * (n + 1), 1)
        assert facts.page_changed(4, moved)
        texts[4] = moved
        every = [f for p, t in enumerate(texts) for f in facts_of_page(p, t)]
        assert facts.groups() == group_facts(every)
        expected = cross_page_flags(group_facts(every)).get(4, [])
        assert list(facts.flags_for(4)) == expected and expected
        assert facts.flags_for(4)[0].start == texts[4].index(WRONG)


def test_a_changed_page_is_read_again_alone_and_only_once(store: ReviewStore) -> None:
    fill(store, [page(n) for n in range(5)])
    facts = DocumentFacts(store)
    facts.load()
    assert facts.read_pages == 5
    store.save_draft(3, page(3, WRONG))  # a draft is the working text, as in the editor
    assert facts.pages_changed(range(5)) == [3]
    assert facts.read_pages == 6
    assert facts.page_changed(3) is False
    assert [f.value for f in facts.facts(3) if f.value.endswith("號")] == [WRONG]


def test_a_damaged_row_is_read_again(store: ReviewStore) -> None:
    fill(store, [page(n) for n in range(3)])
    DocumentFacts(store).load()
    source = store.facts_rows()[1][0]
    store.put_facts([(1, source, "not\x1fa fact")])
    again = DocumentFacts(store)
    again.load()
    assert again.read_pages == 1
    assert again.facts(1) and store.facts_rows()[1][1] != "not\x1fa fact"


def test_the_glossary_is_kept_with_the_document_and_read_with_every_page(
    tmp_path: Path,
) -> None:
    path = tmp_path / "doc.review"
    store = ReviewStore(path, author="ana")
    fill(store, [page(n) for n in range(4)])
    facts = DocumentFacts(store)
    facts.load()
    assert facts.set_glossary([" 林志明", "王大同", "林志明", ""]) == ("林志明", "王大同")
    assert facts.read_pages == 8  # the terms are read on every page: all read again
    store.close()
    store = ReviewStore(path, author="ana")
    again = DocumentFacts(store)
    assert again.glossary() == ("林志明", "王大同")
    assert again.read_pages == 0  # the index was read with these terms
    out = tmp_path / "terms.json"
    export_glossary(again.glossary(), out)
    assert import_glossary(out) == ("林志明", "王大同")
    store.close()


def test_a_changed_fact_regroups_its_kind_as_grouping_anew_would(store: ReviewStore) -> None:
    texts = [page(n) + f"\n賠償新臺幣{n % 2 + 1}萬元" for n in range(8)]
    fill(store, texts)
    facts = DocumentFacts(store)
    facts.groups()
    for n, (old, new) in enumerate([(RIGHT, WRONG), ("林志明", "林志朋"), ("萬元", "萬元整")]):
        texts[n + 2] = texts[n + 2].replace(old, new, 1)
        store.add_version(n + 2, VersionKind.EDIT, texts[n + 2], {})
        assert facts.page_changed(n + 2)
        every = [f for p, t in enumerate(texts) for f in facts_of_page(p, t)]
        assert facts.groups() == group_facts(every)
        for p in range(8):
            assert list(facts.flags_for(p)) == cross_page_flags(group_facts(every)).get(p, [])
        facts.keep()  # the groups hold the pages' facts themselves: every place is named
    store.add_version(1, VersionKind.EDIT, texts[1], {})  # the same text: nothing to read
    reopened = DocumentFacts(store)
    assert reopened.groups() == facts.groups() and reopened.read_pages == 0


def test_the_grouping_is_kept_for_the_next_open_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "doc.review"
    store = ReviewStore(path, author="ana")
    texts = [page(n, WRONG if n == 6 else RIGHT) for n in range(8)]
    fill(store, texts)
    DocumentFacts(store).groups()  # grouped, and kept
    store.close()
    store = ReviewStore(path, author="ana")
    # Typing before the facts of page 6 (saved while closed): moves, changes nothing.
    store.add_version(6, VersionKind.EDIT, "（續）" + texts[6], {})
    stored = json.loads(store.get_meta(GROUPS_KEY) or "{}")
    stored["groups"][0][1] = "read back"  # a mark only the stored grouping has
    store.set_meta(GROUPS_KEY, json.dumps(stored))
    facts = DocumentFacts(store)
    assert facts.groups()[0].label == "read back"  # not grouped anew
    assert facts.read_pages == 1
    assert facts.flags_for(6)[0].start == texts[6].index(WRONG) + len("（續）")
    # A changed fact: the stamp no longer holds, so it is grouped anew.
    store.add_version(2, VersionKind.EDIT, page(2, "一一四年度訴字第五七號"), {})
    again = DocumentFacts(store)
    assert again.groups()[0].label == ""
    store.close()


def test_typing_reviewed_is_kept_in_memory_until_a_save_stores_its_row(
    store: ReviewStore,
) -> None:
    fill(store, [page(n) for n in range(3)])
    facts = DocumentFacts(store)
    facts.load()
    rows = store.facts_rows()
    assert facts.flags_for(1, page(1) + "（打字中）") == ()
    assert store.facts_rows() == rows  # no write for text the editor has not saved
    store.add_version(2, VersionKind.EDIT, page(2, WRONG), {})
    facts.page_changed(2)
    assert store.facts_rows()[1] != rows[1]  # stored with the save's row


def test_a_variant_of_a_glossary_term_is_flagged_in_the_pages_review(store: ReviewStore) -> None:
    fill(store, ["本件由林志明負責。", "證人林志朋到庭。"])
    reviews = DocumentReviews(store)
    assert reviews.review(1).flags == ()  # once on each page: nothing to go by
    assert reviews.facts is not None
    reviews.facts.set_glossary(["林志明"])  # the reviewer says how the name is written
    assert critical(reviews.review(1).flags) == ["林志明"]
    assert reviews.review(0).flags == ()
