"""A DOCX of a long document, or of one with a long title, is written: python-docx
refuses a core property over 255 characters, and the DOCX export of 70 unapproved
pages (their numbers in the comments) or a 300-character title failed."""

from __future__ import annotations

from pathlib import Path

import docx
import pymupdf

from backend.export import ExportFormat, collect, write_export
from backend.session.document_session import DocumentSession
from tests.pdf_factory import text_pdf

PAGES = 70


def test_a_long_document_with_a_long_title_exports_as_docx(tmp_path: Path) -> None:
    pdf = text_pdf(tmp_path / "long.pdf", [f"page {n}" for n in range(1, PAGES + 1)])
    with pymupdf.open(pdf) as doc:
        doc.set_metadata({"title": "判決" * 150})  # 300 characters
        doc.saveIncr()
    session = DocumentSession.open(pdf, store_path=tmp_path / "review.sqlite3")
    try:
        for page in range(PAGES):
            session.save_draft(page, f"第 {page + 1} 頁")
            session.commit_draft(page)
        document = collect(session)
    finally:
        session.close()
    assert len(document.unapproved) == PAGES and len(document.title) == 300
    target = tmp_path / "long.docx"
    result = write_export(document, ExportFormat.DOCX, target)
    assert result.pages == PAGES
    props = docx.Document(str(target)).core_properties
    assert props.title == ("判決" * 150)[:255]
    assert props.comments == f"Draft: pages 1–{PAGES} not yet approved."
