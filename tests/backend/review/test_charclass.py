"""One definition per character class (issue 27, point 3): every rule that asks "is this
a circle?", "a mask?", "Han?" answers as ``backend.review.charclass`` does, so a
rule that drifts from the others fails here. Each case runs the real rule, once per
character of the class."""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review import charclass, flag_evidence, misreadings, name_check, numerals
from backend.review.charclass import CIRCLE, CIRCLES, MASK_CHARS
from backend.review.compare import compare_texts
from backend.review.page_aids import review_page
from backend.review.risk import credibility
from backend.review.term_extract import CriticalTerm, LegalKind, extract_terms
from backend.review.textnorm import fold
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind
from tests.backend.review.tables import OPTIONS, RULES, SETTINGS, TABLES

RINGS = sorted(CIRCLES)  # ○ 〇 ◯


def test_width_folding_makes_exactly_the_circles_one_mark() -> None:
    """The fold table (resources/normalise/punctuation.tsv) and charclass agree."""
    assert {fold(c, TABLES, width=True) for c in CIRCLES} == {CIRCLE}
    onto_circle = {chr(k) for k, v in TABLES.fold_table(True, False).items() if v == CIRCLE}
    assert onto_circle | {CIRCLE} == CIRCLES


@pytest.mark.parametrize("c", RINGS)
def test_a_circle_inside_a_numeral_is_a_zero(c: str) -> None:
    assert numerals.parse_number(f"一{c}五") == 105
    assert [
        v for *_, v in numerals.find_numbers(f"民國一{c}九年", RULES.excluded(f"民國一{c}九年"))
    ] == [109]
    assert misreadings._NUMERAL_CHAR(c)


@pytest.mark.parametrize("c", RINGS)
def test_circles_after_a_surname_are_a_mask_not_zeros(c: str) -> None:
    text = f"原告王{c}{c}到庭，被告陸{c}{c}未到。"
    assert list(numerals.find_numbers(text, RULES.excluded(text))) == []
    masks = [t.value for t in extract_terms(text, RULES) if t.kind is CriticalKind.MASK]
    assert masks == ["王○○", "陸○○"]


@pytest.mark.parametrize("c", RINGS)
def test_a_mask_read_as_full_stops_is_punctuation(c: str) -> None:
    hunks = compare_texts(f"原告王{c}{c}到庭", "原告王。。到庭", OPTIONS).hunks
    assert hunks and {h.category for h in hunks} == {DiffCategory.PUNCTUATION}


@pytest.mark.parametrize("c", RINGS)
def test_a_dropped_circle_zero_is_the_alternates_misreading(c: str) -> None:
    transcript = f"本院認被告於民國一{c}九年之行為，應負賠償責任。\n"
    review = review_page(
        0, transcript, AltText(transcript.replace(c, ""), "rapidocr"), settings=SETTINGS
    )
    # Not critical (misreadings._circle_unseen); the difference is still shown.
    assert [f.kind for f in review.flags] == [FlagKind.DIFF]
    mirror = review_page(
        0, transcript.replace(c, ""), AltText(transcript, "rapidocr"), settings=SETTINGS
    )
    critical = [f for f in mirror.flags if f.kind is FlagKind.CRITICAL]
    assert any("transcript is more likely wrong: it lacks a ○ zero" in f.detail for f in critical)
    assert flag_evidence._circle_lost("一九年", f"一{c}九年")
    assert flag_evidence._dot_for_circle("三二一。號", f"三二一{c}號")


@pytest.mark.parametrize("c", sorted(MASK_CHARS))
def test_a_mask_after_a_role_makes_the_next_characters_a_name(c: str) -> None:
    role = CriticalTerm(0, 2, LegalKind.PARTY, "原告", "plaintiff")
    assert name_check._names(f"原告王{c}明到庭", role, 3, False, set())


def test_full_width_o_is_a_mask_but_never_a_zero() -> None:
    """Some courts type Ｏ for a masked character (林ＯＯ); nobody writes a zero with it."""
    assert "Ｏ" in MASK_CHARS and "Ｏ" not in CIRCLES
    masks = [t.value for t in extract_terms("原告林ＯＯ到庭", RULES) if t.kind is CriticalKind.MASK]
    assert masks == ["林○○"]
    assert numerals.parse_number("一Ｏ五") is None
    assert not flag_evidence._circle_lost("一九年", "一Ｏ九年")
    flag = Flag(0, 4, FlagKind.CRITICAL, "", replacement="一九年")
    assert credibility(flag, "一Ｏ九年", TABLES.simplified_only()) == 1.0


@pytest.mark.parametrize("c", ["\u3400", "\u4e00", "\u9fa5", "\uf900", "\U00020000", "\U0002a6d6"])
def test_han_is_one_class(c: str) -> None:
    """Extension A, the unified block, compatibility ideographs, Extension B: all Han."""
    assert charclass.is_han(c) and charclass.has_han(f"a{c}")
    # A rare name character after a role, which the alternate lacks, is a change of
    # the name like any other (王㐀 / 王).
    role = CriticalTerm(0, 2, LegalKind.PARTY, "原告", "plaintiff")
    hunks = compare_texts(f"原告　王{c}到庭", "原告　王到庭", OPTIONS).hunks
    assert name_check.name_flags(f"原告　王{c}到庭", hunks, [role], [], frozenset())


@pytest.mark.parametrize("c", ["a", "1", "，", "○", "\u3000", "\u2fff"])
def test_what_is_not_han(c: str) -> None:
    assert not charclass.is_han(c)
