"""A page rendered for an OCR engine, and the engine's lines turned into a reading.

Runs in the worker (see ``worker``): the engines that read pixels (RapidOCR,
Tesseract) share how a page is rendered, timed and recorded in provenance; RapidOCR,
its line detector and the layout model start from its pixels without their stamps
(``unstamped``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from backend.documents.pdf import PdfDocument
from backend.engines.offline.base import AltOptions, AltReading, RawLine, build_reading
from backend.engines.offline.colour_dropout import drop_colour
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


def to_array(rendered: RenderedPage) -> Any:
    """The render's pixels as an RGB ``numpy`` array (h, w, 3 ``uint8``)."""
    import numpy as np  # a RapidOCR dependency: only needed where RapidOCR runs

    rows = np.frombuffer(rendered.samples, dtype=np.uint8).reshape(rendered.height, rendered.stride)
    return rows[:, : rendered.width * 3].reshape(rendered.height, rendered.width, 3)


def unstamped(rendered: RenderedPage, info: dict[str, Any]) -> Any:
    """The render's pixels with its stamps' light ink pushed to paper (``drop_colour``),
    their sizes judged in mm at the dpi ``render`` recorded in ``info`` (a clamped page's
    is not ``options.dpi``). One function for every engine that drops them, so that the
    dpi they are judged at is the render's for all."""
    return drop_colour(to_array(rendered), float(info["dpi"]))


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
