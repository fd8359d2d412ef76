"""A transcript that writes a variant form (内, 决, a compatibility ideograph) where the
alternate reads the standard Taiwan form (內, 決) is flagged: the export would carry the
variant, and the page most likely prints the form the second engine read. The other
way round (the alternate's variant, the transcript's standard form) stays a glyph
difference, not flagged (issue 22: RapidOCR transcripts wrote 内/决/减/抛, unflagged).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import DiffCategory, FlagKind
from tests.backend.review.tables import SETTINGS, TABLES
from tests.properties import examples

# Standard forms only, and no critical words: the flag looked at is the difference.
BEFORE, AFTER = "本院審理後認定被告之", "之部分事實明確無誤。"
SHIPPED = sorted((v, s) for v, s in TABLES.variants.items() if v != s)


def _flags(transcript: str, alternate: str) -> list[tuple[int, int, FlagKind]]:
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    return [(f.start, f.end, f.kind) for f in review.flags if f.kind is not FlagKind.MARKER]


@examples(20)
@given(pair=st.sampled_from(SHIPPED))
def test_the_transcripts_variant_against_the_standard_form_is_flagged(
    pair: tuple[str, str],
) -> None:
    variant, standard = pair
    at = len(BEFORE)
    flags = _flags(BEFORE + variant + AFTER, BEFORE + standard + AFTER)
    assert any(start <= at < end for start, end, _kind in flags), (variant, standard, flags)


@examples(20)
@given(pair=st.sampled_from(SHIPPED))
def test_the_alternates_variant_is_a_glyph_difference_only(pair: tuple[str, str]) -> None:
    variant, standard = pair
    assert _flags(BEFORE + standard + AFTER, BEFORE + variant + AFTER) == []


def test_the_hunks_category_names_what_it_is() -> None:
    from backend.review.compare import compare_texts

    flagged = compare_texts(BEFORE + "内" + AFTER, BEFORE + "內" + AFTER, SETTINGS.compare)
    (hunk,) = flagged.hunks
    assert hunk.category is DiffCategory.SUBSTANTIVE
    folded = compare_texts(BEFORE + "內" + AFTER, BEFORE + "内" + AFTER, SETTINGS.compare)
    (hunk,) = folded.hunks
    assert hunk.category is DiffCategory.GLYPH


def test_a_users_own_pair_stays_folded_both_ways() -> None:
    from dataclasses import replace

    own = replace(TABLES, user_variants={"内": "內"}, _variant_forms=[])
    assert "内" not in own.variant_forms() and "决" in own.variant_forms()
