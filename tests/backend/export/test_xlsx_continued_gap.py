"""XLSX: a table continues only the table of the page just before it in the export; with
that page left out of the export (pages 1 and 3 of a table over three), the later page's
rows are a sheet of their own, not rows glued under page 1's (``xlsx_file``)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession

PAGES = (
    "| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 刀 | 300 |\n",
    "| 2 | 槍 | 1,000 |\n| 3 | 手機 | 500 |\n",
    "| 4 | 存摺 | 20 |\n| 5 | 印章 | 10 |\n",
)


def test_a_page_between_left_out_ends_the_sheet(sample_pdf: Path, tmp_path: Path) -> None:
    source = tmp_path / "tables.jsonl"
    lines = [
        json.dumps({"page": i + 1, "text": t}, ensure_ascii=False) for i, t in enumerate(PAGES)
    ]
    source.write_text("\n".join(lines) + "\n", "utf-8")
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    try:
        session.import_transcripts(source)
        for page in range(len(PAGES)):
            session.set_status(page, ReviewStatus.APPROVED)
        every = tmp_path / "every.xlsx"
        write_export(collect(session, ExportOptions(pages=(0, 1, 2))), ExportFormat.XLSX, every)
        gap = tmp_path / "gap.xlsx"
        write_export(collect(session, ExportOptions(pages=(0, 2))), ExportFormat.XLSX, gap)
    finally:
        session.close()
    assert openpyxl.load_workbook(every).sheetnames == ["p1-t1"]
    book = openpyxl.load_workbook(gap)
    assert book.sheetnames == ["p1-t1", "p3-t1"]
    assert [r[0] for r in book["p3-t1"].iter_rows(values_only=True)] == [4, 5]
