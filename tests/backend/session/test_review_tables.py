"""Reading the review's tables: once, again after an edit, and clear errors.

The review opens no file (tests/backend/review/test_no_file_io.py); the session
reads the legal rule table and the fold tables here and hands them in.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from backend.errors import ProofDeskError
from backend.review.legal_rules import LegalRulesError
from backend.review.tables import TableFiles, VariantTableError
from backend.review.term_extract import extract_word_terms
from backend.session.review_tables import (
    BUILT_IN,
    NORMALISE,
    RULES,
    current_tables,
    file_stamp,
    fresh_settings,
    load_pairs,
    load_tables,
    tables_stamp,
)
from tests.backend.review.tables import SETTINGS


def _later(path: Path, content: str) -> None:
    """Rewrite ``path`` as a later edit: its mtime moved on (no waiting for the clock)."""
    before = path.stat().st_mtime_ns
    path.write_text(content, "utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_the_shipped_tables_load_with_every_family() -> None:
    rules = current_tables().rules
    assert {w.family for w in rules.words} == {"deontic", "negation", "outcome", "party"}
    assert rules.exclusions and rules.mask_misreads and rules.constructions


def test_the_tables_are_read_once_while_they_are_unchanged() -> None:
    assert current_tables() is current_tables()
    assert fresh_settings(SETTINGS) is SETTINGS  # nothing changed: the same settings


def test_an_edited_rule_table_is_read_again(tmp_path: Path) -> None:
    table = tmp_path / "critical-terms.tsv"
    table.write_text("deontic\t得\tmay\n", "utf-8")
    files = TableFiles(table, NORMALISE)
    first = current_tables(files)
    assert [w.text for w in first.rules.words] == ["得"]
    before = tables_stamp(files)
    _later(table, "deontic\t得\tmay\nparty\t受刑人\tconvict\n")
    assert tables_stamp(files) != before
    second = current_tables(files)
    assert second is not first
    assert [t.text for t in extract_word_terms("受刑人甲○○", second.rules)] == ["受刑人"]


def test_a_missing_table_says_which_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.tsv"
    assert file_stamp(missing) == (str(missing), None, None)
    files = TableFiles(missing, NORMALISE)
    with pytest.raises(LegalRulesError, match=r"nope\.tsv"):
        load_tables(files, tables_stamp(files))


def test_the_table_paths_are_the_resource_folders() -> None:
    assert RULES.parent.name == "legal" and RULES.parent.parent.name == "resources"
    assert (RULES.parent / "README.md").is_file()
    assert NORMALISE.name == "normalise" and BUILT_IN.user_variants is None


@pytest.mark.parametrize("line", ["爲為", "爲\t為為", "\t為"])
def test_a_bad_user_file_says_which_line(tmp_path: Path, line: str) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text(f"# ok\n爲\t為\n{line}\n", "utf-8")
    with pytest.raises(VariantTableError, match=r"Line 3 of bad\.tsv") as info:
        load_pairs(bad)
    assert isinstance(info.value, ProofDeskError)


def test_a_missing_user_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(VariantTableError, match="Cannot read"):
        load_pairs(tmp_path / "nope.tsv")


def test_shipped_tables_load_and_never_fold_a_character_to_itself() -> None:
    for name in ("variant-glyphs.tsv", "punctuation.tsv", "alternate-simplified.tsv"):
        pairs = load_pairs(NORMALISE / name)
        assert len(pairs) >= 40
        assert all(k != v for k, v in pairs.items())
    assert 50 <= len(load_pairs(NORMALISE / "variant-glyphs.tsv")) <= 150
