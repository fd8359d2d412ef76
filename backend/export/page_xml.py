"""PAGE XML 2019 (Transkribus, eScriptorium, OCR-D): one file per page, ``NNNN.xml``.

Each page is one ``TextRegion``. Its ``TextEquiv`` holds the page's whole text, every
line; a ``TextLine`` is written for each line that has a box (its ``Coords`` a
rectangle in the image's pixels, its own ``TextEquiv``). PAGE requires ``Coords`` on
every line and region, so a line without a box is in the region's text only, never
given coordinates; a region none of whose lines has a box covers the whole image (the
text is on the page; where is not known). Validated in the tests against the
``page.xsd`` of ``ocrd-validators``. The image and box conventions: ``archive_pages``.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from backend.export.archive_pages import ArchivePage, PixelBox, rendered_pages
from backend.export.format_spec import FormatSpec
from backend.i18n import N_

NS = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA = f"{NS} {NS}/pagecontent.xsd"


def render_page(page: ArchivePage) -> bytes:
    root = etree.Element(f"{{{NS}}}PcGts", nsmap={None: NS, "xsi": XSI})
    root.set(f"{{{XSI}}}schemaLocation", SCHEMA)
    meta = _sub(root, "Metadata")
    _sub(meta, "Creator").text = "ProofDesk"
    _sub(meta, "Created").text = page.created
    _sub(meta, "LastChange").text = page.created
    body = _sub(root, "Page")
    body.set("imageFilename", page.image)
    body.set("imageWidth", str(page.width))
    body.set("imageHeight", str(page.height))
    if page.text:
        region = _sub(body, "TextRegion")
        region.set("id", "region_1")
        _coords(region, page.area or (0, 0, page.width, page.height))
        for line in page.lines:
            if line.box is None:
                continue
            element = _sub(region, "TextLine")
            element.set("id", line.id)
            _coords(element, line.box)
            _text(element, line.text)
        _text(region, page.text)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def _sub(parent: Any, name: str) -> Any:
    return etree.SubElement(parent, f"{{{NS}}}{name}")


def _coords(parent: Any, box: PixelBox) -> None:
    x0, y0, x1, y1 = box
    _sub(parent, "Coords").set("points", f"{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}")


def _text(parent: Any, text: str) -> None:
    _sub(_sub(parent, "TextEquiv"), "Unicode").text = text


FORMAT = FormatSpec.of_pages(
    rendered_pages(render_page, ".xml"),
    name="page",
    label=N_("PAGE XML 2019 (a folder, one file per page)"),
    file_type=N_("Folders of PAGE XML files"),
    suffix=".page-xml",
)
