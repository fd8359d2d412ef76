"""DOCX (python-docx): one page of the scan per Word page, tables kept as Word tables.

Word picks the font for Chinese characters from the run's East Asian font
slot (``w:rFonts w:eastAsia``), not from the font name python-docx sets, and
its Traditional glyph forms from ``w:lang w:eastAsia``; both are set on the
Normal style, so every paragraph shows in a Traditional Chinese font.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from backend.tables import Table, find_tables

EAST_ASIAN_FONT = "PMingLiU"  # 新細明體: on every Traditional Chinese Windows
LATIN_FONT = "Times New Roman"
EAST_ASIAN_LANG = "zh-TW"
CORE_PROPERTY_CHARS = 255  # python-docx's limit for a title or comment

Block = str | Table  # a paragraph, or a table
TableFinder = Callable[[str], Sequence[Table]]


def write_docx(doc: ExportDocument, out: BinaryIO, monitor: Monitor) -> None:
    document: Any = docx.Document()  # python-docx is only partly annotated
    _set_fonts(document)
    props = document.core_properties
    # Metadata from the PDF can hold control characters XML refuses, and python-docx
    # refuses a property longer than 255 characters (a ValueError, nothing written):
    # a long title is cut, and the pages not approved are named as ranges.
    props.title = _clean(doc.title or doc.display_stem)[:CORE_PROPERTY_CHARS]
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


def _add_table(document: Any, found: Table) -> None:
    """``found`` as a Word table: spans merged, header rows bold and repeated on each
    page a long table runs onto."""
    rows, columns = len(found.rows), max(found.columns, 1)
    table = document.add_table(rows=rows, cols=columns)
    table.style = "Table Grid"
    # Each grid position's cell, taken before any merge: a merge removes the cells it
    # swallows, and table.cell() recomputes the whole grid on every call (quadratic).
    grid = [row.cells for row in table.rows]
    filled: set[tuple[int, int]] = set()
    for cell in found.cells:
        last_row = min(cell.row + max(cell.row_span, 1), rows) - 1
        last_column = min(cell.column + max(cell.column_span, 1), columns) - 1
        spots = {
            (r, c)
            for r in range(cell.row, last_row + 1)
            for c in range(cell.column, last_column + 1)
        }
        if (cell.row, cell.column) in filled:
            continue  # under another cell's span (overlapping markup)
        if spots & filled:  # a merge here would cross one made already: this cell alone
            last_row, last_column = cell.row, cell.column
            spots = {(cell.row, cell.column)}
        filled |= spots
        target = grid[cell.row][cell.column]
        if (last_row, last_column) != (cell.row, cell.column):
            target = target.merge(grid[last_row][last_column])
        target.text = _clean(cell.value)
        if cell.header or found.rows[cell.row].header:
            for paragraph in target.paragraphs:
                for run in paragraph.runs:
                    run.bold = True
    for index, row in enumerate(found.rows):
        if not row.header or any(not r.header for r in found.rows[:index]):
            break
        header = OxmlElement("w:tblHeader")  # repeated atop each page the table runs onto
        header.set(qn("w:val"), "true")
        table.rows[index]._tr.get_or_add_trPr().append(header)


def _clean(text: str) -> str:
    """``text`` without what XML 1.0 does not allow (controls, noncharacters, lone
    surrogates): ``write_export`` admits the document already; this writer does not
    rely on its caller for a file that would not open."""
    return admit(text).text


def blocks(text: str, tables_of: TableFinder = find_tables) -> list[Block]:
    """Paragraphs (one per line, as the scan has them) and the tables between them
    (Markdown, HTML and tab-separated: ``backend.tables``). A table's own lines are
    the table; text before it on its first line is a paragraph of its own."""
    out: list[Block] = []
    at = 0
    for table in tables_of(text):
        if not table.rows:
            continue
        out += _lines(text[at : table.start], before_table=True)
        out.append(table)
        at = table.end + 1 if text[table.end : table.end + 1] == "\n" else table.end
    out += _lines(text[at:], before_table=False)
    return out


def _lines(part: str, *, before_table: bool) -> list[str]:
    if before_table and part.endswith("\n"):
        part = part[:-1]  # the line break before the table is the table's own
        return part.split("\n")
    return part.split("\n") if part else []


FORMAT = FormatSpec(
    "docx",
    N_("Word document (.docx)"),
    N_("Word documents"),
    ".proofread.docx",
    lambda doc, out, monitor, _password: write_docx(doc, out, monitor),
    docx_text,
)
