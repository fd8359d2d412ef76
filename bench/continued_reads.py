"""What a page review reads of the pages before it, for a table that runs into the page.

``python -m bench --only continued_reads`` (``--pages 50`` spares building the big
document), a few seconds. A 300-page document on the SQLite store: prose pages and
tables over 2, 6 and 30 pages (one longer than ``CHAIN_PAGES``), ~1,200 characters a
page. The page list's pass (``DocumentReviews.summaries`` over every page) once to
fill the review cache, then again from the cache (what each refresh of the page list
or the risk order costs). Counted: the store calls that read working text
(``working_texts``: on the team server each is a round trip) and the characters they
bring back; the cached pass's time with no latency added (median of 5), and its
round trips priced at 20 ms each (a slow link to the team server). The facts index is
left out (``facts = None``): its reads are its own.

Baseline, in the same run on the same store: the pages before read one at a time
while they run on, as the session did before (``OneAtATime`` puts that back). It
also parsed them again at each review (``running_header``); now only when they changed.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from backend.errors import StoreError
from backend.models import VersionKind
from backend.session.document_review import DocumentReviews
from backend.session.tables_before import TablesBefore
from backend.store.review_store import ReviewStore
from backend.tables.continued import Header, running_header
from bench.make_doc import Docs
from bench.table import Row, median_ms

PAGES = 300
ROUND_TRIP_S = 0.020
PROSE = ("本院認為被告所為係犯刑法第三百二十條第一項之竊盜罪，" * 48)[:1200]
HEAD = "附表\n\n| 編號 | 物品 | 數量 | 金額（新臺幣） |\n|---|---|---|---|\n"
# A run of tables: (pages of table, prose pages after it).
RUNS = ((2, 8), (6, 10), (30, 4))


def _rows(page: int) -> str:
    return "".join(f"| {page}-{r} | 物品{r} | {r} | {r * 100}元 |\n" for r in range(40))


def texts() -> list[str]:
    """The document's pages: each run's table (its header on the first page), then prose."""
    pages: list[str] = []
    while len(pages) < PAGES:
        for table, prose in RUNS:
            pages += [(HEAD if k == 0 else "") + _rows(len(pages) + k) for k in range(table)]
            pages += [PROSE] * prose
    return pages[:PAGES]


class Counted(ReviewStore):
    """The real store, its working-text reads counted (calls, characters)."""

    calls = 0
    chars = 0

    def working_texts(self, first: int = 0, last: int | None = None) -> dict[int, str]:
        found = super().working_texts(first, last)
        self.calls += 1
        self.chars += sum(len(t) for t in found.values())
        return found

    def take(self) -> tuple[int, int]:
        done, self.calls, self.chars = (self.calls, self.chars), 0, 0
        return done


class OneAtATime(TablesBefore):
    """The session before: every page reads the pages before, one store call a page."""

    def _opens_version(self, page: int, current_id: int | None) -> bool:
        return True

    def _running(self, page: int) -> Header:
        try:
            return running_header(self._working(p) for p in range(page - 1, -1, -1))
        except StoreError:
            return ()


def _passes(
    reviews: DocumentReviews, store: Counted
) -> tuple[tuple[int, int], tuple[int, int], float]:
    """The first pass's reads, the cached pass's reads, the cached pass's median seconds."""
    pages = range(PAGES)
    store.take()
    reviews.summaries(pages)
    first = store.take()
    seconds = []
    for _ in range(5):
        t0 = time.perf_counter()
        reviews.summaries(pages)
        seconds.append(time.perf_counter() - t0)
    calls, chars = store.take()
    return first, (calls // 5, chars // 5), median_ms(seconds)


def run(_docs: Docs) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Counted(Path(tmp) / "doc.review", author="bench")
        try:
            store.add_versions([(p, VersionKind.OCR, t, {}) for p, t in enumerate(texts())])
            measured = []
            for kind in (TablesBefore, OneAtATime):
                reviews = DocumentReviews(store)
                reviews.facts = None
                reviews.tables_before = kind(store)
                measured.append(_passes(reviews, store))
        finally:
            store.close()
    (new_first, new_cached, new_ms), (old_first, old_cached, old_ms) = measured
    base = "pages before read one at a time"
    name = f"continued_reads: page list over {PAGES} pages"
    return [
        Row(f"{name}, first pass: store calls", new_first[0], old_first[0], "calls", "", base),
        Row(f"{name}, cached pass: store calls", new_cached[0], old_cached[0], "calls", "", base),
        Row(
            f"{name}, cached pass: at {ROUND_TRIP_S * 1000:.0f} ms a round trip",
            new_cached[0] * ROUND_TRIP_S,
            old_cached[0] * ROUND_TRIP_S,
            "s",
            "",
            base,
        ),
        Row(
            f"{name}, cached pass: characters read",
            new_cached[1] / 1000,
            old_cached[1] / 1000,
            "k chars",
            "",
            base,
        ),
        Row(f"{name}, cached pass: time (SQLite, no latency)", new_ms, old_ms, "ms", "", base),
    ]
