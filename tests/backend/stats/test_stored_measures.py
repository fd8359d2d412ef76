"""The measures of a page's readings stored at its approval (issue 26) on the embedded
store: written by the approval, read by the statistics instead of the texts, and
counted only when the page's approver wrote them."""

from __future__ import annotations

from pathlib import Path

from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession
from backend.stats import PairCache, statistics_of
from backend.store.activity_rows import MEASURE_COLUMNS
from tests.pdf_factory import text_pdf

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
APPROVED = READ.replace("三", "五").replace("不得", "得")  # 2 characters changed


def _chars_changed(session: DocumentSession, tmp_path: Path, name: str) -> int | None:
    """Page 0's characters changed, on a machine that never measured it."""
    cache = PairCache(tmp_path / f"{name}.sqlite3")
    try:
        return statistics_of(session.store, 1, cache=cache).pages[0].chars_changed
    finally:
        cache.close()


def test_the_approval_stores_its_measures_and_only_the_approvers_count(tmp_path: Path) -> None:
    pdf = text_pdf(tmp_path / "a.pdf", ["p"])
    session = DocumentSession.open(pdf, store_path=tmp_path / "a.review", author="rita")
    try:
        session.add_reading(0, READ, {"engine": "vllm", "model": "m"})
        session.save_draft(0, APPROVED)
        session.set_status(0, ReviewStatus.APPROVED)
        conn = session.store.local().connection
        columns = ", ".join(MEASURE_COLUMNS)
        stored = conn.execute(f"SELECT {columns}, author FROM pair_measures").fetchall()
        reading = session.store.versions(0)[0].id
        approved = session.store.versions(0)[-1].id
        assert [(r[0], r[1], r[3], r[-1]) for r in stored] == [(reading, approved, 2, "rita")]
        assert _chars_changed(session, tmp_path, "fresh") == 2
        # The figures come from the stored rows (the approver's newest wins) ...
        row = dict(zip(MEASURE_COLUMNS, stored[0][:-1], strict=True)) | {"distance": 5}
        session.store.add_pair_measures([row])
        assert _chars_changed(session, tmp_path, "newer") == 5
        # ... and one written by anyone else is not read.
        with session.store.local().transaction() as c:
            c.execute(
                f"INSERT INTO pair_measures ({columns}, author, created_at)"
                f" VALUES ({', '.join('?' for _c in MEASURE_COLUMNS)}, 'mallory', 0)",
                tuple((row | {"distance": 0}).values()),
            )
        assert _chars_changed(session, tmp_path, "mallory") == 5
    finally:
        session.close()
