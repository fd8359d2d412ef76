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

import os
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

import pymupdf

from backend.export.jpeg_redact import Job, blank, store

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
    """MuPDF's pixel redaction of every image under ``rects``, nothing else."""
    for rect in rects:
        page.add_redact_annot(rect, fill=(0, 0, 0))
    page.apply_redactions(images=IMAGE_PIXELS, graphics=LINE_ART_NONE, text=TEXT_NONE)
