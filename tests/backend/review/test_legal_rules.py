"""The legal rule table's loader: its format, its errors, its cache, and what it finds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from backend.review.legal_rules import (
    TABLE,
    LegalRulesError,
    current_rules,
    load_rules,
    parse_rules,
    rules_stamp,
)
from backend.review.term_extract import extract_terms, extract_word_terms
from backend.review.values import CriticalKind


def test_the_shipped_table_loads_with_every_family() -> None:
    rules = current_rules()
    families = {w.family for w in rules.words}
    assert families == {"deontic", "negation", "outcome", "party"}
    assert rules.exclusions and rules.mask_misreads and rules.constructions
    assert all(w.meaning for w in rules.words)


def test_the_table_is_read_once_while_it_is_unchanged() -> None:
    assert current_rules() is current_rules()


def test_an_edited_table_is_read_again(tmp_path: Path) -> None:
    table = tmp_path / "critical-terms.tsv"
    table.write_text("deontic\t得\tmay\n", "utf-8")
    first = current_rules(table)
    assert [w.text for w in first.words] == ["得"]
    before = rules_stamp(table)
    table.write_text("deontic\t得\tmay\nparty\t受刑人\tconvict\n", "utf-8")
    os.utime(table, ns=(before[1] + 10**9, before[1] + 10**9))  # type: ignore[operator]
    assert rules_stamp(table) != before
    second = current_rules(table)
    assert second is not first
    assert [t.text for t in extract_word_terms("受刑人甲○○", second)] == ["受刑人"]


def test_a_missing_table_says_which_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.tsv"
    assert rules_stamp(missing) == (str(missing), None, None)
    with pytest.raises(LegalRulesError, match=r"nope\.tsv"):
        load_rules(missing, rules_stamp(missing))


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


def test_the_table_path_is_the_resource_folder() -> None:
    assert TABLE.parent.name == "legal" and TABLE.parent.parent.name == "resources"
    assert (TABLE.parent / "README.md").is_file()


def test_no_listed_false_friend_is_a_term() -> None:
    """Every exclusion of the table: its word is no term of any kind where it stands."""
    rules = current_rules()
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
    assert [t.text for t in extract_terms(text) if t.kind is CriticalKind.MODAL] == modal


def test_a_listed_word_holding_a_false_friend_stands() -> None:
    """參加人 holds 參加 (an exclusion for the numeral 參): the table's word wins."""
    assert [t.text for t in extract_word_terms("參加人甲○○")] == ["參加人"]
    assert [t.kind for t in extract_terms("參加訴訟")] == []


def test_party_words_in_a_spaced_heading() -> None:
    [term] = extract_word_terms("被　　　告　甲○○")
    assert (term.text, term.value, term.word) == ("被　　　告", "defendant", "被告")


def test_words_compare_as_the_table_says() -> None:
    [a] = [t for t in extract_terms("應予駁回") if t.kind is CriticalKind.MODAL]
    [b] = [t for t in extract_terms("應駁回") if t.kind is CriticalKind.MODAL]
    assert (a.text, b.text) == ("應予", "應") and a.key == b.key
    [c] = [t for t in extract_terms("不應駁回") if t.kind is CriticalKind.MODAL]
    [d] = [t for t in extract_terms("不得駁回") if t.kind is CriticalKind.MODAL]
    assert c.value == d.value == "must not" and c.key != d.key
