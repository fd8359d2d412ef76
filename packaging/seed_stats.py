"""Write a short review history of the sample into a store, for build.sh's statistics check.

    PYTHONPATH=. .venv/bin/python packaging/seed_stats.py STORE

The built app has no command that approves a page, and the statistics (and the report's
charts) need pages that were both read by a model and approved: this adds them, from the
venv, to a store the built app made (``proofdesk import``), before the built binary reads
it (``proofdesk stats`` and ``proofdesk export --format report``). Rows only, through
plain SQLite: the venv's store code would upgrade the store to the tree's schema, which
the binary refuses when the tree changed since the build ("saved by a newer ProofDesk").
Two models read every page with a few characters wrong; a reviewer corrects and approves
pages 1-5.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.backend.stats.history_helpers import HistoryWriter

ROOT = Path(__file__).resolve().parent.parent
TRUTH = ROOT / "tests" / "data" / "legal-sample.truth.json"
# Model, how often a character is misread (one in N), the prompt: CJK labels on the charts.
MODELS = (
    ("Qwen2.5-VL-7B-Instruct", 25, "逐字轉錄本頁，保留換行。"),
    ("Qwen2.5-VL-72B-Instruct", 80, "逐字轉錄本頁，保留換行。"),
)
T0 = 1_764_547_200.0  # 2025-12-01 00:00 UTC
APPROVED = 5


def misread(text: str, every: int) -> str:
    """``text`` with every ``every``-th Han character replaced by a look-alike."""
    return "".join(
        "曰" if i % every == every - 1 and "\u4e00" <= ch <= "\u9fff" else ch
        for i, ch in enumerate(text)
    )


class _Rows:
    """What ``HistoryWriter`` uses of a store: one transaction on the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path)
        try:
            with conn:
                yield conn
        finally:
            conn.close()


def seed(store_path: Path) -> None:
    if not store_path.is_file():  # a store the app made, with its schema
        raise SystemExit(f"seed_stats.py: no store at {store_path}")
    truth = [p["text"] for p in json.loads(TRUTH.read_text("utf-8"))["pages"]]
    store: Any = _Rows(store_path)
    with HistoryWriter(store) as w:
        for n, (model, every, prompt) in enumerate(MODELS):
            for page, text in enumerate(truth):
                at = T0 + 10 * page + n
                w.reading(page, misread(text, every), at=at, model=model, prompt=prompt)
        for page in range(APPROVED):
            start = T0 + 3600 * (page + 1)
            w.status(page, "in_progress", at=start, author="ana")
            w.edit(page, truth[page], at=start + 120, author="ana")
            w.status(page, "approved", at=start + 180, author="ana")


if __name__ == "__main__":
    seed(Path(sys.argv[1]))
