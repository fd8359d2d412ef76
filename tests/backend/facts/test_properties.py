"""Properties of the cross-page check and of the incremental grouping, on generated
files: a one-glyph change on one page is flagged on that page and only there; the
groups kept page by page are the groups of the whole file."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from backend.facts.checks import cross_page_flags
from backend.facts.extract import facts_of_page
from backend.facts.grouping import FactGrouping
from backend.facts.groups import group_facts
from tests.backend.facts.facts_file_helpers import CHINESE, GIVEN, files
from tests.properties import examples


@examples(60)
@given(file=files(), pick=st.integers(0, 10**6), glyph=st.integers(0, 10**6))
def test_a_one_glyph_change_on_one_page_is_flagged_there_and_only_there(
    file: tuple[list[str], list[tuple[str, int, int, int]]], pick: int, glyph: int
) -> None:
    pages, places = file
    facts = [f for i, text in enumerate(pages) for f in facts_of_page(i, text)]
    assert cross_page_flags(group_facts(facts)) == {}  # a consistent file: nothing
    # A fact the rest of the file knows: on three other pages at least.
    on = Counter(fact for fact, *_ in places)
    known = [p for p in places if on[p[0]] >= 4]
    assume(known)
    _fact, page, start, end = known[pick % len(known)]
    text = pages[page]
    at = [i for i in range(start, end) if text[i] in "123456789" + CHINESE + GIVEN]
    i = at[glyph % len(at)]  # a nonzero digit (a sum keeps its others) or a given name's
    pool = "123456789" if text[i].isdigit() else CHINESE if text[i] in CHINESE else GIVEN
    new = pool[(pool.index(text[i]) + 1 + glyph % (len(pool) - 1)) % len(pool)]
    changed = list(pages)
    changed[page] = text[:i] + new + text[i + 1 :]
    facts = [f for n, t in enumerate(changed) for f in facts_of_page(n, t)]
    flags = cross_page_flags(group_facts(facts))
    assert list(flags) == [page]
    assert [f.start <= i < f.end for f in flags[page]] == [True]


@examples(40)
@given(
    file=files(), edits=st.lists(st.tuples(st.integers(0, 20), st.integers(0, 10**6)), max_size=6)
)
def test_groups_kept_page_by_page_are_the_groups_of_the_whole_file(
    file: tuple[list[str], list[tuple[str, int, int, int]]], edits: list[tuple[int, int]]
) -> None:
    pages = file[0]
    facts = {i: facts_of_page(i, text) for i, text in enumerate(pages)}
    grouping = FactGrouping(facts.items())
    for page, seed in edits:
        page %= len(pages) + 1  # one past the end: a page added
        text = pages[seed % len(pages)]
        if seed % 5 == 0:
            text = text.replace("1", "7")  # a misreading of some digit
        facts[page] = facts_of_page(page, text) if seed % 7 else []
        grouping.set_page(page, facts[page])
        whole = group_facts(f for p in sorted(facts) for f in facts[p])
        assert grouping.groups() == whole
