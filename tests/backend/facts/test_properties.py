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
from tests.properties import examples

CHINESE = "一二三四五六七八九"
SURNAMES = "王李張陳林黃吳劉蔡楊"
GIVEN = "志明俊傑建宏家豪怡君雅婷淑芬"


def _chinese(n: int) -> str:
    """Digit by digit (一一四): the form a case number's year and number take."""
    return "".join("〇" if d == "0" else CHINESE[int(d) - 1] for d in str(n))


@st.composite
def files(draw: st.DrawFn) -> tuple[list[str], list[tuple[str, int, int, int]]]:
    """Pages of one file (its case number in every header, its plaintiff and its sum
    on some), and where each fact stands: (which fact, page, start, end)."""
    year = draw(st.integers(100, 114))
    number = draw(st.integers(11, 9999).filter(lambda n: sum(d != "0" for d in str(n)) >= 2))
    plaintiff = draw(st.sampled_from(SURNAMES)) + draw(st.text(GIVEN, min_size=2, max_size=2))
    amount = draw(st.integers(2, 99)) * 10_000 + draw(st.integers(1, 9)) * 1000
    pages, places = [], []
    for _ in range(draw(st.integers(4, 12))):
        arabic = draw(st.booleans())
        case = (
            f"{year}年度訴字第{number}號"
            if arabic
            else f"{_chinese(year)}年度訴字第{_chinese(number)}號"
        )
        text = case + "\n"
        places.append(("case", len(pages), 0, len(case)))
        if draw(st.booleans()):
            at = len(text) + 2
            text += f"原告{plaintiff}主張：被告應給付新臺幣{amount:,}元。\n"
            places.append(("plaintiff", len(pages), at, at + len(plaintiff)))
            money = f"{amount:,}"
            at = text.index(money)
            places.append(("amount", len(pages), at, at + len(money)))
        pages.append(text)
    return pages, places


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
