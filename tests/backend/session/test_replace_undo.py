"""Issue 24's correctness measure for find & replace: replace over a document, then undo
by restoring the version before. No text is lost, and every changed page has exactly
one new version (an unchanged page, none). On a real SQLite store, any subset of the
matches accepted, approved pages among them, plain text or a regex, folded or not."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from backend.models import ReviewStatus, VersionKind
from backend.session.replace import (
    ReplaceMatch,
    ReplaceQuery,
    SkipReason,
    apply_matches,
    find_matches,
)
from backend.store.review_store import ReviewStore
from tests.properties import examples

# Few characters, so finds recur; full/half width pairs and a variant pair, so the
# folded search finds what the plain one does not; a line break for the context.
ALPHABET = "林ＯO○爲為號第\n"
texts = st.text(ALPHABET, max_size=30)
finds = st.text(ALPHABET.replace("\n", ""), min_size=1, max_size=3)


@st.composite
def queries(draw: st.DrawFn) -> ReplaceQuery:
    find = draw(finds)
    regex = draw(st.booleans())
    if regex:  # a group around the first character, put back in the replacement
        find = f"({find[0]}){find[1:]}"
    replacement = draw(st.text(ALPHABET, max_size=3)) + (r"\1" if regex else "")
    return ReplaceQuery(find, replacement, regex=regex, normalised=draw(st.booleans()))


def spliced(text: str, matches: list[ReplaceMatch]) -> str:
    """The text with the matches replaced (found by one query: none overlap)."""
    for m in sorted(matches, key=lambda m: m.start, reverse=True):
        assert text[m.start : m.end] == m.found
        text = text[: m.start] + m.replacement + text[m.end :]
    return text


@given(
    pages=st.lists(texts, min_size=1, max_size=6),
    approved=st.sets(st.integers(0, 5)),
    query=queries(),
    accept=st.data(),
    allow_approved=st.booleans(),
)
@examples(60)
def test_replace_then_restore_loses_nothing_and_adds_one_version_per_changed_page(
    pages: list[str],
    approved: set[int],
    query: ReplaceQuery,
    accept: st.DataObject,
    allow_approved: bool,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = ReviewStore(Path(tmp) / "review.db", author="rita")
        try:
            for page, text in enumerate(pages):
                store.add_version(page, VersionKind.OCR, text)
                if page in approved:
                    store.set_status(page, ReviewStatus.APPROVED)
            before = [store.current_version(p) for p in range(len(pages))]
            counts = [len(store.versions(p)) for p in range(len(pages))]
            matches = find_matches(store, len(pages), query)
            some = st.lists(st.sampled_from(matches), unique=True) if matches else st.just([])
            chosen = accept.draw(some)
            outcome = apply_matches(store, chosen, query, allow_approved=allow_approved)

            for page, text in enumerate(pages):
                added = len(store.versions(page)) - counts[page]
                assert added == (1 if page in outcome.changed else 0)
                wanted = [m for m in chosen if m.page == page]
                expected = spliced(text, wanted) if page in outcome.changed else text
                assert store.working_text(page) == expected
                if wanted and page not in outcome.changed and page not in outcome.skipped:
                    assert expected == spliced(text, wanted)  # each match put back as it was
            for m in chosen:
                if m.page in approved and not allow_approved:
                    assert outcome.skipped[m.page] is SkipReason.APPROVED
            for page in outcome.changed:
                old = before[page]
                assert old is not None
                store.restore(old.id)
                assert store.working_text(page) == pages[page]  # no text lost
        finally:
            store.close()
