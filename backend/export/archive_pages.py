"""What the archive formats (PAGE XML, ALTO, hOCR) write of each page: its lines, their
boxes in pixels of the page's image, and that image's name and size.

The image convention. Each file names its page's image ``NNNN.png`` (the 1-based page
number, four digits or more, as the file itself is named) and gives that image's size
as the page rendered at ``DPI`` (300) dots per inch as it is shown (its rotation
applied): width = round(width in points x 300 / 72). ProofDesk does not write the
image; render the PDF at 300 dpi under those names to have it (``pdftoppm -r 300``).
Boxes are in that image's pixels, from its top-left corner.

The lines. Every line of the page's text (split at line feeds, empty lines too), so a
file carries every character. A line's box is the union of the alternate reading's line
boxes its characters were aligned to (``pdf_layout.matched_boxes``, the alignment the
searchable PDF uses, without its gap filling). A line nothing matched has no box and
is written without coordinates: never a neighbour's or an invented one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from backend.export.format_spec import PageFiles
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument, ExportPage
from backend.export.pdf_layout import matched_boxes
from backend.export.searchable_pdf import open_source
from backend.models import box_union

DPI = 300
POINTS_PER_INCH = 72
LINE_ID = "pd_line_{number}"  # the 1-based line of the page's text: an import finds it again

EPOCH = "1970-01-01T00:00:00+00:00"  # a page with no version (no text either)

PixelBox = tuple[int, int, int, int]  # x0, y0, x1, y1


@dataclass(frozen=True)
class ArchiveLine:
    number: int  # 1-based, in the page's text
    text: str
    box: PixelBox | None

    @property
    def id(self) -> str:
        return LINE_ID.format(number=self.number)


@dataclass(frozen=True)
class ArchivePage:
    number: int  # 1-based page of the PDF
    image: str  # the page image's file name
    width: int  # that image's size in pixels
    height: int
    text: str  # every character of the page, the lines joined by line feeds
    lines: tuple[ArchiveLine, ...]
    created: str  # ISO time the page's text last changed (the formats' metadata)

    @property
    def boxes(self) -> list[PixelBox]:
        return [line.box for line in self.lines if line.box is not None]

    @property
    def area(self) -> PixelBox | None:
        """The union of the line boxes (None when no line has one)."""
        return box_union(self.boxes)


def page_file_name(number: int, suffix: str) -> str:
    """``0007.xml``: the page number, four digits or more, sorts as the pages do."""
    return f"{number:04d}{suffix}"


def rendered_pages(render: Callable[[ArchivePage], bytes], suffix: str) -> PageFiles:
    """A folder format's files: each page ``render``ed, named ``page_file_name``."""

    def files(
        doc: ExportDocument, monitor: Monitor, password: str | None
    ) -> list[tuple[str, bytes]]:
        pages = archive_pages(doc, password, monitor)
        return [(page_file_name(page.number, suffix), render(page)) for page in pages]

    return files


def archive_pages(
    doc: ExportDocument, password: str | None, monitor: Monitor | None = None
) -> list[ArchivePage]:
    """Each exported page with its lines and boxes (the PDF is read for page sizes)."""
    source = open_source(doc.source, password)
    try:
        sizes = {
            p.page: (float(source[p.page].rect.width), float(source[p.page].rect.height))
            for p in doc.pages
        }
    finally:
        source.close()
    out = []
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        out.append(archive_page(page, sizes[page.page], last_change(page)))
    return out


def last_change(page: ExportPage) -> str:
    """When the page's text last changed (its newest version), for the files' metadata:
    the same file for the same review, whenever it is written (the preview too)."""
    times = [str(v["created_at"]) for v in page.versions if v.get("created_at")]
    return max(times) if times else EPOCH


def archive_page(page: ExportPage, size: tuple[float, float], created: str) -> ArchivePage:
    width = max(1, round(size[0] * DPI / POINTS_PER_INCH))
    height = max(1, round(size[1] * DPI / POINTS_PER_INCH))
    spans, start = [], 0
    for line in page.text.split("\n"):
        spans.append((start, start + len(line)))
        start += len(line) + 1
    boxes = (
        matched_boxes(page.text, spans, page.layout)
        if page.layout is not None
        else [None] * len(spans)
    )
    lines = tuple(
        ArchiveLine(n, page.text[s:e], None if box is None else to_pixels(box, width, height))
        for n, ((s, e), box) in enumerate(zip(spans, boxes, strict=True), start=1)
    )
    number = page.page + 1
    return ArchivePage(
        number, page_file_name(number, ".png"), width, height, page.text, lines, created
    )


def to_pixels(box: tuple[float, float, float, float], width: int, height: int) -> PixelBox:
    """A page-relative box in whole pixels, on the image and at least a pixel wide and high."""
    x0, y0, x1, y1 = (min(max(v, 0.0), 1.0) for v in box)
    left, top = min(round(x0 * width), width - 1), min(round(y0 * height), height - 1)
    return left, top, max(round(x1 * width), left + 1), max(round(y1 * height), top + 1)
