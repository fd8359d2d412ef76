"""The facts index's life on either store (issue 24 point 1), one walk for both:
the SQLite store (test_facts_index_store) and the team server (tests/team)."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.session.facts import DocumentFacts
from backend.store.facts_rows import text_digest
from backend.store.interface import PageStore

PAGES = [f"臺灣臺北地方法院民事判決 一一四年度訴字第五六號 第{p + 1}頁" for p in range(6)]


def walk(open_store: Callable[[], PageStore]) -> None:
    """Read once, close, open again: nothing is read from text; a page changed while
    the document was closed (a draft: it wins, as in the editor) is read again alone."""
    store = open_store()
    for page, text in enumerate(PAGES):
        store.add_version(page, VersionKind.OCR, text, {"engine": "test"})
    first = DocumentFacts(store)
    first.load()
    assert first.read_pages == len(PAGES)
    assert set(store.facts_rows()) == set(range(len(PAGES)))
    assert store.text_digests() == {p: text_digest(t) for p, t in enumerate(PAGES)}
    store.save_draft(3, PAGES[3] + " 補正")
    assert store.text_digests()[3] == text_digest(PAGES[3] + " 補正")
    # The whole document's texts in one read (find & replace's preview): as each page's.
    assert store.working_texts() == {p: store.working_text(p) for p in range(len(PAGES))}
    assert store.working_texts()[3] == PAGES[3] + " 補正"
    assert store.working_texts(2, 3) == {2: PAGES[2], 3: PAGES[3] + " 補正"}  # a chunk
    store.close()

    again = open_store()
    facts = DocumentFacts(again)
    facts.load()
    # The draft was committed at close: page 3's working text is the one read again.
    assert facts.read_pages == 1
    assert again.facts_rows()[3][0].startswith(text_digest(PAGES[3] + " 補正"))
    # A save read again: that page only, and once.
    again.add_version(5, VersionKind.EDIT, "第五頁 改", {})
    assert facts.page_changed(5) is True
    assert facts.page_changed(5) is False
    assert facts.read_pages == 2
    again.close()

    third = open_store()
    last = DocumentFacts(third)
    last.load()
    assert last.read_pages == 0  # every row is its page's working text's
    third.close()
