"""The PDF's own text layer as a reading: exact for digital PDFs, an earlier OCR otherwise.

PyMuPDF gives text-layer coordinates on the *unrotated* page; they are turned
with the page's rotation so boxes match the page as displayed.
"""

from __future__ import annotations

import time

import pymupdf

from backend.documents.pdf import PdfDocument
from backend.engines.offline.base import AltReading, RawLine, build_reading
from backend.engines.offline.engine_spec import EngineSpec, always_available, nothing_to_load
from backend.errors import RenderError
from backend.i18n import N_, _

NAME = "textlayer"


def no_text_notice(page: int) -> str:
    return _(
        "Page {page} has no text layer (it is a scanned image); read it with "
        "RapidOCR or Tesseract instead."
    ).format(page=page + 1)


def read_text_layer(doc: PdfDocument, page: int) -> AltReading:
    """The text layer of ``page``; an empty reading with a ``notice`` when there is none."""
    t0 = time.perf_counter()
    pg = doc.page(page)
    try:
        data = pg.get_text("dict", flags=pymupdf.TEXTFLAGS_TEXT)
    except Exception as exc:  # MuPDF raises several unrelated types on damaged content
        raise RenderError(
            _("The text layer of page {page} could not be read: the file is damaged there.").format(
                page=page + 1
            ),
            detail=repr(exc),
        ) from exc
    lines = list(_lines(data, pg.rotation_matrix))
    rect = pg.rect
    return build_reading(
        lines,
        engine=NAME,
        page=page,
        size=(rect.width, rect.height),
        engine_version=f"PyMuPDF {pymupdf.VersionBind}",
        render={"points": [round(rect.width, 1), round(rect.height, 1)]},
        latency_s=time.perf_counter() - t0,
        notice="" if any(line.text.strip() for line in lines) else no_text_notice(page),
    )


def _lines(data: dict[str, object], rotation: pymupdf.Matrix) -> list[RawLine]:
    out = []
    blocks = data.get("blocks")
    for block in blocks if isinstance(blocks, list) else []:
        for line in block.get("lines", ()):
            text = "".join(span["text"] for span in line["spans"])
            if not text.strip():
                continue
            r = pymupdf.Rect(line["bbox"]) * rotation
            out.append(RawLine(text, (r.x0, r.y0, r.x1, r.y1), None))
    return out


ENGINE = EngineSpec(
    NAME,
    N_("Text layer"),
    problem=always_available,
    load=nothing_to_load,
    read=lambda doc, page, _options: read_text_layer(doc, page),
    reads_scans=False,  # a scan has no text layer: no transcript from it
)
