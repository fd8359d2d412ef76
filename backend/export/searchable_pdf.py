"""Searchable PDF: the original pages, unchanged, with the corrected text as an invisible layer.

Pages are copied with ``insert_pdf`` (their images and drawings are not
re-encoded); the text is written with render mode 3 (invisible) in MuPDF's
built-in CJK font (Droid Sans Fallback), embedded and subset, so selecting
and copying in any viewer yields the corrected text. Characters the font
lacks (superscript digits, ...) fall back to MuPDF's other built-in fonts.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import pymupdf

from backend.export.errors import ExportError
from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument, Layout
from backend.export.pdf_layout import Placed, place
from backend.export.read_back import pdf_first_page
from backend.export.text import unapproved_notice
from backend.i18n import N_, _

INVISIBLE = 3  # PDF text render mode: neither fill nor stroke


def write_searchable_pdf(
    doc: ExportDocument, out: BinaryIO, monitor: Monitor, *, password: str | None = None
) -> None:
    source = open_source(doc.source, password)
    try:
        result = pymupdf.open()
        try:
            copy_pages(result, source, [p.page for p in doc.pages])
            font = pymupdf.Font("cjk")
            measure = Widths(font)
            for i, page in enumerate(doc.pages):
                monitor.step(i, len(doc.pages))
                write_layer(result[i], page.text, page.layout, font, measure)
            result.set_metadata(_metadata(doc))
            result.subset_fonts()  # the whole CJK font is ~4 MB; used glyphs only
            monitor.step(len(doc.pages), len(doc.pages))
            # bytes, then write: PyMuPDF's writer mishandles real file objects
            out.write(result.tobytes(garbage=3, deflate=True))
        finally:
            result.close()
    finally:
        source.close()


def open_source(path: Path, password: str | None) -> pymupdf.Document:
    try:
        source = pymupdf.open(path, filetype="pdf")
    except Exception as exc:  # moved or deleted since it was opened
        raise ExportError(
            _("The document “{name}” could not be read again.").format(name=path.name)
        ) from exc
    if source.needs_pass and not source.authenticate(password or ""):
        source.close()
        raise ExportError(
            _("“{name}” needs its password to be exported as PDF.").format(name=path.name)
        )
    return source


def copy_pages(
    result: pymupdf.Document,
    source: pymupdf.Document,
    pages: list[int],
    *,
    annots: bool = True,
    links: bool = True,
) -> None:
    """Copy pages in runs: one ``insert_pdf`` per run of consecutive pages is much faster."""
    i = 0
    while i < len(pages):
        j = i
        while j + 1 < len(pages) and pages[j + 1] == pages[j] + 1:
            j += 1
        result.insert_pdf(source, from_page=pages[i], to_page=pages[j], annots=annots, links=links)
        i = j + 1


class Widths:
    """Text widths from cached per-character advances: ``Font.text_length`` looks up
    fallback fonts for every character, which made layout most of the export time."""

    def __init__(self, font: pymupdf.Font) -> None:
        self.font = font
        self.advance: dict[str, float] = {}

    def __call__(self, text: str, fontsize: float) -> float:
        advance = self.advance
        total = 0.0
        for ch in text:
            width = advance.get(ch)
            if width is None:
                width = advance[ch] = float(self.font.text_length(ch, 1.0))
            total += width
        return total * fontsize


def write_layer(
    page: pymupdf.Page,
    text: str,
    layout: Layout | None,
    font: pymupdf.Font,
    measure: Widths,
) -> None:
    size = (float(page.rect.width), float(page.rect.height))
    placed = place(text, layout, size, measure)
    if not placed:
        return
    if page.rotation:
        _write_rotated(page, placed, font)
        return
    writer = pymupdf.TextWriter(page.rect)
    for item in placed:
        writer.append(item.origin, item.text, font=font, fontsize=item.fontsize)
    writer.write_text(page, render_mode=INVISIBLE)


def _write_rotated(page: pymupdf.Page, placed: list[Placed], font: pymupdf.Font) -> None:
    """Lines are laid out as the page is shown; its content runs unrotated.

    Each line goes to its unrotated origin and is turned there by the page's
    rotation (TextWriter's matrix does not account for /Rotate by itself).
    """
    rotation, derotate = page.rotation, page.derotation_matrix
    page.set_rotation(0)
    try:
        for item in placed:
            origin = pymupdf.Point(item.origin) * derotate
            writer = pymupdf.TextWriter(page.rect)
            writer.append(origin, item.text, font=font, fontsize=item.fontsize)
            writer.write_text(page, render_mode=INVISIBLE, morph=(origin, pymupdf.Matrix(rotation)))
    finally:
        page.set_rotation(rotation)


def _metadata(doc: ExportDocument) -> dict[str, str]:
    subject = _("Scanned pages with the proofread text as an invisible, searchable layer.")
    if doc.contains_unapproved:
        subject += " " + unapproved_notice(doc)
    return {
        "title": doc.title or doc.source.stem,
        "subject": subject,
        "keywords": "contains_unapproved" if doc.contains_unapproved else "approved",
        "creator": "ProofDesk",
        "producer": f"ProofDesk (PyMuPDF {pymupdf.VersionBind})",
    }


FORMAT = FormatSpec(
    "pdf",
    N_("Searchable PDF (scan + invisible text)"),
    N_("PDF files"),
    ".searchable.pdf",
    lambda doc, out, monitor, password: write_searchable_pdf(doc, out, monitor, password=password),
    pdf_first_page,
    first_page_alone=True,  # its first page: the scan and page 1's text; no summary
)
