"""Riskiest pages first (issue 13, point 5): the score, its order, ``status --by-risk``;
and the review's own rules the risk relies on: one item per error, the document's own
【模糊】, a reading compared with itself."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from backend.models import AltText, VersionKind
from backend.review.page_aids import review_page
from backend.review.risk import (
    W_CRITICAL,
    by_risk,
    credibility,
    local_agreement,
    unread_line_count,
)
from backend.review.values import FlagKind, PageReview
from backend.session.document_session import DocumentSession
from backend.session.own_text import set_own_text
from backend.session.readings import ReadingNotFound, find_reading
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.review.tables import SETTINGS, TABLES

CLEAN = "第一條\n被告應於本判決確定後給付原告新臺幣十二萬元。\n被告不得再為請求。\n"
PAGES = 12  # pages of the document the page-review fixture reads into, one per call


def alt(text: str) -> AltText:
    return AltText(text=text, engine="rapidocr")


Read = Callable[[str, str | None], tuple[DocumentSession, int]]


@pytest.fixture
def reviewed(tmp_path: Path) -> Iterator[Read]:
    """Stores a model's reading (and an alternate engine's, if any) on a fresh page of
    one document: the session then reviews and scores it as the app does."""
    pdf = pdf_factory.text_pdf(tmp_path / "risk.pdf", [str(p) for p in range(PAGES)])
    session = DocumentSession.open(pdf, store_path=tmp_path / "risk.review", author="ana")
    pages = iter(range(PAGES))

    def read(transcript: str, alternate: str | None) -> tuple[DocumentSession, int]:
        page = next(pages)
        session.add_reading(page, transcript, {"engine": "vllm", "model": "model-a"})
        if alternate is not None:
            session.store.add_version(
                page, VersionKind.ALTERNATE, alternate, {"engine": "rapidocr"}
            )
        return session, page

    yield read
    session.close()


@pytest.fixture
def risk_of(
    reviewed: Read,
) -> Callable[[str, str | None], float]:
    """The risk score of a page so read, from the session's own review."""

    def score(transcript: str, alternate: str | None) -> float:
        session, page = reviewed(transcript, alternate)
        return session.reviews.risk(page).score

    return score


def review_of(
    reviewed: Read,
    transcript: str,
    alternate: str | None,
) -> PageReview:
    session, page = reviewed(transcript, alternate)
    return session.review(page)


def test_a_critical_disagreement_outranks_ordinary_noise(
    risk_of: Callable[[str, str | None], float],
) -> None:
    flipped = CLEAN.replace("不得", "得")  # a dropped 不 flips the sentence
    noisy = CLEAN.replace("判決", "判快")  # an ordinary misread
    assert risk_of(flipped, CLEAN) >= 0.8 * W_CRITICAL  # in a line both read alike
    assert risk_of(flipped, CLEAN) > risk_of(noisy, CLEAN) > risk_of(CLEAN, CLEAN)
    assert risk_of(CLEAN, CLEAN) == 0.0


@pytest.mark.parametrize(
    ("ours", "theirs", "honest", "why"),
    [
        ("得", "应", "應", "the alternate's Simplified-only character"),
        ("一一三年", "一三年", "二一三年", "a repeated character read once (CTC)"),
        ("。", "。百二榮去公事另壬責文蠶舉實車", "得", "a whole line the transcript lacks"),
    ],
)
def test_a_flag_the_text_says_is_the_alternates_misreading_counts_less(
    reviewed: Read, ours: str, theirs: str, honest: str, why: str
) -> None:
    base = "本院認被告於民國{}之行為，應負賠償責任。\n"
    transcript, alternate = base.format(ours), base.format(theirs)
    review = review_of(reviewed, transcript, alternate)
    flags = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    assert flags, why
    assert all(credibility(f, transcript, TABLES.simplified_only()) < 1.0 for f in flags), why
    # The same place read otherwise, with no such sign: full weight.
    other = review_of(reviewed, transcript, base.format(honest))
    flagged = [f for f in other.flags if f.kind is not FlagKind.MARKER]
    assert flagged and all(
        credibility(f, transcript, TABLES.simplified_only()) == 1.0 for f in flagged
    ), why


