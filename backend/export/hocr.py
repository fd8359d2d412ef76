"""hOCR 1.2 (Tesseract, OCRmyPDF): one XHTML file per page, ``NNNN.hocr``.

One ``ocr_page`` (its ``title``: the image's name and ``bbox 0 0 width height``) >
``ocr_carea`` > ``ocr_par`` > a span per line of the page's text, empty lines too, so
the file carries every character. A line with a box is an ``ocr_line`` with its
``bbox``; the spec requires a bbox on every ``ocr_line``, so a line without a box is an
``ocrx_line`` (the spec's engine-specific line) with no bbox rather than an invented
one. The line's text is the span's text as it is. Checked in the tests with
``hocr-spec``. The image and box conventions: ``archive_pages``.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from backend.export.archive_pages import ArchivePage, PixelBox, rendered_pages
from backend.export.format_spec import FormatSpec
from backend.i18n import N_

NS = "http://www.w3.org/1999/xhtml"
DOCTYPE = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
    '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
)
CAPABILITIES = "ocr_page ocr_carea ocr_par ocr_line ocrx_line"


def render_page(page: ArchivePage) -> bytes:
    root = etree.Element(f"{{{NS}}}html", nsmap={None: NS})
    root.set("lang", "zh-Hant")
    root.set("{http://www.w3.org/XML/1998/namespace}lang", "zh-Hant")
    head = _sub(root, "head")
    _sub(head, "title").text = page.image
    _meta(head, http_equiv="Content-Type", content="text/html; charset=utf-8")
    _meta(head, name="ocr-system", content="ProofDesk")
    _meta(head, name="ocr-capabilities", content=CAPABILITIES)
    _meta(head, name="ocr-number-of-pages", content="1")
    _meta(head, name="ocr-langs", content="zh-Hant")
    element = _sub(_sub(root, "body"), "div")
    element.set("class", "ocr_page")
    element.set("id", f"page_{page.number}")
    element.set(
        "title",
        f'image "{page.image}"; bbox 0 0 {page.width} {page.height}; ppageno {page.number - 1}',
    )
    if page.text:
        area = _box(_sub(element, "div"), "ocr_carea", "block_1", page.area)
        paragraph = _box(_sub(area, "p"), "ocr_par", "par_1", page.area)
        paragraph.text = "\n"
        for line in page.lines:
            span = _sub(paragraph, "span")
            _box(span, "ocrx_line" if line.box is None else "ocr_line", line.id, line.box)
            span.text = line.text
            span.tail = "\n"
    body = etree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _sub(parent: Any, name: str) -> Any:
    return etree.SubElement(parent, f"{{{NS}}}{name}")


def _meta(head: Any, *, content: str, name: str = "", http_equiv: str = "") -> None:
    meta = _sub(head, "meta")
    if http_equiv:
        meta.set("http-equiv", http_equiv)
    if name:
        meta.set("name", name)
    meta.set("content", content)


def _box(element: Any, cls: str, ident: str, box: PixelBox | None) -> Any:
    element.set("class", cls)
    element.set("id", ident)
    if box is not None:
        element.set("title", "bbox {} {} {} {}".format(*box))
    return element


FORMAT = FormatSpec.of_pages(
    rendered_pages(render_page, ".hocr"),
    name="hocr",
    label=N_("hOCR (a folder, one file per page)"),
    file_type=N_("Folders of hOCR files"),
    suffix=".hocr",
)
