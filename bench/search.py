"""Search across N pages of realistic CJK text: the review store vs a plain ``str.find`` loop.

Each page gets ~1,500 characters made of lines from the sample's true transcripts,
picked at random per page (seeded), with the page number and a case number mixed
in, so a phrase hits some pages and not others. Queries: a 4-character phrase (the
FTS5 trigram index), a 2-character word (``instr`` scan: trigrams need 3+), and a
4-character miss.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from bench.make_doc import TRUTH_JSON, Docs
from bench.table import Row, median_ms

PAGE_CHARS = 1500
REPEATS = 5
LIMIT = 500  # DocumentSession.search's default
T = TypeVar("T")
QUERIES = (("4-char", "有期徒刑"), ("2-char", "判決"), ("miss", "量子糾纏"))


def page_texts(pages: int, truth: Path = TRUTH_JSON) -> list[str]:
    """``pages`` texts of about ``PAGE_CHARS`` characters each, varied per page."""
    data = json.loads(truth.read_text("utf-8"))
    lines = [ln for p in data["pages"] for ln in p["text"].splitlines() if ln.strip()]
    out = []
    for n in range(pages):
        rng = random.Random(n)
        body = [f"第 {n + 1} 頁", f"案號：一一四年度訴字第{n + 1}號"]
        size = sum(len(s) for s in body)
        while size < PAGE_CHARS:
            line = rng.choice(lines)
            body.append(line)
            size += len(line) + 1
        out.append("\n".join(body))
    return out


@contextmanager
def temp_data_dir() -> Iterator[Path]:
    """Point PROOFDESK_DATA_DIR at a fresh temporary folder for the duration."""
    old = os.environ.get("PROOFDESK_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="proofdesk-bench-") as tmp:
        os.environ["PROOFDESK_DATA_DIR"] = tmp
        try:
            yield Path(tmp)
        finally:
            if old is None:
                os.environ.pop("PROOFDESK_DATA_DIR", None)
            else:
                os.environ["PROOFDESK_DATA_DIR"] = old


def fill(session: DocumentSession, texts: list[str]) -> None:
    """Store each text as the page's OCR reading (fsync off while filling: setup only)."""
    conn = session.store.local().connection
    conn.execute("PRAGMA synchronous=OFF")
    try:
        for page, text in enumerate(texts):
            session.store.add_version(page, VersionKind.OCR, text, {"engine": "bench"})
    finally:
        conn.execute("PRAGMA synchronous=FULL")


def find_loop(texts: list[str], query: str, limit: int = LIMIT) -> list[tuple[int, int]]:
    """The baseline: (page, offset) of the first ``limit`` pages containing ``query``."""
    hits = []
    for page, text in enumerate(texts):
        offset = text.find(query)
        if offset >= 0:
            hits.append((page, offset))
            if len(hits) >= limit:
                break
    return hits


def timed(fn: Callable[[], list[T]], repeats: int = REPEATS) -> tuple[float, list[T]]:
    """Median milliseconds of ``repeats`` calls (after one warm-up) and the last result."""
    result = fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return median_ms(times), result


def run(docs: Docs) -> list[Row]:
    texts = page_texts(docs.pages)
    rows = []
    with temp_data_dir():
        session = DocumentSession.open(docs.big, author="bench")
        try:
            fill(session, texts)
            for label, query in QUERIES:
                ms, hits = timed(partial(session.search, query, limit=LIMIT))
                store_ms, _ = timed(partial(session.store.search, query, limit=LIMIT))
                base_ms, base_hits = timed(partial(find_loop, texts, query))
                n, n_base = len(hits), len(base_hits)
                found = f"{n} hits" + (", capped" if n == LIMIT else "")
                if n != n_base:
                    found += f"; str.find found {n_base}"
                name = f"search {docs.pages} pages, {label} “{query}” ({found})"
                rows.append(Row(name, ms, base_ms, baseline_name="str.find loop"))
                rows.append(Row(f"  … store.search only ({label})", store_ms, base_ms))
        finally:
            session.close()
    return rows
