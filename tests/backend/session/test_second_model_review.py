"""Review fixes for issue 13 points 4-6 (the second reading, same_reading, risk, own text)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import AltText, VersionKind
from backend.review.page_aids import review_page
from backend.review.risk import page_risk
from backend.review.values import Flag, FlagKind
from backend.session.document_session import DocumentSession
from backend.session.own_text import set_own_text
from backend.session.readings import ReadingNotFound, find_reading
from tests import pdf_factory
from tests.backend.review.tables import SETTINGS, TABLES

CLEAN = "第一條\n被告應於本判決確定後給付原告新臺幣十二萬元。\n被告不得再為請求。\n"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "doc.review", author="ana")
    yield s
    s.close()


def _ocr(session: DocumentSession, page: int, text: str, model: str) -> int:
    vid, _ = session.add_reading(page, text, {"engine": "vllm", "model": model})
    return vid


def test_a_second_model_agreeing_with_a_corrected_transcript_is_a_real_check(
    session: DocumentSession,
) -> None:
    # Model A misread one character; the reviewer corrected it by hand; only then did
    # a batch "as alternates" on model B read the page, and B reads it the same.
    _ocr(session, 0, CLEAN.replace("判決", "判快"), "model-a")
    session.save_draft(0, CLEAN)
    session.commit_draft(0)
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, {"engine": "vllm", "model": "b"})
    review = session.review(0)
    assert review.agreement == 1.0
    assert not review.same_reading  # B never saw the transcript: its agreement is real


def test_the_transcript_becoming_the_alternate_is_still_said(session: DocumentSession) -> None:
    _ocr(session, 0, CLEAN.replace("判決", "判快"), "model-a")
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, {"engine": "vllm", "model": "b"})
    session.save_draft(0, CLEAN)  # accepted every difference: unsaved, then saved
    assert session.review(0).same_reading
    session.commit_draft(0)
    assert session.review(0).same_reading


def test_the_working_version_chosen_as_the_alternate_is_the_same_reading(
    session: DocumentSession,
) -> None:
    current = _ocr(session, 0, CLEAN, "model-a")
    assert session.review(0, alternate_id=current).same_reading


def _markers(session: DocumentSession, page: int = 0) -> list[Flag]:
    return [f for f in session.review(page).flags if f.kind is FlagKind.MARKER]


def test_marking_one_marker_own_text_leaves_its_look_alike_a_marker(
    session: DocumentSession,
) -> None:
    # A blank table: the same cells precede both 【模糊】; only the first is the page's own.
    row = "　　　　　　　　【模糊】\n"
    text = "第三條 填表說明：\n" + row + row
    _ocr(session, 0, text, "model-a")
    first, second = _markers(session)
    set_own_text(session.store, 0, text, first, True)
    assert _markers(session) == [second]  # the real one still blocks approval


def test_the_own_text_mark_follows_its_text_through_an_edit(session: DocumentSession) -> None:
    text = "第三條 無法辨識之文字以【模糊】標示。\n原告【模糊】\n"
    _ocr(session, 0, text, "model-a")
    own, real = _markers(session)
    set_own_text(session.store, 0, text, own, True)
    edited = "前言。\n" + text  # everything moves down; the mark stays on its words
    session.save_draft(0, edited)
    left = _markers(session)
    assert [edited[f.start : f.end] for f in left] == ["【模糊】"]
    assert left[0].start == real.start + len("前言。\n")
    session.save_draft(0, text)  # and undone: still the same occurrence
    assert _markers(session) == [real]


@pytest.mark.parametrize(("transcript", "alternate"), [("\n\n", "  "), ("", " \n"), ("", None)])
def test_a_blank_page_the_alternate_reads_blank_has_no_risk(
    transcript: str, alternate: str | None
) -> None:
    other = None if alternate is None else AltText(text=alternate, engine="rapidocr")
    review = review_page(0, transcript, other, settings=SETTINGS)
    risk = page_risk(review, transcript, TABLES)
    assert risk.score == 0.0 and not math.isnan(risk.score)


def test_a_persons_edit_is_never_chosen_as_the_alternate(session: DocumentSession) -> None:
    _ocr(session, 0, CLEAN.replace("判決", "判快"), "model-a")
    session.save_draft(0, CLEAN.replace("判決", "判诀"))
    session.commit_draft(0)
    older_edit = session.store.current_version_id(0)
    session.save_draft(0, CLEAN)
    session.commit_draft(0)
    for spec in ("kind:edit", f"version:{older_edit}"):
        with pytest.raises(ReadingNotFound):
            find_reading(session.store, 0, spec)  # a person's text is no second reading


def test_a_version_id_no_store_can_hold_is_refused_plainly(session: DocumentSession) -> None:
    with pytest.raises(ReadingNotFound):
        find_reading(session.store, 0, "version:99999999999999999999999")


def test_the_export_gives_no_agreement_for_a_reading_compared_with_itself(
    session: DocumentSession,
) -> None:
    from backend.export.pages import collect, review_aids_provider
    from backend.export.report import render_report

    _ocr(session, 0, CLEAN.replace("判決", "判快"), "model-a")
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, {"engine": "rapidocr"})
    session.save_draft(0, CLEAN)  # every difference accepted: it agrees with itself
    session.commit_draft(0)
    assert session.review(0).same_reading
    assert review_aids_provider(session)(0)["agreement"] is None  # not 100%
    html = render_report(collect(session, aids=review_aids_provider(session)))
    assert "100.0 %" not in html


def test_the_same_model_at_another_image_budget_is_a_second_reading(
    session: DocumentSession,
) -> None:
    prov = {"engine": "vllm", "model": "model-a", "prompt_sha256": "ab12"}
    session.add_reading(0, CLEAN, {**prov, "image": {"width": 1000, "sha256": "small"}})
    other = {**prov, "image": {"width": 2000, "sha256": "large"}}
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, other)
    assert not session.review(0).same_reading  # two reads of two images agreeing
    again = {**prov, "image": {"width": 1000, "sha256": "small"}}
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, again)
    assert session.review(0).same_reading  # the same read of the same image, stored twice


def test_a_later_reading_in_the_history_does_not_undo_the_transcript_becoming_it(
    session: DocumentSession,
) -> None:
    _ocr(session, 0, CLEAN.replace("判決", "判快"), "model-a")
    session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, {"engine": "vllm", "model": "b"})
    session.save_draft(0, CLEAN)  # the reviewer took B's reading
    session.commit_draft(0)
    # A third model's reading lands in the history only: the transcript is still B's.
    session.store.add_version(
        0, VersionKind.OCR, CLEAN, {"engine": "vllm", "model": "c"}, history_only=True
    )
    # (Only versions older than the alternate and the working version decide: the
    # review's cache, keyed by both ids, stays right.)
    assert session.review(0).same_reading
