"""XLSX exports of pages written for a test: imported, approved, exported per selection."""

from __future__ import annotations

import json
from pathlib import Path

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession


def approved_xlsx(
    sample_pdf: Path, tmp_path: Path, texts: tuple[str, ...], *selections: tuple[int, ...]
) -> list[Path]:
    """``texts`` as pages 1, 2 … of the sample, each approved; one XLSX per selection."""
    source = tmp_path / "tables.jsonl"
    lines = [
        json.dumps({"page": i + 1, "text": t}, ensure_ascii=False) for i, t in enumerate(texts)
    ]
    source.write_text("\n".join(lines) + "\n", "utf-8")
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    outs = []
    try:
        session.import_transcripts(source)
        for page in range(len(texts)):
            session.set_status(page, ReviewStatus.APPROVED)
        for n, pages in enumerate(selections):
            out = tmp_path / f"export-{n}.xlsx"
            write_export(collect(session, ExportOptions(pages=pages)), ExportFormat.XLSX, out)
            outs.append(out)
    finally:
        session.close()
    return outs
