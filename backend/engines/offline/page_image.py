"""A page rendered for an OCR engine, and the engine's lines turned into a reading.

Runs in the worker (see ``worker``): the engines that read pixels (RapidOCR,
Tesseract) share how a page is rendered, timed and recorded in provenance.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from backend.documents.pdf import PdfDocument
from backend.engines.offline.base import AltOptions, AltReading, RawLine, build_reading
from backend.models import RenderedPage

# The engine's lines from the rendered page, with what ``render`` recorded (its dpi).
LineReader = Callable[[RenderedPage, dict[str, Any]], list[RawLine]]


def render(doc: PdfDocument, page: int, options: AltOptions) -> tuple[RenderedPage, dict[str, Any]]:
    rendered = doc.render(page, options.dpi / 72, max_pixels=options.max_pixels)
    info = {
        "dpi": round(rendered.scale * 72, 1),
        "pixels": [rendered.width, rendered.height],
        "clamped": rendered.clamped,
    }
    return rendered, info


def read_rendered(
    doc: PdfDocument,
    page: int,
    options: AltOptions,
    *,
    engine: str,
    version: str,
    read: LineReader,
) -> AltReading:
    """Render ``page`` and read it with ``read``; the reading records how and how long."""
    rendered, info = render(doc, page, options)
    t0 = time.perf_counter()
    lines = read(rendered, info)
    return build_reading(
        lines,
        engine=engine,
        page=page,
        size=(rendered.width, rendered.height),
        engine_version=version,
        render=info,
        latency_s=time.perf_counter() - t0,
    )
