"""A flag's category is one of three enums, never a loose string; its text form is unchanged."""

from __future__ import annotations

import json

import pytest

from backend.review.compare import compare_texts
from backend.review.hunk_flags import hunk_flags
from backend.review.legal_terms import critical_flags
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, LegalKind
from tests.backend.review.tables import OPTIONS, TABLES


def test_the_producers_give_enum_members() -> None:
    transcript, alternate = "被告應給付原告新臺幣三萬元。", "被告得給付原告新臺幣五萬元。"
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    critical = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    diffs = hunk_flags(c.hunks, TABLES.simplified_only())
    assert {f.category for f in critical} >= {CriticalKind.MODAL}
    assert all(type(f.category) in (CriticalKind, LegalKind) for f in critical), critical
    assert diffs and all(f.category is DiffCategory.SUBSTANTIVE for f in diffs)


def test_a_category_given_by_name_is_held_as_its_member() -> None:
    flag = Flag(1, 2, FlagKind.CRITICAL, "x", category="number")
    assert flag.category is CriticalKind.NUMBER
    assert Flag(1, 2, FlagKind.CRITICAL, "x", category="party").category is LegalKind.PARTY
    assert Flag(1, 2, FlagKind.DIFF, "x").category is None


def test_an_unknown_category_is_refused() -> None:
    with pytest.raises(ValueError, match="stamp"):
        Flag(1, 2, FlagKind.CRITICAL, "x", category="stamp")


def test_the_text_form_is_the_old_string() -> None:
    category = Flag(1, 2, FlagKind.CRITICAL, "x", category=CriticalKind.CASE_NUMBER).category
    assert category == "case_number" and f"{category}" == "case_number"
    assert json.dumps({"category": category}) == '{"category": "case_number"}'
