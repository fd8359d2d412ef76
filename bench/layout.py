"""What the layout model (tables on the scan, issue 23) costs: its load, and a page.

The CDLA layout model (``AltOcrRunner.detect_layout``: render at 150 dpi, bleed-through
cleaned, the model, and each table region's ruling lines) on the legal sample's pages
2-7, in the offline worker, against RapidOCR's line detection of the same pages in the
same worker, in turn, so both see the same machine; timed from the caller (render and
the worker's pipe included, as the app waits for them). The first call of a fresh
worker (spawn, model load, page 1) is set against a later page's: the load is the
difference. The ruling step alone is timed in-process on the sample's table (page 3),
against the whole page's layout. A cached page's layout (SQLite) closes the table.

    .venv/bin/python -m bench.layout
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from backend.documents.pdf import file_sha256, open_pdf
from backend.engines.offline import AltOcrRunner
from backend.engines.offline.base import AltOptions
from backend.engines.offline.page_image import render, to_array
from backend.engines.offline.ruling import table_grid
from backend.models import LayoutKind
from backend.session.layout import LayoutCache, LayoutSource
from bench.make_doc import SAMPLE_PDF, Docs
from bench.table import Row, markdown

PAGES = range(1, 7)  # the sample's pages 2-7; page 1 loads the models
TABLE_PAGE = 2  # the sample's page 3 holds a ruled table (a skewed scan)


async def _timings(path: Path) -> dict[str, list[float]]:
    runner = AltOcrRunner()
    out: dict[str, list[float]] = {"first": [], "layout": [], "lines": [], "hit": []}
    try:
        t0 = time.perf_counter()
        await runner.detect_layout(path, 0)  # spawn + load + a page
        out["first"].append(time.perf_counter() - t0)
        await runner.detect_lines(path, 0)
        for page in PAGES:
            t0 = time.perf_counter()
            await runner.detect_layout(path, page)
            out["layout"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await runner.detect_lines(path, page)
            out["lines"].append(time.perf_counter() - t0)
        with tempfile.TemporaryDirectory() as folder:
            cache = LayoutCache(Path(folder) / "c.sqlite3")
            source = LayoutSource(file_sha256(path), path, runner, cache=cache)
            await source.detect_pages(PAGES)
            fresh = LayoutSource(source.digest, path, runner, cache=cache)
            for page in PAGES:  # a fresh source: each lookup reads the SQLite file
                t0 = time.perf_counter()
                fresh.known(page)
                out["hit"].append(time.perf_counter() - t0)
            cache.close()
        table = await runner.detect_layout(path, TABLE_PAGE)
    finally:
        runner.close()
    regions = table.of_kind(LayoutKind.TABLE)
    if regions:
        doc = open_pdf(path)
        try:
            rendered, info = render(doc, TABLE_PAGE, AltOptions())
        finally:
            doc.close()
        rgb = np.ascontiguousarray(to_array(rendered))
        for _unused in range(5):
            t0 = time.perf_counter()
            table_grid(rgb, regions[0].box, dpi=float(info["dpi"]))
            out.setdefault("ruling", []).append(time.perf_counter() - t0)
    return out


def run(_docs: Docs | None = None) -> list[Row]:
    t = asyncio.run(_timings(SAMPLE_PDF))
    layout, lines = statistics.median(t["layout"]), statistics.median(t["lines"])
    n = len(t["layout"])
    rows = [
        Row(
            f"layout: one page, 150 dpi, with its tables' rules (median of {n})",
            layout,
            lines,
            unit="s",
            goal="off the GUI thread; say it",
            baseline_name="RapidOCR line detection, same pages",
        ),
        Row(
            "layout: a fresh worker's first page (spawn, model load, page)",
            t["first"][0],
            layout,
            unit="s",
            baseline_name="a later page",
        ),
        Row(
            "layout: a cached page's layout (SQLite)",
            statistics.median(t["hit"]) * 1000,
            layout * 1000,
            baseline_name="detecting it",
        ),
    ]
    if "ruling" in t:
        rows.append(
            Row(
                "layout: ruling lines of the sample's table (in-process, median of 5)",
                statistics.median(t["ruling"]) * 1000,
                layout * 1000,
                baseline_name="the page's whole layout",
            )
        )
    return rows


if __name__ == "__main__":
    print(markdown(run(), "layout"))
    sys.exit(0)
