"""The redacted PDF's JPEGs blanked on worker threads while the pages go on.

Pillow decodes and encodes without holding the GIL, so a page's scan is blanked on a
worker (``jpeg_redact.blank``: bytes in, bytes out) while the caller's thread redacts
and lays out the next pages with PyMuPDF. Each result is stored on the caller's thread
(a PyMuPDF document has one owner), as soon as it is done; a few scans at most are in
flight, since each holds its JPEG and, decoded, its pixels.

Whatever a worker could not do, and any page that no longer draws the image it was
given, is redacted MuPDF's way at the end (``PDF_REDACT_IMAGE_PIXELS``, images only:
the page's text and drawings under the boxes are gone already): no box is ever left
over an image whose pixels are still there.
"""

from __future__ import annotations

import io
import os
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

import pymupdf
from PIL import Image

from backend.export.jpeg_redact import Job, blank, mcu, store

# PyMuPDF's type stubs lack some of its redaction constants: named once here.
IMAGE_PIXELS: int = pymupdf.PDF_REDACT_IMAGE_PIXELS  # type: ignore[attr-defined]
LINE_ART_NONE: int = pymupdf.PDF_REDACT_LINE_ART_NONE  # type: ignore[attr-defined]
TEXT_NONE: int = pymupdf.PDF_REDACT_TEXT_NONE  # type: ignore[attr-defined]

Pending = tuple[int, Sequence[pymupdf.Rect], Job, Future[bytes]]


class ImageWork:
    """Blanks the jobs ``submit`` is given on ``workers`` threads (default: the
    machine's cores, at most 4); leaving the ``with`` block stores what is left and
    redacts MuPDF's way any page whose images were not all done."""

    def __init__(self, doc: pymupdf.Document, workers: int | None = None) -> None:
        self.doc = doc
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.pool = ThreadPoolExecutor(self.workers, thread_name_prefix="redact-image")
        self.pending: deque[Pending] = deque()
        self.stored: list[tuple[int, Sequence[pymupdf.Rect], int]] = []
        self.failed: dict[int, Sequence[pymupdf.Rect]] = {}

    def __enter__(self) -> ImageWork:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None:  # the export failed or was cancelled: nothing is written
            self.pool.shutdown(wait=True, cancel_futures=True)
            return
        self.finish()

    def submit(self, number: int, rects: Sequence[pymupdf.Rect], jobs: Sequence[Job]) -> None:
        """Blank ``jobs`` of page ``number`` (redacted under ``rects``) in the background."""
        for job in jobs:
            future = self.pool.submit(blank, job.data, job.boxes)
            self.pending.append((number, rects, job, future))
        while self.pending and (
            self.pending[0][3].done() or len(self.pending) > 2 * self.workers + 2
        ):
            self._store(*self.pending.popleft())

    def finish(self) -> None:
        while self.pending:
            self._store(*self.pending.popleft())
        self.pool.shutdown(wait=True)
        for number, rects, xref in self.stored:
            page = self.doc[number]
            if xref not in {item[0] for item in page.get_images(full=True)}:
                self.failed[number] = rects  # redaction moved the page to another object
        for number, rects in sorted(self.failed.items()):
            redact_pixels(self.doc[number], rects)

    def _store(
        self, number: int, rects: Sequence[pymupdf.Rect], job: Job, future: Future[bytes]
    ) -> None:
        try:
            data = future.result()
        except Exception:  # a JPEG Pillow could not read: MuPDF's way, at the end
            self.failed[number] = rects
            return
        store(self.doc, job, data)
        self.stored.append((number, rects, job.xref))


def redact_pixels(page: pymupdf.Page, rects: Sequence[pymupdf.Rect]) -> None:
    """MuPDF's pixel redaction of every image under ``rects``, nothing else (the boxes
    are drawn already): each box widened for the JPEGs under it (``_widened``)."""
    for rect in _widened(page, rects):
        page.add_redact_annot(rect, fill=())  # no fill: the boxes are drawn already
    page.apply_redactions(images=IMAGE_PIXELS, graphics=LINE_ART_NONE, text=TEXT_NONE)


def _widened(page: pymupdf.Page, rects: Sequence[pymupdf.Rect]) -> list[pymupdf.Rect]:
    """The boxes for MuPDF's way, widened by a JPEG's coding cell and a pixel on every
    side. MuPDF blanks exactly the box, and a JPEG codes 8×8 or 16×16 cells as one: the
    pixels of a cell the box cuts, past its edge, were decoded from the same numbers as
    those under it and keep a trace of them (a stroke's ringing); so does the pixel past
    a cell, where the colour is at half resolution (``jpeg_redact._bleed``). Widened by
    a cell and a pixel, every cell that holds a pixel under the box is blanked whole.
    An inline image, whose coding is not read here, counts as a JPEG of 16×16 cells."""
    margin = 0.0
    for info in page.get_image_info(xrefs=True):
        bbox = pymupdf.Rect(info["bbox"])
        if not any(r.intersects(bbox) for r in rects):
            continue
        cell = _cell(page.parent, int(info.get("xref") or 0))
        if cell:
            side = min(int(info["width"]), int(info["height"])) or 1
            margin = max(margin, (cell + 1) * max(bbox.width, bbox.height) / side)
    return [pymupdf.Rect(r.x0 - margin, r.y0 - margin, r.x1 + margin, r.y1 + margin) for r in rects]


def _cell(doc: pymupdf.Document, xref: int) -> int:
    """The larger side in pixels of the JPEG's coding cell; 0: not a JPEG."""
    if xref <= 0:
        return 16  # inline: not read
    if doc.xref_get_key(xref, "Filter")[1] not in ("/DCTDecode", "/DCT"):
        return 0
    try:
        return max(mcu(Image.open(io.BytesIO(doc.xref_stream_raw(xref)))))
    except (OSError, ValueError):
        return 16  # not read by Pillow: the largest usual cell
