"""A measure stored at approval names the critical characters it was measured with
(``critical_digest``: the rule table in force on the approver's machine). Measured with
another table, it is not read: whether a correction was critical depends on the table,
so the pair is measured again with the one in force here."""

from __future__ import annotations

from pathlib import Path

from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession
from backend.stats import PairCache, statistics_of
from backend.store.activity_rows import MEASURE_COLUMNS
from tests.pdf_factory import text_pdf

READ = "被告應給付原告新臺幣三萬元整，原告不得再為請求。"
APPROVED = READ.replace("三", "五").replace("不得", "得")  # 2 characters changed


def test_a_measure_of_another_rule_table_is_not_read(tmp_path: Path) -> None:
    pdf = text_pdf(tmp_path / "a.pdf", ["p"])
    session = DocumentSession.open(pdf, store_path=tmp_path / "a.review", author="rita")
    cache = PairCache(tmp_path / "cache.sqlite3")
    try:
        session.add_reading(0, READ, {"engine": "vllm", "model": "m"})
        session.save_draft(0, APPROVED)
        session.set_status(0, ReviewStatus.APPROVED)
        columns = ", ".join(MEASURE_COLUMNS)
        conn = session.store.local().connection
        (stored,) = conn.execute(f"SELECT {columns} FROM pair_measures").fetchall()
        row = dict(zip(MEASURE_COLUMNS, stored, strict=True))
        assert row["distance"] == 2 and row["critical"]
        # The approver's own newer row, measured with another table: not this one's.
        other = {"critical_digest": "another table", "distance": 0, "critical": False}
        session.store.add_pair_measures([row | other])
        page = statistics_of(session.store, 1, cache=cache).pages[0]
        assert page.chars_changed == 2
    finally:
        cache.close()
        session.close()
