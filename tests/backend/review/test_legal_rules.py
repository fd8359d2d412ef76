"""The legal rule table: its format, its errors, and what it finds (reading it from
disk, and again after an edit: tests/backend/session/test_review_tables.py)."""

from __future__ import annotations

import pytest

from backend.review.legal_rules import LegalRulesError, parse_rules
from backend.review.term_extract import extract_terms, extract_word_terms
from backend.review.values import CriticalKind
from tests.backend.review.tables import RULES


def test_the_shipped_table_loads_with_every_family() -> None:
    rules = RULES
    families = {w.family for w in rules.words}
    assert families == {"deontic", "negation", "outcome", "party"}
    assert rules.exclusions and rules.mask_misreads and rules.constructions
    assert all(w.meaning for w in rules.words)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("modal\t得\tmay", "unknown family"),
        ("deontic\t\tmay", "word"),
        ("deontic\t不 得\tmust not", "spaces"),
        ("deontic\t得", "meaning"),
        ("exclude\t取得", "before\\(word\\)after"),
        ("exclude\t取(得", "before\\(word\\)after"),
        ("mask-misread\t印章\tseal", "one character"),
        ("deontic\t得予\tmay\t得以", "compares as 得以"),
        ("deontic\t非…不准\tmust not", "each part"),
    ],
)
def test_a_malformed_line_is_refused_with_its_number(line: str, problem: str) -> None:
    lines = ["# a comment", "", "deontic\t得\tmay", line]
    with pytest.raises(LegalRulesError, match=f"Line 4 of t.tsv.*{problem}"):
        parse_rules(lines, "t.tsv")


def test_a_word_listed_twice_is_refused() -> None:
    with pytest.raises(LegalRulesError, match=r"Line 2 .*twice"):
        parse_rules(["party\t原告\tplaintiff", "party\t原告\tclaimant"], "t.tsv")


def test_no_listed_false_friend_is_a_term() -> None:
    """Every exclusion of the table: its word is no term of any kind where it stands."""
    rules = RULES
    for x in rules.exclusions:
        text = f"查{x.before}{x.word}{x.after}等情形。"
        start = 1 + len(x.before)
        end = start + len(x.word)
        found = extract_terms(text, rules) + extract_word_terms(text, rules)
        inside = [t for t in found if t.start < end and t.end > start]
        assert inside == [], (text, inside)


@pytest.mark.parametrize(
    ("text", "modal"),
    [
        ("不應變更登記", ["不應"]),  # 應變 is "adapt", 應變更 "shall change": the table says so
        ("不應變通", ["不"]),  # 不 + 應變: the longest word would run into a false friend
        ("不禁止通行", ["不", "禁止"]),
        ("不妨礙公共利益", ["不"]),
        ("人數不少於三人", ["不"]),
        ("不可能履行", ["不"]),  # 可能 is "possible": 不 negates it
        ("宜蘭地方法院", []),
    ],
)
def test_exclusions_with_an_unless(text: str, modal: list[str]) -> None:
    assert [t.text for t in extract_terms(text, RULES) if t.kind is CriticalKind.MODAL] == modal


def test_a_listed_word_holding_a_false_friend_stands() -> None:
    """參加人 holds 參加 (an exclusion for the numeral 參): the table's word wins."""
    assert [t.text for t in extract_word_terms("參加人甲○○", RULES)] == ["參加人"]
    assert [t.kind for t in extract_terms("參加訴訟", RULES)] == []


def test_party_words_in_a_spaced_heading() -> None:
    [term] = extract_word_terms("被　　　告　甲○○", RULES)
    assert (term.text, term.value, term.word) == ("被　　　告", "defendant", "被告")


def test_words_compare_as_the_table_says() -> None:
    [a] = [t for t in extract_terms("應予駁回", RULES) if t.kind is CriticalKind.MODAL]
    [b] = [t for t in extract_terms("應駁回", RULES) if t.kind is CriticalKind.MODAL]
    assert (a.text, b.text) == ("應予", "應") and a.key == b.key
    [c] = [t for t in extract_terms("不應駁回", RULES) if t.kind is CriticalKind.MODAL]
    [d] = [t for t in extract_terms("不得駁回", RULES) if t.kind is CriticalKind.MODAL]
    assert c.value == d.value == "must not" and c.key != d.key
