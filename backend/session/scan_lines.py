"""The scan's detected text lines for one document: cached, detected when asked.

Detection (``backend.engines.offline.scan_lines``, in the offline engines' worker)
costs about a second a page; ``backend.session.page_detections`` keeps each page's
lines in a local SQLite file (table ``scan_lines``: the detector and the boxes as JSON)
and says why, with what a changed file or a failure does. This module says only how
lines are detected, kept and named.
"""

from __future__ import annotations

import json
import os
from typing import Any

from backend.engines.offline.scan_lines import cache_key, detector_missing, detector_name
from backend.i18n import _
from backend.models import ScanLines
from backend.session.page_detections import DetectionCache, DetectionSource, Detector, json_box


def scan_lines_wanted() -> bool:
    """False when the user turned detection off for good (``PROOFDESK_SCAN_LINES=0``):
    scripts over many documents, machines too slow for it. The test suite does too,
    except the tests of detection, so that every CLI run does not load the detector."""
    return os.environ.get("PROOFDESK_SCAN_LINES", "1").strip() != "0"


def _decode(row: tuple[Any, ...]) -> ScanLines:
    detector, boxes = row
    return ScanLines(tuple(json_box(b) for b in json.loads(boxes)), detector=str(detector))


def _failed(page: int, exc: Exception) -> str:
    return _("The lines of page {page} could not be found on the scan: {value}").format(
        page=page + 1, value=exc
    )


SCAN_LINES: Detector[ScanLines] = Detector(
    noun="scan lines",
    cache_file="scan-lines.sqlite3",
    table="scan_lines",
    columns=("detector", "boxes"),
    encode=lambda lines: (lines.detector, json.dumps([list(b) for b in lines.boxes])),
    decode=_decode,
    detect=lambda runner, path, page, password: runner.detect_lines(path, page, password=password),
    missing=detector_missing,
    name=lambda: detector_name(),  # looked up when asked: a test stands in another name
    cache_key=cache_key,
    failed=_failed,
)


class ScanLineCache(DetectionCache[ScanLines]):
    """Detected lines per (document digest, page, cache key), in one SQLite file."""

    detector = SCAN_LINES


class ScanLineSource(DetectionSource[ScanLines]):
    """One document's scan lines: from memory, the cache, or the detector."""

    detector = SCAN_LINES
    cache_class = ScanLineCache
