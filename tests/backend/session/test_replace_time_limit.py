"""Find & replace with a regex that runs away (issue 24 point 4): the search stops on the
page where it ran past its time limit and names it, rather than hanging; a front end's
Cancel stops it between pages; and the engine that can be stopped (``regex``) matches
as ``re`` did for the patterns ``re`` reads.

No clock is asserted on: the patterns here would backtrack for longer than any test
runs (2**60 steps), so only the limit can end them, whatever the machine's speed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.models import VersionKind
from backend.session.replace import (
    ReplacePatternError,
    ReplaceQuery,
    ReplaceStopped,
    ReplaceTimeLimitError,
    find_matches,
)
from backend.session.replace_find import finder
from backend.store.review_store import ReviewStore
from tests.properties import examples

RUNAWAY = r"(a|a)+$"  # each "a" two ways: 2**60 tries at each start on the line below
LINE_OF_AS = "a" * 60 + "b"
SMALL = 0.5  # seconds: the runaway reaches it; a stall that long in a microsecond page would too


@pytest.fixture
def store(tmp_path: Path) -> ReviewStore:
    s = ReviewStore(tmp_path / "review.db", author="rita")
    s.add_version(0, VersionKind.OCR, "原告林ＯＯ", {"engine": "vllm"})
    s.add_version(1, VersionKind.OCR, "附表：" + LINE_OF_AS, {"engine": "vllm"})
    s.add_version(2, VersionKind.OCR, "aab", {"engine": "vllm"})
    return s


@pytest.mark.parametrize("normalised", [False, True])
def test_a_runaway_regex_stops_and_names_its_page(store: ReviewStore, normalised: bool) -> None:
    query = ReplaceQuery(RUNAWAY, "x", regex=True, normalised=normalised)
    with pytest.raises(ReplaceTimeLimitError) as caught:
        find_matches(store, 3, query, time_limit=SMALL)
    assert caught.value.page == 1
    assert str(caught.value) == (
        "The regular expression took too long on page 2; simplify it. Nothing was changed."
    )
    assert isinstance(caught.value, ReplacePatternError)  # said where patterns are said


def test_the_same_pattern_on_a_short_line_is_found(store: ReviewStore) -> None:
    store.add_version(2, VersionKind.EDIT, "b aa")
    query = ReplaceQuery(RUNAWAY, "x", regex=True, pages=(0, 2))
    assert [(m.page, m.found) for m in find_matches(store, 3, query)] == [(2, "aa")]


def test_stop_is_asked_before_each_page_and_ends_the_search(store: ReviewStore) -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(len(asked))
        return len(asked) > 1  # Cancel pressed while page 1 was searched

    with pytest.raises(ReplaceStopped):
        find_matches(store, 3, ReplaceQuery("林", "王"), stop=stop)
    assert asked == [0, 1]  # page 3 was never searched
    assert find_matches(store, 3, ReplaceQuery("林", "王"), stop=lambda: False)  # not stopped


# -- the engine that can be stopped matches as re does ------------------------------------

_ATOMS = ["林", "O", "Ｏ", "a", "A", ".", r"\d", r"\w", r"\s", r"\b", "[林O]", "[^a]", "(林|O)",
          "(?:a|A)", "(a)", "^", "$", " "]  # fmt: skip
_QUANTIFIERS = ["", "", "*", "+", "?", "{1,2}", "*?", "+?"]
_TEXT = st.text(alphabet="林ＯOoaA1１ \n_é。", max_size=30)


@st.composite
def _patterns(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(st.tuples(st.sampled_from(_ATOMS), st.sampled_from(_QUANTIFIERS)),
                           min_size=1, max_size=4))  # fmt: skip
    return "".join(atom + ("" if atom in ("^", "$", r"\b") else q) for atom, q in pieces)


@examples(300)
@given(pattern=_patterns(), text=_TEXT, case_sensitive=st.booleans())
def test_a_regex_finds_what_re_finds(pattern: str, text: str, case_sensitive: bool) -> None:
    find = finder(pattern, r"<\g<0>>", regex=True, case_sensitive=case_sensitive, tables=None)
    flags = 0 if case_sensitive else re.IGNORECASE
    expected = [
        (m.start(), m.end(), m.expand(r"<\g<0>>"))
        for m in re.finditer(pattern, text, flags)
        if m.start() != m.end()
    ]
    assert list(find.spans(text)) == expected
