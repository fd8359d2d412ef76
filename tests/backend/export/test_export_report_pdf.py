"""The PDF report: its fonts are subset (a whole CJK font made a one-page report 3.7 MB)
and its Chinese headings are bold (synthetic: filled and stroked, see pdf_fonts)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from backend import i18n
from backend.export import ExportFormat, collect, write_export
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    reviewed,
)

FILLED, STROKED = pymupdf.mupdf.FZ_STEXT_FILLED, pymupdf.mupdf.FZ_STEXT_STROKED


def _spans(page: pymupdf.Page) -> list[dict[str, object]]:
    flags = pymupdf.TEXTFLAGS_DICT | pymupdf.TEXT_COLLECT_STYLES  # fill/stroke per char
    blocks = page.get_text("dict", flags=flags)["blocks"]
    return [s for b in blocks for line in b.get("lines", []) for s in line["spans"]]


def _bold(span: dict[str, object]) -> bool:
    """Bold by its face (flags bit 4) or drawn filled and stroked (synthetic bold)."""
    char_flags = int(span.get("char_flags", 0))  # type: ignore[call-overload]
    by_face = bool(int(span["flags"]) & pymupdf.TEXT_FONT_BOLD)  # type: ignore[call-overload]
    return by_face or (char_flags & FILLED and char_flags & STROKED) != 0


def test_a_one_page_zh_tw_report_is_small_and_its_headings_are_bold(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    i18n.set_language("zh_TW")  # conftest puts English back
    target = tmp_path / "report.pdf"
    result = write_export(collect(reviewed), ExportFormat.REPORT_PDF, target)
    assert result.bytes == target.stat().st_size < 500_000  # was 3,729,624 bytes
    with pymupdf.open(target) as pdf:
        assert pdf.page_count == 1
        spans = _spans(pdf[0])
    by_text = {str(s["text"]).strip(): s for s in spans}
    headings = ["審閱報告", i18n._("Summary"), i18n._("Pages")]
    assert all(h in by_text for h in headings), sorted(by_text)
    assert [h for h in headings if not _bold(by_text[h])] == []
    assert not _bold(by_text["legal-sample.pdf"])  # a cell's text stays regular