def test_local_agreement_tells_a_clean_line_from_a_garbled_one() -> None:
    transcript = "甲乙丙丁戊己庚辛壬癸應子丑寅卯辰巳午未申酉\n"
    clean = review_page(0, transcript, alt(transcript.replace("應", "得")), settings=SETTINGS)
    garbled = review_page(0, transcript, alt("ＸＹＺ　ＷＶＵ得ＱＰＯＮＭ\n"), settings=SETTINGS)
    at = transcript.index("應")
    assert local_agreement(clean, at, at + 1, len(transcript)) == 1.0
    assert local_agreement(garbled, at, at + 1, len(transcript)) < 0.2


def test_markers_unread_lines_and_no_alternate_raise_the_score(
    reviewed: Read, risk_of: Callable[[str, str | None], float]
) -> None:
    assert risk_of(CLEAN.replace("十二", "【模糊】"), None) > risk_of(CLEAN, None) > 0.0
    dropped = CLEAN.replace("被告不得再為請求。\n", "")
    session, page = reviewed(CLEAN, dropped)
    assert unread_line_count(session.review(page).hunks, CLEAN) == 1
    assert session.reviews.risk(page).unread_lines == 1
    assert risk_of(CLEAN, dropped) > risk_of(CLEAN, CLEAN)


@pytest.mark.parametrize(
    ("transcript", "alternate", "unread", "unverified"),
    [
        # Most of a line the alternate lacks: it read the line, so its terms are
        # compared ("alternate omits it"), and it is no unread line.
        (
            "被告不得再為請求，應於十日內給付。\n第二行照常。\n",
            "被告不得再為請求\n第二行照常。\n",
            0,
            False,
        ),
        # A whole line: not compared (to check against the scan), one unread line.
        (
            "被告不得再為請求。\n應於十日內給付。\n第二行照常。\n",
            "被告不得再為請求。\n第二行照常。\n",
            1,
            True,
        ),
        # A whole table cell: not compared either, but part of a row the alternate read.
        (
            "| 本院認為被告之行為已經構成侵權行為 | 應賠償三十萬元 |\n第二行照常。\n",
            "| 本院認為被告之行為已經構成侵權行為 | |\n第二行照常。\n",
            0,
            True,
        ),
    ],
)
def test_an_unread_line_is_one_rule_for_the_risk_and_the_critical_check(
    reviewed: Read, transcript: str, alternate: str, unread: int, unverified: bool
) -> None:
    """What the risk counts as unread lines is what the critical check does not compare
    because the alternate could not read it (``misreadings.unread_lines``), in whole lines."""
    session, page = reviewed(transcript, alternate)
    review = session.review(page)
    said = [f for f in review.flags if "could not read" in f.detail]
    assert session.reviews.risk(page).unread_lines == unread
    assert bool(said) is unverified, review.flags


def test_by_risk_is_riskiest_first_and_stable(reviewed: Read) -> None:
    for transcript in (CLEAN, CLEAN, CLEAN.replace("應", "得")):
        session, _page = reviewed(transcript, CLEAN)
    assert [r.page for r in by_risk(session.reviews.risks(range(3)))] == [2, 0, 1]


def test_one_error_gives_one_item_that_accepting_repairs(reviewed: Read) -> None:
    transcript = CLEAN.replace("不得", "不應")
    merged = review_of(reviewed, transcript, CLEAN).flags
    at = transcript.index("不應")
    touching = [f for f in merged if f.start <= at + 1 <= f.end and f.kind is not FlagKind.MARKER]
    assert len(touching) == 1, merged
    item = touching[0]
    assert item.kind is FlagKind.CRITICAL and item.also_diff
    assert item.replacement is not None
    fixed = transcript[: item.start] + item.replacement + transcript[item.end :]
    assert fixed == CLEAN


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "doc.review", author="ana")
    yield s
    s.close()


def _ocr(session: DocumentSession, page: int, text: str, model: str) -> int:
    vid, _ = session.add_reading(page, text, {"engine": "vllm", "model": model})
    return vid


