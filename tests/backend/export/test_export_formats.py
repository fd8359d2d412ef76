"""Text, Markdown, DOCX and the HTML report: what is in them, and how unapproved pages show."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn

from backend import i18n
from backend.export import (
    ExportError,
    ExportFormat,
    ExportOptions,
    collect,
    default_name,
    parse_pages,
    preview,
    write_export,
)
from backend.export.docx_file import EAST_ASIAN_FONT, blocks
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    APPROVED,
    HOSTILE_NOTE,
    reviewed,
    squeeze,
    transcripts,
)


def test_parse_pages() -> None:
    assert parse_pages("1-3,7", 7) == (0, 1, 2, 6)
    assert parse_pages(" 2 ", 7) == (1,)
    assert parse_pages("3,1-2,2", 7) == (0, 1, 2)
    assert parse_pages("", 7) is None and parse_pages(None, 7) is None
    for bad, message in (("1-x", "not a page range"), ("5-2", "not a page range")):
        with pytest.raises(ExportError, match=message):
            parse_pages(bad, 7)
    with pytest.raises(ExportError, match="has 7 pages"):
        parse_pages("6-8", 7)


def test_plain_text_with_form_feeds_marks_unapproved_pages(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    result = write_export(collect(reviewed), ExportFormat.TXT, tmp_path / "out.txt")
    text = (tmp_path / "out.txt").read_text("utf-8")
    first, rest = text.split("\n", 1)
    assert first == "This export contains pages not yet approved: 2, 4, 6, 7."
    pages = rest.split("\f")
    assert [p.strip("\n") for p in pages] == [t.rstrip("\n") for t in transcripts().values()]
    assert result.unapproved == (1, 3, 5, 6) and result.contains_unapproved


def test_a_zh_tw_plain_text_export_starts_in_chinese(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    i18n.set_language("zh_TW")  # conftest puts English back
    document = collect(reviewed)
    write_export(document, ExportFormat.TXT, tmp_path / "out.txt")
    first = (tmp_path / "out.txt").read_text("utf-8").split("\n", 1)[0]
    # Written out, not asked of unapproved_notice: the pages are the unapproved ones.
    assert first == "本匯出檔含有尚未核可的頁面：2、4、6、7。"  # no "[ProofDesk]" tag


def test_plain_text_with_heading_lines_and_approved_only(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    options = ExportOptions(approved_only=True, separator="--- page {page} ---")
    result = write_export(collect(reviewed, options), ExportFormat.TXT, tmp_path / "out.txt")
    text = (tmp_path / "out.txt").read_text("utf-8")
    assert re.findall(r"^--- page (\d+) ---$", text, re.M) == ["1", "3", "5"]
    assert "not yet approved" not in text and "\f" not in text
    assert result.skipped == (1, 3, 5, 6) and not result.contains_unapproved
    assert squeeze(text.split("--- page 3 ---")[1].split("--- page 5 ---")[0]) == squeeze(
        transcripts()[2]
    )


def test_page_ranges_and_stripped_markers(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    marked = [p for p, t in transcripts().items() if "【" in t]
    assert marked, "the sample has markers: this test can fail"
    page = marked[0]
    options = ExportOptions(pages=(page,), strip_markers=True)
    document = collect(reviewed, options)
    assert [p.page for p in document.pages] == [page]
    assert document.pages[0].markers_left >= 1  # counted in the reviewed text
    # The page's text with each marker taken out, and nothing else.
    unmarked = re.sub("【(blurry|模糊|\\?|？)】", "", transcripts()[page])
    assert unmarked != transcripts()[page]
    assert squeeze(document.pages[0].text) == squeeze(unmarked)
    custom = collect(reviewed, options, strip_markers=lambda t: t.replace("第", "#"))
    assert "#" in custom.pages[0].text and "【" in custom.pages[0].text


def test_markdown_keeps_tables_and_titles(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    write_export(collect(reviewed), ExportFormat.MD, tmp_path / "out.md")
    text = (tmp_path / "out.md").read_text("utf-8")
    assert text.startswith("# legal-sample\n\n> **Warning:** This export contains pages")
    assert "## Page 1\n" in text and "## Page 2 (unreviewed)\n" in text
    table_rows = [t for t in transcripts().values() if "|---" in t]
    assert table_rows and all(t.strip() in text for t in table_rows)


def test_docx_holds_each_page_with_a_cjk_font_and_page_breaks(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    write_export(collect(reviewed), ExportFormat.DOCX, tmp_path / "out.docx")
    document = docx.Document(str(tmp_path / "out.docx"))
    body = "\n".join(p.text for p in document.paragraphs)
    for table in document.tables:
        body += "\n" + "\n".join("|".join(c.text for c in row.cells) for row in table.rows)
    for page, text in transcripts().items():
        for line in text.split("\n"):
            if line.strip() and not line.startswith("|"):
                assert line in body, (page, line)
    assert document.tables, "the sample's Markdown table became a Word table"
    assert document.tables[0].rows[0].cells[0].text == "訴訟標的金額或價額"
    fonts = document.styles["Normal"].element.rPr.rFonts
    assert fonts.get(qn("w:eastAsia")) == EAST_ASIAN_FONT
    xml = zipfile.ZipFile(tmp_path / "out.docx").read("word/document.xml").decode()
    assert xml.count('w:type="page"') == len(transcripts()) - 1
    assert document.core_properties.title == "legal-sample"
    # One short grey line in the UI language, not a red English sentence (issue 14).
    assert document.paragraphs[0].text == "Draft: pages 2, 4, 6–7 not yet approved."
    (run,) = document.paragraphs[0].runs
    assert str(run.font.color.rgb) == "595959" and not run.bold


def test_docx_blocks_split_tables_from_paragraphs() -> None:
    text = "前言\n| a | b |\n|---|:---:|\n| 1 | 2 |\n後記\n| not a table"
    found = blocks(text)
    grid = [[cell.value for cell in row.cells] for row in found[1].rows]  # type: ignore[union-attr]
    assert [found[0], grid, *found[2:]] == [
        "前言",
        [["a", "b"], ["1", "2"]],
        "後記",
        "| not a table",
    ]


def test_report_is_escaped_and_summarises(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    aids = {1: {"agreement": 0.925, "critical_flags": [{"kind": "critical"}], "markers_left": 2}}
    document = collect(reviewed, aids=lambda p: aids.get(p, {}))
    write_export(document, ExportFormat.REPORT, tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text("utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(&quot;x&quot;)" in html
    assert HOSTILE_NOTE not in html
    assert "<tr><th>Pages in this report</th><td>7</td></tr>" in html
    assert f"approved {len(APPROVED)}" in html and "flagged 1" in html and "not reviewed" in html
    assert "<td>92.5%</td>" in html and "Mean agreement</th><td>92.5%" in html
    assert 'class="warning">This export contains pages not yet approved' in html
    assert "src=" not in html and "href=" not in html  # self-contained


def test_report_pdf_is_a_pdf_with_the_summary(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    import pymupdf

    write_export(collect(reviewed), ExportFormat.REPORT_PDF, tmp_path / "r.pdf")
    with pymupdf.open(tmp_path / "r.pdf") as pdf:
        text = "".join(page.get_text() for page in pdf)
    # Statuses in words and times on the reader's clock, not codes and UTC ISO.
    assert "Review report" in text and "not reviewed" in text and "approved" in text
    assert "in_progress" not in text and "unreviewed" not in text
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)", text)
    assert not re.search(r"T\d\d:\d\d:\d\d\+00:00", text)
    assert squeeze(HOSTILE_NOTE) in squeeze(text)  # shown as text, CJK included


def test_default_names_and_preview(reviewed: DocumentSession) -> None:  # noqa: F811
    document = collect(reviewed)
    assert default_name(document, ExportFormat.PDF) == "legal-sample.searchable.pdf"
    assert default_name(document, ExportFormat.JSONL) == "legal-sample.audit.jsonl"
    first = transcripts()[0]
    assert first + "\f" in preview(document, ExportFormat.TXT)  # then the next page's
    assert first.split("\n")[0] in preview(document, ExportFormat.PDF)  # its invisible layer
    assert first.split("\n")[0] in preview(document, ExportFormat.DOCX)
    assert preview(document, ExportFormat.MD, limit=20) == (
        preview(document, ExportFormat.MD)[:20] + "…"
    )


def test_docx_replaces_characters_xml_cannot_hold(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    reviewed.save_draft(1, "　頁\x0c內\x01容\t尾")
    write_export(
        collect(reviewed, ExportOptions(pages=(1,))), ExportFormat.DOCX, tmp_path / "o.docx"
    )
    texts = [p.text for p in docx.Document(str(tmp_path / "o.docx")).paragraphs]
    assert "　頁\ufffd內\ufffd容\t尾" in texts  # leading full-width space and tab kept
