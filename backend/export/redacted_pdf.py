"""A redacted searchable PDF (issue 25): the scan with the pixels under each masked
finding removed, the masked text as its invisible layer, and nothing else kept.

Each page is copied (its images are not re-encoded, as the searchable PDF's), and the
copy scrubbed first (annotations, links, form fields, thumbnails, and the hidden text
a scanner's OCR layer is; the document's metadata, XMP, attachments, embedded files
and JavaScript). Then, page by page:
1. a redaction annotation over each finding's box (``ExportPage.redactions``) is
   applied: it removes the text and drawings under it, and the pixels under it from
   the image itself (no box drawn on top of a readable image). A plain JPEG scan is
   blanked by Pillow on a worker thread (``jpeg_redact``, ``redact_images``); any
   other image under a box by MuPDF (``PDF_REDACT_IMAGE_PIXELS``), an image's soft or
   stencil mask (where a high-compression scan keeps the letters' shape) made one
   value under the box too;
2. a scanned page gets the masked text as its invisible layer; a born-digital page
   keeps its own visible text, redacted under each box (removing it left the page
   blank: review V, item 8).
The file is written anew with garbage collection: no incremental update keeps an
earlier state, and no object of the original page survives unreferenced.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import BinaryIO

import pymupdf

from backend.export.format_spec import FormatSpec
from backend.export.jpeg_redact import plan, shared_objects
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument, ExportPage
from backend.export.read_back import pdf_first_page
from backend.export.redact_images import ImageWork, redact_pixels
from backend.export.redact_patterns import drop_image_patterns
from backend.export.searchable_pdf import Widths, copy_pages, open_source, write_layer
from backend.i18n import N_, _

# PyMuPDF's type stubs lack some of its redaction constants: named once here.
IMAGE_NONE: int = pymupdf.PDF_REDACT_IMAGE_NONE  # type: ignore[attr-defined]
LINE_ART_TOUCHED: int = pymupdf.PDF_REDACT_LINE_ART_REMOVE_IF_TOUCHED  # type: ignore[attr-defined]
TEXT_REMOVE: int = pymupdf.PDF_REDACT_TEXT_REMOVE  # type: ignore[attr-defined]


def write_redacted_pdf(
    doc: ExportDocument, out: BinaryIO, monitor: Monitor, *, password: str | None = None
) -> None:
    source = open_source(doc.source, password)
    try:
        result = pymupdf.open()
        try:
            copy_pages(result, source, [p.page for p in doc.pages], annots=False, links=False)
            _scrub(result)  # first: it takes every invisible text, the layers below too
            shared = shared_objects(result)
            font = pymupdf.Font("cjk")
            measure = Widths(font)
            with ImageWork(result) as work:
                for i, page in enumerate(doc.pages):
                    monitor.step(i, len(doc.pages))
                    _redact(result[i], page, shared, work)
                    # A scan's page has no text left (``scrub`` took its hidden OCR
                    # layer): the masked text is its layer. A born-digital page keeps its
                    # own visible text, redacted under each box: a layer would repeat it.
                    if not result[i].get_text().strip():
                        write_layer(result[i], page.text, page.layout, font, measure)
            result.set_metadata(_metadata(doc))
            result.del_xml_metadata()
            result.subset_fonts()
            monitor.step(len(doc.pages), len(doc.pages))
            # garbage=3 drops every object no page uses (the original content, images
            # and resources); garbage=4 only merges identical streams besides, and clean
            # re-filters contents scrub and redaction have filtered already: ~50 ms more.
            out.write(result.tobytes(garbage=3, deflate=True))
        finally:
            result.close()
    finally:
        source.close()


def _scrub(result: pymupdf.Document) -> None:
    result.scrub(
        attached_files=True,
        clean_pages=True,
        embedded_files=True,
        hidden_text=True,
        javascript=True,
        metadata=True,
        redactions=True,
        remove_links=True,
        reset_fields=True,
        reset_responses=True,
        thumbnails=True,
        xml_metadata=True,
    )
    result.set_toc([])


def _redact(
    page: pymupdf.Page,
    exported: ExportPage,
    shared: AbstractSet[int] = frozenset(),
    work: ImageWork | None = None,
) -> None:
    # Boxes are page-relative as the page is shown; annotations take unrotated points.
    shown = page.rect
    to_page = page.derotation_matrix
    rects = [
        pymupdf.Rect(x0 * shown.width, y0 * shown.height, x1 * shown.width, y1 * shown.height)
        * to_page
        for x0, y0, x1, y1 in exported.redactions
    ]
    if rects:
        # Plain JPEG scans are blanked by Pillow (``jpeg_redact``, on ``work``'s
        # threads); a page with any other image under a box goes MuPDF's way.
        jobs = plan(page, rects, shared)
        if jobs:
            if work is None:
                with ImageWork(page.parent, workers=1) as alone:
                    alone.submit(page.number, rects, jobs)
            else:
                work.submit(page.number, rects, jobs)
        if jobs is not None and _images_only(page):
            _fill(page, rects)  # no text or drawing to remove: the boxes are all it adds
        else:
            for rect in rects:
                page.add_redact_annot(rect, fill=(0, 0, 0))
            page.apply_redactions(images=IMAGE_NONE, graphics=LINE_ART_TOUCHED, text=TEXT_REMOVE)
            if jobs is None:  # the images MuPDF's way, each JPEG's box widened to its cells
                redact_pixels(page, rects)
        drop_image_patterns(page)  # a scan drawn as a pattern's cell would stay whole in it
    for annot in list(page.annots()):
        page.delete_annot(annot)
    for widget in list(page.widgets()):
        page.delete_widget(widget)


def _images_only(page: pymupdf.Page) -> bool:
    """Whether the page draws images and nothing else (a scan once ``scrub`` took its
    OCR layer): no text, path, shading or clip that applying redactions would cut."""
    return all(kind == "fill-image" for kind, _box in page.get_bboxlog())


def _fill(page: pymupdf.Page, rects: list[pymupdf.Rect]) -> None:
    """The black boxes ``apply_redactions`` draws (the same shape, the same place),
    without running the page's content through MuPDF's redaction filter (~3 ms)."""
    shape = page.new_shape()
    for rect in rects:
        shape.draw_rect(rect)
        shape.finish(fill=(0, 0, 0), color=(0, 0, 0))
    shape.commit()


def _metadata(doc: ExportDocument) -> dict[str, str]:
    return {
        "title": doc.title or doc.display_stem,
        "subject": _("De-identified for publishing; masks: {rules}.").format(rules=doc.masks),
        "creator": "ProofDesk",
        "producer": "ProofDesk",
        "author": "",
        "keywords": "",
    }


FORMAT = FormatSpec(
    "pdf",
    N_("Redacted searchable PDF (personal data removed from the scan and the text)"),
    N_("PDF files"),
    ".redacted.pdf",
    lambda doc, out, monitor, password: write_redacted_pdf(doc, out, monitor, password=password),
    pdf_first_page,
    first_page_alone=True,
)
