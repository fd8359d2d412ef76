"""Checking that a preview is the beginning of its written file (backend and dialog tests)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pymupdf

from backend.export import ExportFormat


def assert_preview_begins(preview: str, target: Path, fmt: ExportFormat) -> None:
    """``preview`` (its cut mark "…" aside) is ``target``'s beginning: a text file's
    first characters; a PDF's first page as a PDF reader takes its text out; for a DOCX,
    every paragraph and cell shown is in the file's own XML (read without python-docx);
    for an XLSX, every sheet name and cell shown is in the workbook."""
    shown = preview.removesuffix("…")
    assert shown.strip(), fmt
    if fmt.spec.folder:  # one file per page: the preview is the first page's file
        target = sorted(target.iterdir())[0]
    if fmt.spec.extension == ".pdf":
        with pymupdf.open(target) as pdf:
            assert pdf[0].get_text().startswith(shown), fmt
    elif fmt.spec.extension == ".docx":
        words = _docx_words(target)
        pieces = [p for line in shown.split("\n") for p in line.split(" | ") if p.strip()]
        assert pieces and all(p in words for p in pieces), fmt
    elif fmt.spec.extension == ".xlsx":
        cells = _xlsx_cells(target)
        pieces = [p for line in shown.split("\n") for p in line.split(" | ") if p.strip()]
        assert pieces and all(p.strip("[]") in cells for p in pieces), fmt
    else:
        assert target.read_text("utf-8").startswith(shown), fmt


def _xlsx_cells(path: Path) -> set[str]:
    """Every sheet name and cell value in the written workbook, read with openpyxl."""
    import openpyxl

    workbook = openpyxl.load_workbook(path)
    cells = set(workbook.sheetnames)
    for sheet in workbook.worksheets:
        cells |= {str(v) for row in sheet.iter_rows(values_only=True) for v in row if v}
    return cells


def _docx_words(path: Path) -> str:
    xml = zipfile.ZipFile(path).read("word/document.xml").decode("utf-8")
    return "".join(re.findall(r"<w:t(?: [^>]*)?>([^<]*)</w:t>", xml))
