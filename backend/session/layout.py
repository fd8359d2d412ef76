"""The scan's layout regions for one document (tables first): cached, detected when asked.

The layout model (``backend.engines.offline.layout``, in the offline engines' worker)
costs about half a second a page; ``backend.session.page_detections`` keeps each page's
layout in a local SQLite file (table ``layout``: ``layout_json`` as text), as it keeps
the scan's lines and for the same reasons: keyed by the document's content digest, the
page and everything the result depends on (model version, render, cleaning;
``cache_key``); nothing more is detected once the file changed on disk since it was
opened; a failure gives no regions and one message, kept in ``problem``.
"""

from __future__ import annotations

import json
import os
from typing import Any

from backend.engines.offline.layout import cache_key, detector_name, layout_missing
from backend.i18n import _
from backend.models import LayoutKind, LayoutRegion, LayoutRegions, TableGrid
from backend.session.page_detections import DetectionCache, DetectionSource, Detector, json_box
from backend.tables import find_tables


def layout_wanted() -> bool:
    """False when the user turned layout detection off (``PROOFDESK_LAYOUT=0``), as
    ``scan_lines_wanted`` for the lines: scripts over many documents, slow machines, and
    the test suite (but the tests of the layout), so that no CLI run or window loads the
    layout model unasked."""
    return os.environ.get("PROOFDESK_LAYOUT", "1").strip() != "0"


def needs_layout(transcript: str) -> bool:
    """Whether a page read as ``transcript`` is worth the model's half second: only a
    table is checked against the layout (``table_grid``), so a page whose transcript
    holds none gains nothing from it (most pages of a judgment)."""
    return bool(find_tables(transcript))


def layout_json(layout: LayoutRegions) -> dict[str, Any]:
    """``layout`` as plain JSON values (the cache's form, and ``proofdesk layout --json``'s)."""
    return {
        "detector": layout.detector,
        "regions": [
            {"kind": r.kind.value, "score": r.score, "box": list(r.box)} for r in layout.regions
        ],
        "tables": [
            {"region": list(t.region), "rows": list(t.row_edges), "columns": list(t.column_edges)}
            for t in layout.tables
        ],
    }


def layout_from_json(data: Any) -> LayoutRegions:
    """The inverse of ``layout_json``; ``ValueError``/``TypeError``/``KeyError`` if damaged."""
    regions = tuple(
        LayoutRegion(LayoutKind(r["kind"]), float(r["score"]), json_box(r["box"]))
        for r in data["regions"]
    )
    tables = tuple(
        TableGrid(
            json_box(t["region"]),
            tuple(float(v) for v in t["rows"]),
            tuple(float(v) for v in t["columns"]),
        )
        for t in data["tables"]
    )
    return LayoutRegions(regions, detector=str(data["detector"]), tables=tables)


def _failed(page: int, exc: Exception) -> str:
    return _("The layout of page {page} could not be found on the scan: {value}").format(
        page=page + 1, value=exc
    )


LAYOUT: Detector[LayoutRegions] = Detector(
    noun="layout",
    cache_file="layout.sqlite3",
    table="layout",
    columns=("layout",),
    encode=lambda layout: (json.dumps(layout_json(layout)),),
    decode=lambda row: layout_from_json(json.loads(row[0])),
    detect=lambda runner, path, page, password: runner.detect_layout(path, page, password=password),
    missing=layout_missing,
    name=detector_name,
    cache_key=cache_key,
    failed=_failed,
)


class LayoutCache(DetectionCache[LayoutRegions]):
    """Layouts per (document digest, page, cache key), in one SQLite file."""

    detector = LAYOUT


class LayoutSource(DetectionSource[LayoutRegions]):
    """One document's layouts: from memory, the cache, or the model."""

    detector = LAYOUT
    cache_class = LayoutCache
