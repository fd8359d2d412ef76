"""What finding the scan's text lines costs per page, against reading the page.

Detection alone (RapidOCR's detection model: ``AltOcrRunner.detect_lines``)
and a full RapidOCR reading (detection + recognition: ``run_page``) of the same
pages of the legal sample at 150 dpi, in the same worker process, one page
after the other in turn, so that both see the same machine. Both are timed from
the caller (render + the worker's pipe included, as the app waits for them); the
first page of each warms its models up and is not counted. A third row is what
a review pays once the lines are cached (``ScanLineSource.known``, SQLite),
against detecting them.

    .venv/bin/python -m bench.scan_lines
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from backend.documents.pdf import file_sha256
from backend.engines.offline import AltOcrRunner
from backend.engines.offline.rapidocr_engine import NAME as RAPIDOCR
from backend.session.scan_lines import ScanLineCache, ScanLineSource
from bench.make_doc import SAMPLE_PDF, Docs
from bench.table import Row, markdown

PAGES = range(1, 7)  # the sample's pages 2-7; page 1 warms both models up


async def _timings(path: Path) -> tuple[list[float], list[float], list[float], int]:
    runner = AltOcrRunner()
    try:
        await runner.detect_lines(path, 0)
        await runner.run_page(path, 0, RAPIDOCR)
        detect_s, read_s, lines = [], [], 0
        for page in PAGES:
            t0 = time.perf_counter()
            found = await runner.detect_lines(path, page)
            detect_s.append(time.perf_counter() - t0)
            lines += len(found.boxes)
            t0 = time.perf_counter()
            await runner.run_page(path, page, RAPIDOCR)
            read_s.append(time.perf_counter() - t0)
        with tempfile.TemporaryDirectory() as folder:
            source = ScanLineSource(
                file_sha256(path), path, runner, cache=ScanLineCache(Path(folder) / "c.sqlite3")
            )
            for page in PAGES:
                await source.detect(page)
            cached = ScanLineSource(source.digest, path, runner, cache=source.cache)
            hit_s = []
            for page in PAGES:  # a fresh source: each lookup reads the SQLite file
                t0 = time.perf_counter()
                cached.known(page)
                hit_s.append(time.perf_counter() - t0)
            source.cache.close()
    finally:
        runner.close()
    return detect_s, read_s, hit_s, lines


def run(_docs: Docs | None = None) -> list[Row]:
    detect_s, read_s, hit_s, lines = asyncio.run(_timings(SAMPLE_PDF))
    n = len(detect_s)
    detect, read = statistics.median(detect_s), statistics.median(read_s)
    return [
        Row(
            f"scan lines: detection per page, 150 dpi (median of {n}, {lines} lines found)",
            detect,
            read,
            unit="s",
            goal="well under 1 s",
            baseline_name="full RapidOCR reading, same pages",
        ),
        Row(
            "scan lines: a cached page's lines (SQLite)",
            statistics.median(hit_s) * 1000,
            detect * 1000,
            baseline_name="detecting them",
        ),
    ]


if __name__ == "__main__":
    print(markdown(run(), "scan lines"))
    sys.exit(0)
