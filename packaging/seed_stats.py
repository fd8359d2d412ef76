"""Write a short review history of the sample into a store, for build.sh's statistics check.

    PYTHONPATH=. .venv/bin/python packaging/seed_stats.py STORE PDF

The built app has no command that approves a page, and the statistics (and the report's
charts) need pages that were both read by a model and approved: this writes them with
the app's own store code, from the venv, before the built binary reads the store
(``proofdesk stats`` and ``proofdesk export --format report``). Two models read every
page with a few characters wrong; a reviewer corrects and approves pages 1-5.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from backend.session.document_session import DocumentSession
from backend.store.review_store import ReviewStore
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


def seed(store_path: Path, pdf: Path) -> None:
    truth = [p["text"] for p in json.loads(TRUTH.read_text("utf-8"))["pages"]]
    session = DocumentSession.open(pdf, store_path=store_path)
    try:
        store = session.store.local()
        assert isinstance(store, ReviewStore)
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
    finally:
        session.close()


if __name__ == "__main__":
    seed(Path(sys.argv[1]), Path(sys.argv[2]))
