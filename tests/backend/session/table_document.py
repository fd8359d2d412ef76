"""A document for the layout's way into reviews (GUI and CLI): page 1 a paragraph and
a ruled table of 6 rows drawn (``tests.backend.engines.layout_pages``) whose stored
transcript lost a row, page 2 a paragraph with no table."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.engines.layout_pages import PARAGRAPH, table_page

LOST_ROW = "the page's table has 6 rows, the transcript's 5"


def table_transcript() -> str:
    """Page 1's paragraph and its ruled table with the row of 扣案物21件 lost."""
    rows = [["編號", "物品名稱", "數量"]]
    rows += [[f"扣案物{r * 7 + c}件" for c in range(3)] for r in (1, 2, 4, 5)]
    table = ["| " + " | ".join(r) + " |" for r in rows]
    table.insert(1, "|---|---|---|")
    return "\n".join([PARAGRAPH[:24], "", *table])


def table_document(folder: Path, store: Path | None = None) -> Path:
    """The two-page PDF in ``folder``, its transcripts stored (in ``store``, else the
    default store beside it)."""
    first = table_page(folder / "table-page.pdf").path
    pdf = folder / "tables.pdf"
    doc = pymupdf.open(first)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), PARAGRAPH, fontname="china-t", fontsize=12)
    doc.save(pdf)
    doc.close()
    session = DocumentSession.open(pdf, store_path=store)
    try:
        session.store.add_version(0, VersionKind.OCR, table_transcript(), {"engine": "vllm"})
        session.store.add_version(1, VersionKind.OCR, PARAGRAPH, {"engine": "vllm"})
    finally:
        session.close()
    return pdf
