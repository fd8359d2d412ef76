"""What makes the facts fast on a long document (issue 24's speed goals) keeps them the
same: the rows' codec, the digests read as bytes, the collector paused, and a save that
changes one sum building again only that sum's variants (the page's others moved)."""

from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

import pytest

from backend.facts.extract import facts_of_page
from backend.facts.groups import Variant, group_facts
from backend.facts.model import Fact, FactKind
from backend.models import VersionKind
from backend.session.facts import DocumentFacts, gc_paused
from backend.session.facts_codec import decode, encode
from backend.store.facts_rows import text_digest
from backend.store.review_store import ReviewStore


def test_a_row_decodes_to_the_facts_it_was_encoded_from() -> None:
    facts = (
        Fact(FactKind.CASE_NUMBER, "一一四年度訴字第五六號", 4, 0, 11, "", "114訴56"),
        Fact(FactKind.AMOUNT, "新臺幣5,000元", 4, 20, 31, "給付", "5000"),
        Fact(FactKind.PARTY, "林○○", 4, 40, 43, "原告", "林○○"),
    )
    assert decode(4, encode(facts)) == facts
    assert decode(4, encode(())) == ()
    odd = (Fact(FactKind.GLOSSARY, "a\x1fb", 4, 1, 4, "a\x1fb", "ab"),)  # a separator in it
    assert encode(odd).startswith("[") and decode(4, encode(odd)) == odd
    made = decode(4, encode(facts))
    assert made is not None and hash(made) == hash(facts) and made[1].label == "給付"
    with pytest.raises(AttributeError):  # still frozen
        made[0].page = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    "payload",
    [
        "not\x1fa fact",  # too few fields
        "amount\x1fx\x1f1\x1f2\x1f\x1fk\x1fextra",  # too many
        "amount\x1fx\x1f1\x1f2\x1f\x1fk\x1eamount\x1fy\x1f3",  # the second record short
        "weather\x1fx\x1f1\x1f2\x1f\x1fk",  # no such kind
        "amount\x1fx\x1fone\x1f2\x1f\x1fk",  # an offset that is no number
        '[["amount", "x", "1", "2", ""]]',
    ],
)
def test_a_damaged_row_decodes_to_none(payload: str) -> None:
    assert decode(0, payload) is None


def test_the_stores_digests_are_those_of_each_pages_working_text(tmp_path: Path) -> None:
    store = ReviewStore(tmp_path / "doc.review", author="ana")
    try:
        store.add_versions([(p, VersionKind.OCR, f"第{p}頁 原告 林○○ ＡＢ", {}) for p in range(3)])
        store.save_draft(1, "草稿：被告 某某股份有限公司")  # a draft wins
        store.save_draft(5, "只有草稿的頁")  # a page with a draft only
        store.save_draft(2, "")  # an empty draft is the page's text too
        texts = store.working_texts()
        assert sorted(texts) == [0, 1, 2, 5] and texts[1].startswith("草稿")
        assert store.text_digests() == {p: text_digest(t) for p, t in texts.items()}
    finally:
        store.close()


def test_the_collector_is_paused_and_left_as_it_was() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer's
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
    with pytest.raises(KeyError), gc_paused():
        raise KeyError
    assert gc.isenabled()


def test_a_changed_sum_builds_only_its_variants_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every page: two sums that recur on every page; a save changes the first on one
    # page, which moves the second (one character longer before it).
    texts = [f"第{n}頁\n應給付新臺幣3萬元。\n另給付新臺幣8萬元。" for n in range(6)]
    store = ReviewStore(tmp_path / "doc.review", author="ana")
    try:
        store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(texts)])
        facts = DocumentFacts(store)
        facts.groups()
        texts[2] = texts[2].replace("3萬元", "13萬元")
        store.add_version(2, VersionKind.EDIT, texts[2], {})
        facts.page_changed(2)  # the first change of the sums: their kind's grouping made
        built: Counter[str] = Counter()
        made = Variant.made.__func__  # type: ignore[attr-defined]

        def counted(cls: type[Variant], key: str, *args: object) -> Variant:
            built[key] += 1
            return made(cls, key, *args)  # type: ignore[no-any-return]

        monkeypatch.setattr(Variant, "made", classmethod(counted))
        texts[4] = texts[4].replace("3萬元", "30萬元")
        store.add_version(4, VersionKind.EDIT, texts[4], {})
        assert facts.page_changed(4)
        groups = facts.groups()
        monkeypatch.undo()  # grouping from scratch, below, builds every variant
        every = [f for p, t in enumerate(texts) for f in facts_of_page(p, t)]
        assert groups == group_facts(every)
        eight = [f for f in facts.facts(4) if f.value.endswith("8萬元")]
        assert eight and texts[4][eight[0].start : eight[0].end] == eight[0].value
        assert built and not any("8" in key for key in built), built  # 8萬元 only moved
    finally:
        store.close()
