"""A small review history whose figures are known by hand, for the charts, the dialog
and the report (``history_helpers.HistoryWriter`` into a real SQLite store)."""

from __future__ import annotations

from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC
PAGES = 3
# Model A read pages 0 and 1: one character wrong in each, 2 changes over 23 approved
# characters (8.70 %); page 1's is a number (三 -> 五): a critical correction.
# Model B read page 2, not approved: read, not compared.
APPROVED = {0: "本院認為被告之行為事實明確", 1: "應給付新臺幣五萬元整"}
READ = {0: "本院認為被告之行為事實朋確", 1: "應給付新臺幣三萬元整", 2: "第三頁"}
POOLED_CER_A = "8.70%"


def write_known_history(store: ReviewStore) -> None:
    """ana edits and approves pages 0 and 1 on 2026-01-01: 30 s on page 0, 60 s on page 1."""
    with HistoryWriter(store) as w:
        w.reading(0, READ[0], at=T0, model="A", seconds=2.0)
        w.reading(1, READ[1], at=T0 + 1, model="A", seconds=4.0)
        w.reading(2, READ[2], at=T0 + 2, model="B", prompt="逐字轉錄本頁。")
        w.edit(0, APPROVED[0], at=T0 + 60, author="ana")
        w.status(0, "approved", at=T0 + 90, author="ana")
        w.edit(1, APPROVED[1], at=T0 + 120, author="ana")
        w.status(1, "approved", at=T0 + 150, author="ana")
