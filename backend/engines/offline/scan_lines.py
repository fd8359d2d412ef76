"""Where the scan's text lines are, found by RapidOCR's detection model alone.

Detection is the cheap part of a reading (no recogniser runs): it says how many
lines a page has and where, which the review checks a transcript against
(``backend.review.diagnoses``). Runs in the offline engines' worker process
(``worker.detect_lines``), never in the GUI's: importing this module loads
nothing, ``load`` imports onnxruntime. One detector per worker, loaded once.
The page is rendered and cleaned of bleed-through exactly as RapidOCR's full
reading does (``page_image.render``, ``colour_dropout``, ``faint_ink``): ghost text
showing through from the back of the sheet, or a stamp, is no line of this page.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
from typing import TYPE_CHECKING, Any

from backend.engines.offline import colour_dropout, faint_ink
from backend.engines.offline.base import AltOcrError, AltOptions, EngineMissingError
from backend.engines.offline.base import rapidocr_missing as detector_missing
from backend.engines.offline.page_image import render, unstamped
from backend.engines.offline.rapidocr_engine import _bounds
from backend.i18n import _
from backend.models import ScanLines

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument

__all__ = [
    "cache_key",
    "detect",
    "detect_page",
    "detect_unstamped",
    "detector_missing",
    "detector_name",
    "load",
]

# Bump when how lines are found changes (the render, the cleaning, the detector's
# settings): cached results key on it (``cache_key``).
DETECTION_VERSION = "1"

_detector: Any = None  # this worker's detection-only RapidOCR
_version = ""


def load() -> str:
    """Create this process's detector (once); returns its name and version."""
    global _detector, _version
    if _detector is not None:
        return _version
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # before onnxruntime is first imported
    missing = detector_missing()
    if missing:
        raise EngineMissingError(missing)
    from rapidocr import RapidOCR

    # It warns of every blank page ("The text detection result is empty"): no news here.
    logging.getLogger("RapidOCR").setLevel(logging.ERROR)
    # A RapidOCR of its own, not the reader's: a call's use_rec=False would stay set on
    # a shared instance (RapidOCR keeps call options), and its recogniser, never loaded
    # here, is most of the memory.
    _detector = RapidOCR(
        params={"Global.log_level": "error", "Global.use_cls": False, "Global.use_rec": False}
    )
    _version = detector_name()
    return _version


def detector_name() -> str:
    """The detector's name and version, as ``ScanLines.detector`` records it; asked of
    the installed package's metadata, so the GUI's process can ask without loading it."""
    return f"rapidocr-det {importlib.metadata.version('rapidocr')}"


def cache_key(detector: str, options: AltOptions) -> str:
    """What a cached result depends on besides the page: the detector and how the page
    was rendered and cleaned."""
    return (
        f"{detector}|d{DETECTION_VERSION}|f{faint_ink.VERSION}|c{colour_dropout.VERSION}"
        f"|{options.dpi:g}dpi"
    )


def detect(rgb: Any, dpi: float | None = None) -> list[tuple[float, float, float, float]]:
    """Line boxes (x0, y0, x1, y1) in the pixels of ``rgb`` (h, w, 3 ``uint8``); ``dpi``:
    the page's, for the stamp step's sizes in mm (``drop_colour``)."""
    return detect_unstamped(colour_dropout.drop_colour(rgb, dpi))


def detect_unstamped(page: Any) -> list[tuple[float, float, float, float]]:
    """``detect`` of a page whose stamps' ink is off already (``page_image.unstamped``)."""
    load()
    try:
        out = _detector(faint_ink.suppress_faint(page), use_det=True, use_cls=False, use_rec=False)
    except Exception as exc:  # onnxruntime and OpenCV raise many unrelated types
        raise AltOcrError(
            _("RapidOCR could not find the lines of this page."), detail=repr(exc)
        ) from exc
    boxes = getattr(out, "boxes", None)
    return [] if boxes is None else [_bounds(poly) for poly in boxes]


def detect_page(doc: PdfDocument, page: int, options: AltOptions) -> ScanLines:
    """The lines of ``page`` (0-based): page-relative boxes, top to bottom."""
    version = load()
    rendered, info = render(doc, page, options)
    w, h = rendered.width, rendered.height
    boxes = [
        (_unit(x0 / w), _unit(y0 / h), _unit(x1 / w), _unit(y1 / h))
        for x0, y0, x1, y1 in detect_unstamped(unstamped(rendered, info))
    ]
    return ScanLines(tuple(sorted(boxes, key=lambda b: (b[1], b[0]))), detector=version)


def _unit(v: float) -> float:
    # Five decimals (a hundredth of a pixel at 1,000 dpi): the cache stores them so,
    # and a cached result must equal a fresh one (reviews are cached by their inputs).
    return round(min(1.0, max(0.0, v)), 5)
