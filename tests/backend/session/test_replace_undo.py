"""Issue 24's correctness measure for find & replace: replace over a document, then undo
by restoring the version before. No text is lost, and every changed page has exactly
one new version made by the replacement (an unchanged page, none). On a real SQLite
store, any subset of the matches accepted, approved pages and pages with typing not yet
saved (a draft: kept as its own version first, as a restore keeps it) among them,
plain text or a regex, folded or not."""

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
# folded search finds what the plain one does not; a line break (and CRLF's \r) for the
# context; an astral glyph (one code point, two UTF-16 units) and a combining mark.
ALPHABET = "林ＯO○爲為號第\n\r𠀋\u0301"
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
    typed=st.dictionaries(st.integers(0, 5), texts, max_size=3),
    query=queries(),
    accept=st.data(),
    allow_approved=st.booleans(),
)
@examples(60)
def test_replace_then_restore_loses_nothing_and_adds_one_version_per_changed_page(
    pages: list[str],
    approved: set[int],
    typed: dict[int, str],
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
                if page in typed:  # typing not yet a version (it may take the approval back)
                    store.save_draft(page, typed[page])
            shown = [store.working_text(p) for p in range(len(pages))]  # the editor's text
            still_approved = {
                p for p in range(len(pages)) if store.status(p) is ReviewStatus.APPROVED
            }
            counts = [len(store.versions(p)) for p in range(len(pages))]
            matches = find_matches(store, len(pages), query)
            some = st.lists(st.sampled_from(matches), unique=True) if matches else st.just([])
            chosen = accept.draw(some)
            outcome = apply_matches(store, chosen, query, allow_approved=allow_approved)

            for page, text in enumerate(shown):
                new = store.versions(page)[counts[page] :]
                replacements = [v for v in new if "replace" in v.provenance]
                wanted = [m for m in chosen if m.page == page]
                if page not in outcome.changed:
                    assert new == [] and store.working_text(page) == text
                    assert store.draft(page) == typed.get(page)  # the typing as it was
                    # Left as it was only when asked to, or when nothing would change.
                    reason = outcome.skipped.get(page)
                    if reason is None:
                        assert spliced(text, wanted) == text
                    else:
                        assert reason is SkipReason.APPROVED and not allow_approved
                        assert page in still_approved
                    continue
                # Exactly one new version is the replacement; before it, at most the
                # typing kept as its own version (as a restore keeps it).
                assert [v.id for v in replacements] == [outcome.changed[page]] == [new[-1].id]
                assert [v.text for v in new[:-1]] in ([], [text])
                assert store.working_text(page) == spliced(text, wanted)
                store.restore(store.versions(page)[-2].id)  # undo: the version before
                assert store.working_text(page) == text  # no text lost
                assert store.versions(page)[counts[page] - 1].text == pages[page]
            for m in chosen:
                if m.page in still_approved and not allow_approved:
                    assert outcome.skipped[m.page] is SkipReason.APPROVED
        finally:
            store.close()
