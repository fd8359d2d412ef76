"""Tables out (issue 23): the transcripts' Markdown, HTML and tab-separated tables become
real tables in XLSX and DOCX, reopened here with the libraries that read those files
(openpyxl, python-docx); Markdown and JSONL keep the markup as written.

The transcripts go through a real review store (import, approve, ``collect``), as
every other export test's do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import docx
import openpyxl
import pytest
from docx.oxml.ns import qn

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.export.cell_numbers import cell_number
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.export.tables_export_helpers import PAGES, _transcripts, tables_session

__all__ = ["tables_session"]  # the fixture


def _export(session: DocumentSession, fmt: ExportFormat, path: Path) -> Path:
    write_export(collect(session, ExportOptions(pages=tuple(range(len(PAGES))))), fmt, path)
    return path


def _values(sheet: Any) -> list[list[object]]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def test_xlsx_puts_each_table_on_a_sheet_with_numbers_spans_and_the_text_as_written(
    tables_session: DocumentSession, tmp_path: Path
) -> None:
    path = _export(tables_session, ExportFormat.XLSX, tmp_path / "out.xlsx")
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["p1-t1", "p2-t1", "p3-t1"]  # page 4 has no table

    md = book["p1-t1"]
    assert _values(md) == [
        ["項目", "金額", "備註"],
        ["裁判費", 12000, 12000],
        ["郵資", 12000, "0912345678"],  # a leading zero: an ID, kept as text
        ["小計", 24000, 3.5],
    ]
    assert md["A1"].font.bold and not md["A2"].font.bold
    assert md["B2"].number_format == "#,##0" and md["B2"].comment is None  # shows as written
    assert md["C2"].comment.text == "壹萬貳仟"  # the written form kept beside the number
    assert md["B4"].comment.text == "新臺幣24,000元"
    assert md["C4"].number_format == "0.00" and md["C4"].comment is None
    assert md.freeze_panes == "A2"

    html = book["p2-t1"]
    assert {str(r) for r in html.merged_cells.ranges} == {"B1:C1", "A2:A3"}
    assert _values(html) == [["編號", "物品", None], [1, "手機", "2支"], [None, "現金", 12000]]
    assert html["A2"].comment.text == "一" and html["C3"].comment.text == "１２，０００"
    assert html["B1"].font.bold

    tsv = book["p3-t1"]
    assert _values(tsv) == [["日期", "金額"], ["113年5月3日", 5000], ["113年6月3日", 300]]
    assert tsv["B3"].comment.text == "參佰"
    assert path.stat().st_mode & 0o777 == 0o600  # private, as every export


def _grid(table: Any) -> list[list[str]]:
    return [[cell.text for cell in row.cells] for row in table.rows]


def test_docx_writes_markdown_html_and_tsv_tables_as_word_tables_with_merged_cells(
    tables_session: DocumentSession, tmp_path: Path
) -> None:
    path = _export(tables_session, ExportFormat.DOCX, tmp_path / "out.docx")
    document = docx.Document(str(path))
    md, html, tsv = document.tables
    assert _grid(md) == [
        ["項目", "金額", "備註"],
        ["裁判費", "12,000", "壹萬貳仟"],
        ["郵資", "壹萬貳仟", "0912345678"],
        ["小計", "新臺幣24,000元", "3.50"],
    ]
    # A merged cell fills each grid position it spans: the same <w:tc> twice.
    assert _grid(html) == [
        ["編號", "物品", "物品"],
        ["一", "手機", "2支"],
        ["一", "現金", "１２，０００"],
    ]
    top, below = html.rows[0].cells, html.rows[2].cells
    assert top[1]._tc is top[2]._tc
    assert below[0]._tc is html.rows[1].cells[0]._tc  # the rowspan, merged down
    assert _grid(tsv) == [["日期", "金額"], ["113年5月3日", "5,000"], ["113年6月3日", "參佰"]]
    for table in (md, html):
        header = table.rows[0]
        assert all(run.bold for cell in header.cells for p in cell.paragraphs for run in p.runs)
        assert header._tr.trPr.find(qn("w:tblHeader")) is not None  # repeats on each page
    assert not any(run.bold for p in md.rows[1].cells[0].paragraphs for run in p.runs)
    paragraphs = [p.text for p in document.paragraphs]
    for line in ("附表一：裁判費", "本表完。", "扣案物品目錄表", "以上。", "付款明細", "第二行。"):
        assert line in paragraphs
    markup = ("<table", "<td", "|---", "\t", "| 裁判費")
    assert not [p for p in paragraphs if any(m in p for m in markup)]


def test_markdown_and_jsonl_keep_every_table_s_markup_as_written(
    tables_session: DocumentSession, tmp_path: Path
) -> None:
    md = _export(tables_session, ExportFormat.MD, tmp_path / "out.md").read_text("utf-8")
    for page in PAGES:
        assert page.strip("\n") in md
    trail = _export(tables_session, ExportFormat.JSONL, tmp_path / "out.jsonl")
    records = [json.loads(line) for line in trail.read_text("utf-8").splitlines()]
    assert [r["text"] for r in records] == list(PAGES)


@pytest.mark.parametrize(
    ("written", "value", "number_format"),
    [
        ("12,000", 12000, "#,##0"),
        ("-1,200", -1200, "#,##0"),
        ("壹萬貳仟", 12000, "General"),
        ("新臺幣24,000元", 24000, "#,##0"),
        ("3.50", 3.5, "0.00"),
        ("0.5", 0.5, "0.0"),
        ("1 2", None, None),  # two numbers
        ("3支", None, None),  # a quantity with its counter: text
        ("113年5月3日", None, None),
        ("0912345678", None, None),  # leading zero: an ID
        ("1234567890123456", None, None),  # past what a spreadsheet keeps exactly
        ("元", None, None),
    ],
)
def test_a_cell_is_a_number_only_when_all_of_it_is(
    written: str, value: object, number_format: str | None
) -> None:
    number = cell_number(written)
    if value is None:
        assert number is None
    else:
        assert number is not None
        assert (number.value, number.number_format) == (value, number_format)


def test_the_cli_exports_the_tables_as_xlsx(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    source = _transcripts(tmp_path, PAGES)
    assert run_cli("import", sample_pdf, "--from", source, "--store", store).returncode == 0
    out = tmp_path / "tables.xlsx"
    args = ("export", sample_pdf, "--store", store, "--format", "xlsx", "-o", out)
    result = run_cli(*args, "--pages", "1-4")
    assert result.returncode == 0, result.stderr
    assert "(4 page(s)," in result.stdout and "not approved" in result.stderr
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["p1-t1", "p2-t1", "p3-t1"]
    assert book.properties.keywords == "contains_unapproved"
    assert book["p2-t1"]["C3"].value == 12000
