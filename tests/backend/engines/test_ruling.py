"""Ruling lines inside a table region, on real renders of a generated page (no model).

A ruled table's rules are found where they were drawn, at the dpi the engines render
at and at half and twice it (every length in ``ruling`` is in points); an unruled
table and a paragraph give none; a skewed table's rules are still found; a shaded
band is no rule.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest

from backend.engines.offline.base import AltOptions
from backend.engines.offline.ruling import find_rules, table_grid
from tests.backend.engines.layout_pages import (
    HEIGHT,
    WIDTH,
    rendered,
    table_page,
    tolerance,
)


def _relative(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 / WIDTH, y0 / HEIGHT, x1 / WIDTH, y1 / HEIGHT)


def _inside(box: tuple[float, float, float, float], by: float) -> tuple[float, ...]:
    """``box`` (points) shrunk by ``by`` points each side: a detector's box that cuts
    the outer border off, as the model's may."""
    x0, y0, x1, y1 = box
    return _relative((x0 + by, y0 + by, x1 - by, y1 - by))


def _assert_near(found: tuple[float, ...], drawn: tuple[float, ...], tol: float) -> None:
    assert len(found) == len(drawn), (found, drawn)
    for f, d in zip(found, drawn, strict=True):
        assert abs(f - d) <= tol, (f, d, tol)


@pytest.mark.parametrize("dpi", [AltOptions.dpi / 2, AltOptions.dpi, AltOptions.dpi * 2])
def test_a_ruled_table_gives_its_rules_where_they_were_drawn(tmp_path: Path, dpi: float) -> None:
    page = table_page(tmp_path / "t.pdf")
    grid = table_grid(rendered(page.path, dpi), _inside(page.ruled_box(), 3), dpi=dpi)
    assert grid.ruled
    _assert_near(grid.row_edges, tuple(y / HEIGHT for y in page.ruled_ys), tolerance(dpi, HEIGHT))
    _assert_near(grid.column_edges, tuple(x / WIDTH for x in page.ruled_xs), tolerance(dpi, WIDTH))


def test_an_unruled_table_and_a_paragraph_give_no_rules(tmp_path: Path) -> None:
    page = table_page(tmp_path / "t.pdf")
    image = rendered(page.path, AltOptions.dpi)
    unruled = table_grid(image, _relative(page.unruled_box), dpi=AltOptions.dpi)
    assert (unruled.row_edges, unruled.column_edges, unruled.ruled) == ((), (), False)
    paragraph = table_grid(image, _relative((60, 60, 540, 200)), dpi=AltOptions.dpi)
    assert (paragraph.row_edges, paragraph.column_edges) == ((), ())


def test_a_skewed_scans_rules_are_found_where_they_cross_the_middle(tmp_path: Path) -> None:
    slope = 0.025  # 1.4 degrees: 11 pt of drift across the table, ten times a rule
    page = table_page(tmp_path / "t.pdf", slope=slope)
    dpi = AltOptions.dpi
    grid = table_grid(rendered(page.path, dpi), _inside(page.ruled_box(), -8), dpi=dpi)
    # A rule's row is rounded over the width: another pixel of slack.
    _assert_near(
        grid.row_edges,
        tuple(y / HEIGHT for y in page.ruled_ys),
        tolerance(dpi, HEIGHT) + 72 / dpi / HEIGHT,
    )
    _assert_near(
        grid.column_edges,
        tuple(x / WIDTH for x in page.ruled_xs),
        tolerance(dpi, WIDTH) + 72 / dpi / WIDTH,
    )


def test_a_shaded_band_and_a_single_rule_are_no_grid(tmp_path: Path) -> None:
    doc = pymupdf.open()
    pg = doc.new_page(width=WIDTH, height=HEIGHT)
    pg.draw_rect(pymupdf.Rect(72, 100, 500, 124), color=None, fill=(0.5, 0.5, 0.5))
    pg.draw_line((72, 200), (500, 200), width=1)  # one rule bounds no cell
    doc.save(tmp_path / "band.pdf")
    doc.close()
    image = rendered(tmp_path / "band.pdf", AltOptions.dpi)
    grid = table_grid(image, _relative((72, 90, 500, 210)), dpi=AltOptions.dpi)
    assert (grid.row_edges, grid.column_edges) == ((), ())


def test_a_blank_or_tiny_region_gives_nothing() -> None:
    white = np.full((400, 300, 3), 255, np.uint8)
    assert find_rules(white, (10, 10, 290, 390), dpi=72) == ([], [])
    assert find_rules(white[:1, :1], (0, 0, 1, 1), dpi=72) == ([], [])
