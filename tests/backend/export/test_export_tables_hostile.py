"""Tables out under hostile input: malformed markup, long names, a 2,000-row table and a
document without tables all export to XLSX and DOCX that reopen, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import docx
import openpyxl
import pytest

from backend import i18n
from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.export.xlsx_file import SHEET_NAME_CHARS, _clean_name, sheet_name
from backend.session.document_session import DocumentSession

UNCLOSED = '<table><tr><td rowspan="3" colspan="2">甲<td>乙</tr><tr><td>丙'
RAGGED = "| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 | 4 |"
# The second row's colspan runs into the rowspan from above.
OVERLAPPING = (
    '<table><tr><td>a</td><td rowspan="2">b</td></tr><tr><td colspan="3">c</td></tr></table>'
)
FORMULA = '| 欄 |\n|---|\n| =HYPERLINK("http://x.invalid","點") |\n| 控制\x01字元 |'
WIDE = '<table><tr><td colspan="100000">寬</td><td>尾</td></tr></table>'
HOSTILE = (UNCLOSED, RAGGED, OVERLAPPING, FORMULA, WIDE)


def _store(sample_pdf: Path, tmp_path: Path, pages: tuple[str, ...]) -> DocumentSession:
    source = tmp_path / "pages.jsonl"
    records = [{"page": i + 1, "text": text} for i, text in enumerate(pages)]
    source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    session.import_transcripts(source)
    return session


def _export(session: DocumentSession, pages: int, fmt: ExportFormat, path: Path) -> Path:
    write_export(collect(session, ExportOptions(pages=tuple(range(pages)))), fmt, path)
    return path


def _sheet_text(path: Path) -> dict[str, list[str]]:
    book = openpyxl.load_workbook(path)
    return {
        s.title: [str(v) for row in s.iter_rows(values_only=True) for v in row if v is not None]
        for s in book.worksheets
    }


def test_malformed_tables_export_what_they_hold(sample_pdf: Path, tmp_path: Path) -> None:
    session = _store(sample_pdf, tmp_path, HOSTILE)
    try:
        xlsx = _export(session, len(HOSTILE), ExportFormat.XLSX, tmp_path / "out.xlsx")
        word = _export(session, len(HOSTILE), ExportFormat.DOCX, tmp_path / "out.docx")
    finally:
        session.close()
    sheets = _sheet_text(xlsx)
    assert {"甲", "乙", "丙"} <= set(sheets["p1-t1"])
    assert {"a", "b", "1", "2", "3", "4"} <= set(sheets["p2-t1"])
    assert {"a", "b"} <= set(sheets["p3-t1"])
    formula, control = sheets["p4-t1"][1:]
    assert formula.startswith("=HYPERLINK(") and "\x01" not in control
    book = openpyxl.load_workbook(xlsx)
    assert book["p4-t1"]["A2"].data_type == "s"  # text, never a formula Excel runs
    assert {"寬", "尾"} <= set(sheets["p5-t1"])
    cells = {
        cell.text
        for table in docx.Document(str(word)).tables
        for row in table.rows
        for cell in row.cells
    }
    assert {"甲", "乙", "丙", "a", "b", "4", "寬", "尾"} <= cells


def test_a_table_of_2000_rows_exports_whole(sample_pdf: Path, tmp_path: Path) -> None:
    rows = "\n".join(f"| {n} | 項目{n} | {n * 1000:,} |" for n in range(1, 2001))
    text = "| 編號 | 名稱 | 金額 |\n|---|---|---|\n" + rows
    session = _store(sample_pdf, tmp_path, (text,))
    try:
        xlsx = _export(session, 1, ExportFormat.XLSX, tmp_path / "out.xlsx")
        word = _export(session, 1, ExportFormat.DOCX, tmp_path / "out.docx")
    finally:
        session.close()
    sheet = openpyxl.load_workbook(xlsx)["p1-t1"]
    assert sheet.max_row == 2001
    assert [c.value for c in sheet[2001]] == [2000, "項目2000", 2_000_000]
    (table,) = docx.Document(str(word)).tables
    assert len(table.rows) == 2001
    assert [c.text for c in table.rows[-1].cells] == ["2000", "項目2000", "2,000,000"]


@pytest.mark.parametrize(
    "name", ["附表" * 30, "[]:*?/\\" * 9, "'引號'" + "x" * 60, "\x00\x01控制字元" * 10]
)
def test_sheet_names_stay_within_excel_s_rules(name: str) -> None:
    assert len(name) >= 60
    clean = _clean_name(name)
    assert 0 < len(clean) <= SHEET_NAME_CHARS
    assert not set(clean) & set("[]:*?/\\") and not clean.startswith("'")
    book = openpyxl.Workbook()
    book.create_sheet(clean)  # openpyxl refuses a name Excel would
    assert len(sheet_name(10**40, 10**20)) <= SHEET_NAME_CHARS


@pytest.mark.parametrize(("language", "title"), [("en", "No tables"), ("zh_TW", "無表格")])
def test_a_document_without_tables_gets_a_sheet_that_says_so(
    language: str, title: str, sample_pdf: Path, tmp_path: Path
) -> None:
    i18n.set_language(language)  # conftest puts English back
    session = _store(sample_pdf, tmp_path, ("只有文字，沒有表格。",))
    try:
        xlsx = _export(session, 1, ExportFormat.XLSX, tmp_path / "out.xlsx")
    finally:
        session.close()
    book = openpyxl.load_workbook(xlsx)
    assert book.sheetnames == [title]
    assert book[title]["A1"].value == i18n._("The pages exported hold no table.")
    assert book.properties.keywords == "contains_unapproved"  # the page is not approved
