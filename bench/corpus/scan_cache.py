"""The text lines detected on a damaged page's scan (``ScanLines``), cached on disk.

The product's detector (``backend.engines.offline.scan_lines``: RapidOCR's
detection model alone) runs in this process on the 150-dpi scan, as the offline
worker would on the page rendered at 150 dpi. Results are kept as JSON under
``bench/out/corpus/scan-lines/``. ``None`` when the detector is not installed.
"""

from __future__ import annotations

import inspect
import io
import json
import os
from collections.abc import Callable
from typing import Any

from PIL import Image

from backend.models import ScanLines
from bench.corpus.engine_reads import Scanned
from bench.corpus.pages import CACHE

LINES = CACHE / "scan-lines"
DPI = 150.0  # the corpus's scans are drawn at 150 dpi


def at_corpus_dpi(step: Callable[..., Any], rgb: Any) -> Any:
    """``step(rgb)`` told the scan's dpi (the stamp step's sizes in mm); an older tree's
    step takes none, and judges sizes as shares of A4, the same on these A4 scans."""
    if "dpi" in inspect.signature(step).parameters:
        return step(rgb, dpi=DPI)
    return step(rgb)


def _cleaning() -> str:
    """How the page is cleaned before detection (an older tree: no stamp step)."""
    try:
        from backend.engines.offline import colour_dropout
    except ImportError:
        return ""
    return f"-c{colour_dropout.VERSION}"


def scan_lines(page: Scanned) -> ScanLines | None:
    try:
        from backend.engines.offline import scan_lines as detector
    except ImportError:  # an older tree: no detector
        return None
    path = LINES / f"{page.digest}-d{detector.DETECTION_VERSION}{_cleaning()}.json"
    try:
        data = json.loads(path.read_text("utf-8"))
        return ScanLines(tuple(tuple(b) for b in data["boxes"]), data["detector"])
    except (OSError, ValueError, KeyError):
        pass
    if detector.detector_missing():
        return None
    import numpy as np

    name = detector.load()
    img = Image.open(io.BytesIO(page.image_path.read_bytes())).convert("RGB")
    w, h = img.size
    boxes = sorted(
        (
            (round(x0 / w, 5), round(y0 / h, 5), round(x1 / w, 5), round(y1 / h, 5))
            for x0, y0, x1, y1 in at_corpus_dpi(detector.detect, np.asarray(img))
        ),
        key=lambda b: (b[1], b[0]),
    )
    LINES.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"boxes": boxes, "detector": name}), "utf-8")
    tmp.replace(path)
    return ScanLines(tuple(boxes), name)
