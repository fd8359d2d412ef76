"""DOCX (python-docx): one page of the scan per Word page, tables kept as Word tables.

Word picks the font for Chinese characters from the run's East Asian font
slot (``w:rFonts w:eastAsia``), not from the font name python-docx sets, and
its Traditional glyph forms from ``w:lang w:eastAsia``; both are set on the
Normal style, so every paragraph shows in a Traditional Chinese font.
"""

from __future__ import annotations

import re
from typing import Any, BinaryIO

import docx
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor

from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.export.read_back import docx_text
from backend.export.words import draft_line
from backend.i18n import N_, _
from backend.safe_text import admit

EAST_ASIAN_FONT = "PMingLiU"  # 新細明體: on every Traditional Chinese Windows
LATIN_FONT = "Times New Roman"
EAST_ASIAN_LANG = "zh-TW"
CORE_PROPERTY_CHARS = 255  # python-docx's limit for a title or comment
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")

Block = str | list[list[str]]  # a paragraph, or a table's rows of cells


def write_docx(doc: ExportDocument, out: BinaryIO, monitor: Monitor) -> None:
    document: Any = docx.Document()  # python-docx is only partly annotated
    _set_fonts(document)
    props = document.core_properties
    # Metadata from the PDF can hold control characters XML refuses, and python-docx
    # refuses a property longer than 255 characters (a ValueError, nothing written):
    # a long title is cut, and the pages not approved are named as ranges.
    props.title = _clean(doc.title or doc.source.stem)[:CORE_PROPERTY_CHARS]
    comments = draft_line(doc.unapproved) if doc.contains_unapproved else _("All pages approved.")
    props.comments = comments[:CORE_PROPERTY_CHARS]
    if doc.contains_unapproved:  # one short line in the document's language, not an alarm
        warning = document.add_paragraph().add_run(draft_line(doc.unapproved))
        warning.italic = True
        warning.font.color.rgb = RGBColor(0x59, 0x59, 0x59)
    body = document.element.body
    anchor = body.sectPr  # looked up once: each lookup scans the whole body
    for i, page in enumerate(doc.pages):
        monitor.step(i, len(doc.pages))
        if i:
            _append(body, anchor, _page_break())
        for block in blocks(page.text):
            if isinstance(block, str):
                _append(body, anchor, _paragraph(block))
            else:
                _add_table(document, block)
    document.save(out)


# python-docx's add_paragraph looks for the section properties from the start of
# the body on every call: quadratic, a minute for 200 pages. Building the
# elements and placing each before the section properties directly is linear.
def _append(body: Any, anchor: Any, element: Any) -> None:
    if anchor is None:
        body.append(element)
    else:
        anchor.addprevious(element)


def _paragraph(text: str) -> Any:
    p = OxmlElement("w:p")
    clean = _clean(text)
    if clean:
        run, t = OxmlElement("w:r"), OxmlElement("w:t")
        t.text = clean
        t.set(qn("xml:space"), "preserve")  # keep leading full-width and ASCII spaces
        run.append(t)
        p.append(run)
    return p


def _page_break() -> Any:
    p, run, br = OxmlElement("w:p"), OxmlElement("w:r"), OxmlElement("w:br")
    br.set(qn("w:type"), "page")
    run.append(br)
    p.append(run)
    return p


def _set_fonts(document: Any) -> None:
    normal = document.styles["Normal"]
    normal.font.name = LATIN_FONT
    normal.font.size = Pt(12)
    rpr = normal.element.get_or_add_rPr()
    fonts = rpr.get_or_add_rFonts()
    fonts.set(qn("w:eastAsia"), EAST_ASIAN_FONT)
    lang = rpr.find(qn("w:lang"))
    if lang is None:
        lang = rpr.makeelement(qn("w:lang"), {})
        rpr.append(lang)
    lang.set(qn("w:eastAsia"), EAST_ASIAN_LANG)


def _add_table(document: Any, rows: list[list[str]]) -> None:
    columns = max(len(r) for r in rows)
    table = document.add_table(rows=len(rows), cols=columns)
    table.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            table.cell(r, c).text = _clean(cell)


def _clean(text: str) -> str:
    """``text`` without what XML 1.0 does not allow (controls, noncharacters, lone
    surrogates): ``write_export`` admits the document already; this writer does not
    rely on its caller for a file that would not open."""
    return admit(text).text


def blocks(text: str) -> list[Block]:
    """Paragraphs (one per line, as the scan has them) and Markdown pipe tables."""
    out: list[Block] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            j += 1
        table = lines[i:j]
        if len(table) >= 2 and _TABLE_RULE.match(table[1].strip()):
            rows = [_cells(row) for row in table if not _TABLE_RULE.match(row.strip())]
            if rows:  # only rule rows: nothing to show
                out.append(rows)
            i = j
        else:
            out.append(lines[i])
            i += 1
    return out


def _cells(row: str) -> list[str]:
    body = row.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") else body
    return [cell.strip() for cell in body.split("|")]


FORMAT = FormatSpec(
    "docx",
    N_("Word document (.docx)"),
    N_("Word documents"),
    ".proofread.docx",
    lambda doc, out, monitor, _password: write_docx(doc, out, monitor),
    docx_text,
)
