"""The critical items' outcomes recorded at approval (issue 26): raised from the first
machine reading against its alternate, accepted or dismissed by the approved text, in
a real SQLite store through the session; shown per page and per person, and as unknown
(not zero) for pages approved before they were stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import ReviewStatus, VersionKind
from backend.session.critical_outcomes import changed_spans
from backend.session.document_session import DocumentSession
from backend.stats import as_json, statistics_of
from backend.stats.tables import table_cells
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter
from tests.pdf_factory import text_pdf

READ = "被告應給付原告新臺幣三萬元整，並自民國一百十年三月五日起算利息。原告不得再為請求。"
ALT = "被告應給付原告新臺幣五萬元整，並自民國一百十年三月五日起算利息。原告得再為請求。"
# The amount taken from the alternate (accepted), 不得 kept against it (dismissed).
APPROVED = "被告應給付原告新臺幣五萬元整，並自民國一百十年三月五日起算利息。原告不得再為請求。"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = open_pdf(text_pdf(tmp_path / "a.pdf", ["p1", "p2", "p3"]))
    s = DocumentSession(pdf, ReviewStore(tmp_path / "r.sqlite3", author="ana"), [])
    yield s
    s.close()


def _read(session: DocumentSession, page: int) -> None:
    session.store.add_version(page, VersionKind.OCR, READ, {"engine": "vllm", "model": "m"})
    session.store.add_version(page, VersionKind.ALTERNATE, ALT, {"engine": "rapidocr"})


def test_an_approval_records_each_items_outcome(session: DocumentSession) -> None:
    _read(session, 0)
    session.save_draft(0, APPROVED)  # typed, not yet a version: the approval saves it first
    session.set_status(0, ReviewStatus.APPROVED)
    rows = (
        session.store.local()
        .connection.execute(
            "SELECT page, raised, accepted, dismissed, items, author FROM critical_outcomes"
        )
        .fetchall()
    )
    assert [r[:4] for r in rows] == [(0, 2, 1, 1)]
    items = json.loads(rows[0][4])
    assert [(i["read"], i["alternate"], i["outcome"]) for i in items] == [
        ("新臺幣三萬元", "新臺幣五萬元", "accepted"),
        ("不得", "得", "dismissed"),
    ]
    assert rows[0][5] == "ana"
    session.set_status(1, ReviewStatus.FLAGGED)  # not an approval: nothing recorded
    assert (
        len(session.store.local().connection.execute("SELECT * FROM critical_outcomes").fetchall())
        == 1
    )


def test_stats_show_outcomes_per_page_and_person_and_unknown_before(
    session: DocumentSession,
) -> None:
    store = session.store.local()
    assert isinstance(store, ReviewStore)
    with HistoryWriter(store) as w:  # page 2: approved before outcomes were stored
        w.reading(2, READ, at=1_767_225_600.0)
        w.edit(2, APPROVED, at=1_767_225_660.0, author="ana")
        w.status(2, "approved", at=1_767_225_700.0, author="ana")
    _read(session, 0)
    store.add_version(0, VersionKind.EDIT, READ.replace("不得", "得"))  # both taken
    session.set_status(0, ReviewStatus.APPROVED)
    stats = statistics_of(session.store, 3)
    pages = {p.page: p for p in stats.pages}
    assert (pages[0].critical_raised, pages[0].critical_accepted) == (2, 1)
    assert pages[0].critical_dismissed == 1  # the amount kept as the machine read it
    assert pages[2].critical_raised is None  # unknown, not zero
    ana = stats.people[0]
    assert (ana.critical_raised, ana.critical_accepted, ana.critical_dismissed) == (2, 1, 1)
    assert ana.outcomes_unknown == 1
    head, rows = table_cells(stats, "page")
    by_page = {row[0]: dict(zip(head, row, strict=True)) for row in rows}
    assert by_page["1"]["items raised"] == "2" and by_page["3"]["items raised"] == "unknown"
    assert as_json(stats, "person")["person"][0]["critical_accepted"] == 1


def test_a_text_approved_again_after_an_edit_is_not_the_old_outcomes(
    session: DocumentSession,
) -> None:
    _read(session, 0)
    session.set_status(0, ReviewStatus.APPROVED)  # the machine's reading approved as read
    assert statistics_of(session.store, 3).pages[0].critical_dismissed == 2
    session.store.add_version(0, VersionKind.EDIT, APPROVED)  # takes the approval back
    session.store.set_status(0, ReviewStatus.APPROVED)  # approved by the store alone
    assert statistics_of(session.store, 3).pages[0].critical_raised is None


def test_changed_spans_by_hand() -> None:
    reading = "甲乙丙丁戊"
    # 乙 replaced, 丁 kept, an insertion before 戊 (at the edge of [3, 4) and of [4, 4)).
    approved = "甲己丙丁子戊"
    assert changed_spans(reading, approved, [(1, 2), (2, 3), (3, 4), (4, 4), (0, 0)]) == [
        True,
        False,
        True,
        True,
        False,
    ]
