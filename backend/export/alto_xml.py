"""ALTO 4 (libraries, newspaper archives): one file per page, ``NNNN.xml``.

``Description`` says the unit (``pixel``) and the page image's file name; ``Layout`` holds
one ``Page`` (the image's size) > ``PrintSpace`` > one ``TextBlock`` > a ``TextLine`` per
line of the page's text, empty lines too, so the file carries every character.
Each line is one ``String`` whose ``CONTENT`` is the line as it is: a Chinese line has
no spaces to split words at, and one String keeps the line's exact spacing. A line
with a box has it as ``HPOS``/``VPOS``/``WIDTH``/``HEIGHT`` on the line and its String;
a line without one has none (ALTO 4 makes them optional). The image and box
conventions: ``archive_pages``.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from backend.export.archive_pages import ArchivePage, PixelBox, rendered_pages
from backend.export.format_spec import FormatSpec
from backend.i18n import N_

NS = "http://www.loc.gov/standards/alto/ns-v4#"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA = f"{NS} http://www.loc.gov/standards/alto/v4/alto-4-4.xsd"


def render_page(page: ArchivePage) -> bytes:
    root = etree.Element(f"{{{NS}}}alto", nsmap={None: NS, "xsi": XSI})
    root.set(f"{{{XSI}}}schemaLocation", SCHEMA)
    root.set("SCHEMAVERSION", "4.4")
    description = _sub(root, "Description")
    _sub(description, "MeasurementUnit").text = "pixel"
    _sub(_sub(description, "sourceImageInformation"), "fileName").text = page.image
    processing = _sub(description, "Processing")
    processing.set("ID", "proofdesk")
    _sub(processing, "processingCategory").text = "contentModification"
    _sub(processing, "processingDateTime").text = page.created
    _sub(_sub(processing, "processingSoftware"), "softwareName").text = "ProofDesk"
    body = _sub(_sub(root, "Layout"), "Page")
    body.set("ID", f"page_{page.number}")
    body.set("PHYSICAL_IMG_NR", str(page.number))
    body.set("WIDTH", str(page.width))
    body.set("HEIGHT", str(page.height))
    space = _sub(body, "PrintSpace")
    _position(space, (0, 0, page.width, page.height))
    if page.text:
        block = _sub(space, "TextBlock")
        block.set("ID", "block_1")
        if page.area is not None:
            _position(block, page.area)
        for line in page.lines:
            element = _sub(block, "TextLine")
            element.set("ID", line.id)
            string = _sub(element, "String")
            string.set("CONTENT", line.text)
            if line.box is not None:
                _position(element, line.box)
                _position(string, line.box)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def _sub(parent: Any, name: str) -> Any:
    return etree.SubElement(parent, f"{{{NS}}}{name}")


def _position(element: Any, box: PixelBox) -> None:
    x0, y0, x1, y1 = box
    element.set("HPOS", str(x0))
    element.set("VPOS", str(y0))
    element.set("WIDTH", str(x1 - x0))
    element.set("HEIGHT", str(y1 - y0))


FORMAT = FormatSpec.of_pages(
    rendered_pages(render_page, ".xml"),
    name="alto",
    label=N_("ALTO 4 XML (a folder, one file per page)"),
    file_type=N_("Folders of ALTO files"),
    suffix=".alto",
)
