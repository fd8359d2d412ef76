"""Which readings an approval's critical items come from (``critical_outcomes``): the
page's first machine reading against its newest alternate, whatever was read between;
an empty span (the reading lacks what the alternate has) changed by an edit reaching it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.critical_outcomes import changed_spans
from backend.session.document_session import DocumentSession
from backend.store.review_store import ReviewStore
from tests.pdf_factory import text_pdf

READ = "被告應給付原告新臺幣三萬元整，並自民國一百十年三月五日起算利息。原告不得再為請求。"
ALT = "被告應給付原告新臺幣五萬元整，並自民國一百十年三月五日起算利息。原告得再為請求。"
APPROVED = "被告應給付原告新臺幣五萬元整，並自民國一百十年三月五日起算利息。原告不得再為請求。"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = open_pdf(text_pdf(tmp_path / "a.pdf", ["p1", "p2"]))
    s = DocumentSession(pdf, ReviewStore(tmp_path / "r.sqlite3", author="ana"), [])
    yield s
    s.close()


def _rows(session: DocumentSession) -> list[tuple[int, int, int, int]]:
    conn = session.store.local().connection
    return conn.execute(
        "SELECT page, raised, accepted, dismissed FROM critical_outcomes"
    ).fetchall()


def test_the_first_reading_against_the_newest_alternate(session: DocumentSession) -> None:
    store = session.store
    store.add_version(0, VersionKind.OCR, READ, {"engine": "vllm", "model": "m"})
    store.add_version(0, VersionKind.ALTERNATE, READ, {"engine": "rapidocr"})  # agrees: none
    store.add_version(0, VersionKind.OCR, ALT, {"engine": "vllm", "model": "m2"})  # read again
    store.add_version(0, VersionKind.ALTERNATE, ALT, {"engine": "rapidocr"})  # the newest
    session.save_draft(0, APPROVED)
    session.set_status(0, ReviewStatus.APPROVED)
    assert _rows(session) == [(0, 2, 1, 1)]


def test_a_replacement_reaching_an_empty_span_changes_it() -> None:
    # The reading lacks something at 2 ([2, 2)); 乙丙 replaced by 丁 runs up to it or over it.
    assert changed_spans("甲乙丙", "甲丁", [(2, 2), (3, 3), (1, 1)]) == [True, True, True]
    assert changed_spans("甲乙丙", "甲乙丁", [(1, 1)]) == [False]  # an edit elsewhere
