"""``proofdesk eval`` and the GUI's evaluation over a document: the inputs read here.

A selector that names no version but a folder or JSONL file is gold text
(``backend.review.run_eval``), and the comparison needs the review's tables; the
review package opens no file, so both are read here and handed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from backend.review.run_eval import EvalReport, evaluate
from backend.session.review_tables import default_options
from backend.store.importers import read_transcripts
from backend.store.interface import PageStore


def evaluate_document(
    store: PageStore, page_count: int, a: str, b: str, pages: Sequence[int] | None
) -> EvalReport:
    """Selector ``a`` against selector ``b`` on ``pages``, every fold on."""
    options = default_options()
    return evaluate(store, page_count, a, b, pages, options=options, read_gold=read_gold)


def read_gold(spec: str, page_count: int) -> dict[int, str] | None:
    """Each page's gold text in the folder or file ``spec`` names; None when there is none."""
    if not Path(spec).exists():
        return None
    return {p.page: p.text for p in read_transcripts(spec, page_count)}