def test_any_stored_reading_can_be_the_alternate(session: DocumentSession) -> None:
    a = _ocr(session, 0, CLEAN.replace("不得", "不應"), "model-a")
    # A second model's reading lands in history (never over the first one's text here).
    b, _ = session.store.add_version(
        0, VersionKind.OCR, CLEAN, {"engine": "vllm", "model": "model-b"}, history_only=True
    )
    assert session.store.current_version_id(0) == a
    assert [v.id for v in session.alternates(0)] == [b.id]  # never the working version
    review = session.review(0, alternate_id=b.id)
    critical = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    assert critical and critical[0].also_diff
    assert 0.9 < (review.agreement or 0) < 1.0 and not review.same_reading
    assert find_reading(session.store, 0, "model:model-b").id == b.id
    assert find_reading(session.store, 0, f"version:{b.id}").id == b.id
    with pytest.raises(ReadingNotFound):
        find_reading(session.store, 0, "model:nobody")
    with pytest.raises(ReadingNotFound, match="page 1, not page 2"):
        find_reading(session.store, 1, f"version:{b.id}")


def test_a_reading_compared_with_itself_says_so(session: DocumentSession) -> None:
    first = _ocr(session, 0, CLEAN.replace("不得", "不應"), "model-a")
    alt_id, _ = session.store.add_version(0, VersionKind.ALTERNATE, CLEAN, {"engine": "rapidocr"})
    assert not session.review(0).same_reading
    session.save_draft(0, CLEAN)  # the reviewer accepted every difference
    session.commit_draft(0)
    review = session.review(0)
    assert review.same_reading and review.agreement == 1.0
    assert session.reviews.risk(0).agreement is None  # scored as unchecked
    # The working version itself, chosen as the alternate, is the same reading too.
    working = session.store.current_version_id(0)
    assert working is not None and session.review(0, alternate_id=working).same_reading
    assert session.review(0, alternate_id=first).same_reading is False  # differs: real
    imported, _ = session.store.add_version(
        1, VersionKind.IMPORT, "two", {"engine": "import"}, history_only=False
    )
    _ocr(session, 1, "two", "model-a")
    assert session.review(1, alternate_id=imported.id).same_reading
    assert alt_id


def test_the_documents_own_marker_text_stops_blocking(session: DocumentSession) -> None:
    text = "第三條 無法辨識之文字以【模糊】標示。\n原告【模糊】\n"
    _ocr(session, 0, text, "model-a")
    markers = [f for f in session.review(0).flags if f.kind is FlagKind.MARKER]
    assert len(markers) == 2
    set_own_text(session.store, 0, text, markers[0], True)
    left = [f for f in session.review(0).flags if f.kind is FlagKind.MARKER]
    assert left == [markers[1]]
    session.close()
    again = DocumentSession.open(session.pdf.info.path, store_path=session.store.path)
    try:  # persisted in the store
        assert [f for f in again.review(0).flags if f.kind is FlagKind.MARKER] == [markers[1]]
        set_own_text(again.store, 0, text, markers[0], False)
        assert len([f for f in again.review(0).flags if f.kind is FlagKind.MARKER]) == 2
    finally:
        again.close()


def test_cli_compare_with_a_stored_reading_and_status_by_risk(tmp_path: Path) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    _ocr(s, 0, CLEAN, "model-a")
    _ocr(s, 1, CLEAN.replace("不得", "得"), "model-a")
    for page in (0, 1):
        s.store.add_version(
            page, VersionKind.OCR, CLEAN, {"engine": "vllm", "model": "model-b"}, history_only=True
        )
    s.close()
    out = run_cli(
        "compare", pdf, "--store", store, "--page", "2", "--alternate", "model:model-b", "--json"
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert any(f["kind"] == "critical" for f in data["flags"]) and data["agreement"] < 1.0
    same = tmp_path / "same.txt"
    same.write_text(CLEAN, "utf-8")
    out = run_cli("compare", pdf, "--store", store, "--page", "1", "--alternate", same, "--json")
    assert json.loads(out.stdout)["same_reading"] is True
    missing = run_cli("compare", pdf, "--store", store, "--page", "1", "--alternate", "model:x")
    assert missing.returncode == 2 and "no reading that matches" in missing.stderr
    ranked = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    assert ranked.returncode == 0, ranked.stderr
    pages = json.loads(ranked.stdout)["pages"]
    # No alternate version on either page: the flipped page still cannot be told apart
    # from the clean one, so both are scored as unchecked, in page order.
    assert [p["page"] for p in pages] == [1, 2]
    text = run_cli("status", pdf, "--store", store, "--by-risk")
    assert text.stdout.splitlines()[0].startswith("page 1: risk ")
    assert "no alternate reading" in text.stdout
