"""A page the review diagnoses (issue 22 point 1: a loop, a page cut short, ...) is among
the riskiest pages, and the risk names the diagnosis: in its reasons and in its JSON
(``status --by-risk --json``) as ``{"kind", "start", "end", "detail"}``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from backend.i18n import _
from backend.models import AltText
from backend.review.diagnosis_names import diagnosis_name
from backend.review.page_aids import review_page
from backend.review.risk import W_CRITICAL, W_PAGE, by_risk, page_risk
from backend.review.values import Diagnosis, DiagnosisKind, FlagKind, PageReview
from tests.backend.review.tables import SETTINGS, TABLES

CLEAN = "第一條\n被告應於本判決確定後給付原告新臺幣十二萬元。\n被告不得再為請求。\n"


def reviewed(page: int, transcript: str, alternate: str | None) -> PageReview:
    alt = None if alternate is None else AltText(text=alternate, engine="rapidocr")
    return review_page(page, transcript, alt, settings=SETTINGS)


def diagnosed(review: PageReview, kind: DiagnosisKind) -> PageReview:
    return replace(review, diagnoses=(Diagnosis(kind, 3, 12, "the same sentence again"),))


@pytest.mark.parametrize("kind", list(DiagnosisKind))
def test_a_diagnosed_page_outranks_pages_with_only_disagreement_or_one_critical_item(
    kind: DiagnosisKind,
) -> None:
    # The diagnosed page agrees with its alternate: the alternate missed the failure too.
    sick = page_risk(diagnosed(reviewed(0, CLEAN, CLEAN), kind), CLEAN, TABLES)
    garbled = "ＸＹＺ\n" * 20  # an alternate that agrees with nothing: all disagreement
    others = [
        page_risk(reviewed(1, CLEAN, garbled), CLEAN, TABLES),
        page_risk(reviewed(2, CLEAN, None), CLEAN, TABLES),  # unchecked
        page_risk(reviewed(3, CLEAN.replace("不得", "得"), CLEAN), CLEAN, TABLES),
        page_risk(reviewed(4, CLEAN.replace("十二", "【模糊】"), CLEAN), CLEAN, TABLES),
    ]
    assert reviewed(3, CLEAN.replace("不得", "得"), CLEAN).count(FlagKind.CRITICAL) == 1
    assert by_risk([*others, sick])[0].page == 0
    assert sick.score >= 2 * W_CRITICAL


def test_a_loop_found_in_two_places_is_one_loop_over_more_of_the_page() -> None:
    review = reviewed(0, CLEAN, CLEAN)
    one = diagnosed(review, DiagnosisKind.REPETITION)
    two = replace(one, diagnoses=(*one.diagnoses, Diagnosis(DiagnosisKind.REPETITION, 20, 30, "")))
    more = page_risk(two, CLEAN, TABLES).score - page_risk(one, CLEAN, TABLES).score
    assert more == pytest.approx(W_PAGE * 10 / len(CLEAN))  # its share of the page, no 2nd loop


def test_the_risk_names_its_diagnoses_in_reasons_and_json() -> None:
    review = diagnosed(reviewed(0, CLEAN, CLEAN), DiagnosisKind.CUT_SHORT)
    risk = page_risk(review, CLEAN, TABLES)
    assert risk.diagnoses == review.diagnoses
    assert risk.reasons()[0] == _("diagnosed: {kinds}").format(
        kinds=diagnosis_name(DiagnosisKind.CUT_SHORT)
    )
    assert risk.as_json()["diagnoses"] == [
        {"kind": "cut_short", "start": 3, "end": 12, "detail": "the same sentence again"}
    ]
    clean = page_risk(reviewed(0, CLEAN, CLEAN), CLEAN, TABLES)
    assert clean.as_json()["diagnoses"] == [] and clean.score == 0.0


def test_a_page_compared_with_its_own_reading_still_counts_its_diagnoses() -> None:
    review = replace(
        diagnosed(reviewed(0, CLEAN, CLEAN), DiagnosisKind.REPETITION), same_reading=True
    )
    risk = page_risk(review, CLEAN, TABLES)
    assert risk.diagnoses and risk.score >= 2 * W_CRITICAL
