"""One "riskiest first" order (issue 22): the page list and the review queue list the
same pages in the order ``status --by-risk`` prints them (``backend.review.risk``'s
``risk_order``): higher risk first, equal risks in page order, a NaN score first and a
page whose risk is not known yet last, in real models offscreen."""

from __future__ import annotations

import json
import math
from pathlib import Path

from backend.models import VersionKind
from backend.review.values import Diagnosis, DiagnosisKind
from backend.session.document_review import PageSummary
from backend.session.document_session import DocumentSession
from gui.aids.review_queue_model import ReviewQueueModel, risk_ranks
from gui.review.page_list_model import PageListModel
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli

SENTENCE = "被告應於本判決確定後給付原告新臺幣十二萬元。"
CLEAN = "第一條\n" + SENTENCE + "\n被告不得再為請求。\n"
FLIPPED = CLEAN.replace("不得", "得")  # a modal word lost: a critical disagreement
LOOPED = "第一條\n" + SENTENCE * 40 + "\n"  # a whole-page failure
# page → (transcript, alternate or None: unchecked). Two pairs of equal risks (0 and 2,
# 3 and 4) whose page order a tie broken otherwise would reverse.
PAGES = {
    0: (CLEAN, CLEAN),
    1: (FLIPPED, CLEAN),
    2: (CLEAN, CLEAN),
    3: (CLEAN, None),
    4: (CLEAN, None),
    5: (LOOPED, CLEAN),
}


def _page_list_order(summaries: list[PageSummary], page_count: int) -> list[int]:
    model = PageListModel(page_count)
    model.set_review_summaries(summaries)
    model.set_by_risk(True)
    return [model.page_at(row) for row in range(model.rowCount())]


def _queue_order(summaries: list[PageSummary], pages: range) -> list[int]:
    """The pages of the queue's rows, one item on each page, riskiest pages first."""
    model = ReviewQueueModel()
    model.set_ranks(risk_ranks(summaries))
    model.set_items([(p, Diagnosis(DiagnosisKind.REPETITION, 0, 1, "x")) for p in pages])
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_page_list_and_queue_order_pages_as_status_by_risk(qapp: object, tmp_path: Path) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", [str(p) for p in PAGES])
    store = tmp_path / "doc.review"
    session = DocumentSession.open(pdf, store_path=store)
    try:
        for page, (text, alternate) in PAGES.items():
            session.add_reading(page, text, {"engine": "vllm", "model": "m"})
            if alternate is not None:
                session.store.add_version(page, VersionKind.ALTERNATE, alternate, {"engine": "x"})
        summaries = session.reviews.summaries(range(len(PAGES)))
    finally:
        session.close()
    out = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    assert out.returncode == 0, out.stderr
    cli = [p["page"] - 1 for p in json.loads(out.stdout)["pages"]]
    risks = {s.page: s.risk for s in summaries}
    # The document has what the order must get right: ties, and distinct scores.
    assert risks[0] == risks[2] and risks[3] == risks[4] and len(set(risks.values())) == 4
    assert cli[0] == 5 and cli.index(0) < cli.index(2) and cli.index(3) < cli.index(4)
    assert _page_list_order(summaries, len(PAGES)) == cli
    assert _queue_order(summaries, range(len(PAGES))) == [str(p + 1) for p in cli]


def _summary(page: int, risk: float) -> PageSummary:
    return PageSummary(page, None, 0, 0, 0, 0, risk=risk)


def test_a_nan_risk_first_and_an_unknown_one_last_in_both(qapp: object) -> None:
    """Where the two used to differ: a page with no summary counted as risk 0 in the page
    list (between pages 1 and 3 here) but came after every known page in the queue; and a
    NaN risk fell wherever the comparisons left it."""
    summaries = [_summary(1, 0.0), _summary(2, math.nan), _summary(3, 4.0), _summary(4, 4.0)]
    expected = [2, 3, 4, 1, 0, 5]  # NaN, 4.0 twice in page order, 0.0, then unknown 0 and 5
    assert _page_list_order(summaries, 6) == expected
    assert _queue_order(summaries, range(6)) == [str(p + 1) for p in expected]
