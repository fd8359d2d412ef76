"""Property: the facts ``DocumentFacts`` keeps current page by page (moved places put
in, changed kinds grouped again, the grouping stored and read back; or built in steps
with saves between them) are always those of grouping the whole document from scratch."""

from __future__ import annotations

import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from backend.facts.checks import cross_page_flags
from backend.facts.extract import facts_of_page
from backend.facts.groups import group_facts
from backend.models import VersionKind
from backend.session import facts as facts_module
from backend.session.facts import DocumentFacts
from backend.store.review_store import ReviewStore
from tests.backend.facts.facts_file_helpers import files
from tests.properties import examples

# What a save does to a page: text typed at a place (moving what follows), or one
# character replaced (a fact changed, or none).
TYPED = st.sampled_from(["（補）", "\n", "原告", "第三頁", "新臺幣5,000元", "X"])


@examples(40)
@given(
    file=files(),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.booleans(), TYPED),
        min_size=1,
        max_size=6,
    ),
)
def test_facts_kept_current_are_the_whole_documents(
    file: tuple[list[str], list[tuple[str, int, int, int]]],
    edits: list[tuple[int, int, bool, str]],
) -> None:
    pages = list(file[0])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.review"
        store = ReviewStore(path, author="ana")
        try:
            store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(pages)])
            facts = DocumentFacts(store)
            facts.groups()
            for pick, at, replace_one, typed in edits:
                page = pick % len(pages)
                i = at % (len(pages[page]) + 1)
                text = pages[page]
                text = text[:i] + typed + text[i + 1 if replace_one else i :]
                pages[page] = text
                store.add_version(page, VersionKind.EDIT, text, {})
                facts.page_changed(page)
                every = [f for p, t in enumerate(pages) for f in facts_of_page(p, t)]
                expected = group_facts(every)
                assert facts.groups() == expected
                flags = cross_page_flags(expected)
                assert all(list(facts.flags_for(p)) == flags.get(p, []) for p in range(len(pages)))
            facts.keep()
        finally:
            store.close()
        store = ReviewStore(path, author="ana")
        try:
            reopened = DocumentFacts(store)
            assert reopened.groups() == expected and reopened.read_pages == 0
        finally:
            store.close()


@examples(30)
@given(
    file=files(),
    plan=st.lists(
        st.tuples(
            st.sampled_from(["step", "save", "outside"]),
            st.integers(0, 10**6),
            st.integers(0, 10**6),
            TYPED,
        ),
        min_size=1,
        max_size=10,
    ),
)
def test_a_build_in_steps_with_saves_between_is_the_whole_documents(
    file: tuple[list[str], list[tuple[str, int, int, int]]],
    plan: list[tuple[str, int, int, str]],
) -> None:
    """The window's way (``defer``: pages read and kinds grouped in steps, this window's
    saves told between them, another process's caught up with) ends where grouping
    every page from scratch does."""
    pages = list(file[0])
    with tempfile.TemporaryDirectory() as tmp, mock.patch.object(facts_module, "FEW_PAGES", 0):
        path = Path(tmp) / "doc.review"
        store, other = ReviewStore(path, author="ana"), ReviewStore(path, author="cli")
        try:
            store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(pages)])
            facts = DocumentFacts(store, defer=True)
            facts.load()
            for action, pick, at, typed in plan:
                if action == "step":
                    facts.step(1 + pick % 3)
                    continue
                page = pick % len(pages)
                i = at % (len(pages[page]) + 1)
                pages[page] = pages[page][:i] + typed + pages[page][i:]
                if action == "save":
                    store.add_version(page, VersionKind.EDIT, pages[page], {})
                    facts.page_changed(page)
                else:
                    other.add_version(page, VersionKind.EDIT, pages[page], {})
            facts.catch_up()
            while facts.step(2).more:
                pass
            assert facts.ready
            expected = group_facts(f for p, t in enumerate(pages) for f in facts_of_page(p, t))
            assert facts.groups() == expected
            flags = cross_page_flags(expected)
            assert all(list(facts.flags_for(p)) == flags.get(p, []) for p in range(len(pages)))
        finally:
            other.close()
            store.close()
