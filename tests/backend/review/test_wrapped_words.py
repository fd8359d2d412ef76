"""A party or outcome word wrapped onto the next line is still that word (issue 22).

A scanned page's lines wrap wherever the line is full, mid-word too (告 / 訴人 at a
line's end and the next one's start): both readings keep the break. The word is
found across it, so a transcript that breaks the word (千 / 訴人) where the
alternate reads it whole is a critical change, as on one line; the same wrap on
both sides is no flag. Words from the rule table, not from any page.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.legal_rules import WORD_FAMILIES
from backend.review.term_extract import extract_word_terms
from backend.review.values import FlagKind
from tests.backend.review.legal_terms_helpers import critical_of
from tests.backend.review.tables import RULES
from tests.properties import examples

WORDS = sorted(w.text for w in RULES.words if w.family in WORD_FAMILIES and len(w.text) >= 2)
BEFORE, AFTER = "經查本案之", "已到庭陳述。"
# Not a character of any table word: the transcript's misreading breaks the word.
BLOT = "囗"


def wrapped(word: str, cut: int, indent: str) -> str:
    return f"{BEFORE}{word[:cut]}\n{indent}{word[cut:]}{AFTER}"


@st.composite
def wraps(draw: st.DrawFn) -> tuple[str, int, str]:
    word = draw(st.sampled_from(WORDS))
    return word, draw(st.integers(1, len(word) - 1)), draw(st.sampled_from(["", " ", "\u3000"]))


@given(wraps())
@examples(80)
def test_a_wrapped_word_is_found_across_the_break(wrap: tuple[str, int, str]) -> None:
    word, cut, indent = wrap
    text = wrapped(word, cut, indent)
    start = text.index("\n") - cut
    found = [t for t in extract_word_terms(text, RULES) if t.start <= start < t.end]
    assert found and "".join(found[0].text.split()).endswith(word[cut:])


@given(wraps())
@examples(80)
def test_a_wrapped_word_the_transcript_breaks_is_critical(wrap: tuple[str, int, str]) -> None:
    word, cut, indent = wrap
    alternate = wrapped(word, cut, indent)
    transcript = wrapped(BLOT + word[1:], cut, indent)
    at = len(BEFORE)
    flags = critical_of(transcript, alternate)
    assert any(f.kind is FlagKind.CRITICAL and f.start <= at < f.end for f in flags), flags


@given(wraps())
@examples(40)
def test_the_same_wrap_on_both_sides_is_no_flag(wrap: tuple[str, int, str]) -> None:
    text = wrapped(*wrap)
    assert critical_of(text, text) == []
