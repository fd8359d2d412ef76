"""The main window stays inside the screen's available area whatever docks open,
at 1366×768 and 1600×1000, and each dock shows its actions and text without scrolling
(``dock_fit``), as first opened and after Reset Layout: run in a child process on an
offscreen screen of that size (``tests/gui/shell/layout_probe.py``), since one process has
one screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.shell.dock_fit import ALT_LINES
from tests.gui.shell.probe_helpers import run_probe, screen_config


def inside(inner: list[int], outer: list[int]) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox and y >= oy and x + w <= ox + ow and y + h <= oy + oh


def overlap(a: list[int], b: list[int]) -> bool:
    return not (
        a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    )


@pytest.mark.parametrize(
    ("size", "language"), [((1366, 768), "en"), ((1366, 768), "zh_TW"), ((1600, 1000), "en")]
)
def test_window_never_outgrows_the_screen(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    steps = run_probe(
        tmp_path,
        "tests.gui.shell.layout_probe",
        screen_config(tmp_path, *size),
        str(tmp_path / "review.sqlite3"),
        language,
    )
    steps = [s for s in steps if s["step"] != "page_image"]
    names = [s["step"] for s in steps]
    again = [f"after_reset:{n}" for n in ("compare", "review_queue", "ocr_dock", "ocr_batch")]
    assert names == [
        *["opened", "ocr_dock", "compare", "review_queue", "ocr_batch", "reset_layout"],
        *again,
        "after_reset:show_history",
    ]
    for step in steps:  # each dock on screen shows its actions and text unscrolled
        for dock, fit in step["fit"].items():
            assert fit["hidden"] == [], (step["step"], dock, fit)
            assert not fit["hscroll"], (step["step"], dock, fit)
            if dock == "dock-compare":
                assert fit["alt_lines"] >= ALT_LINES, (step["step"], fit)
    shown = {d for step in steps for d in step["fit"]}
    assert {"dock-compare", "dock-history", "dock-review-queue", "dock-batch"} <= shown
    for step in steps:
        assert inside(step["frame"], step["screen"]), step
        width, height = step["inner"][2:]
        assert inside(step["status_bar"], [0, 0, width, height]), step
        docks = list(step["docks"].values())
        for i, dock in enumerate(docks):
            assert not overlap(dock, step["status_bar"]), step
            assert all(not overlap(dock, other) for other in docks[i + 1 :]), step
        assert step["central_height"] > 150, step  # the page and its text stay usable
    assert "dock-welcome" in steps[0]["docks"]  # the first run's Getting Started panel
    # Reset Layout: the docks of a first start (history and search, tabbed) only.
    (reset,) = [s for s in steps if s["step"] == "reset_layout"]
    assert list(reset["docks"]) == ["dock-history"]
    assert reset["floating"] == []  # the dock floated off the window is back in it
    page_list, image, text = reset["splitter"]
    assert page_list < image and abs(image - text) <= 1, reset["splitter"]


def test_the_page_image_is_drawn_at_the_screens_pixel_density(tmp_path: Path) -> None:
    """On a 2× (high-DPI) screen the page is rendered with twice the pixels, not
    stretched from a 1× image (blurry); so are the icons Qt draws for us."""
    steps = run_probe(
        tmp_path,
        "tests.gui.shell.layout_probe",
        screen_config(tmp_path, 3200, 2000),  # 1600×1000 logical pixels at 2×
        str(tmp_path / "review.sqlite3"),
        scale=2,
    )
    (image,) = [s for s in steps if s["step"] == "page_image"]
    assert image["dpr"] == 2
    assert abs(image["device_px_per_logical"] - 2) < 0.05, image
    assert image.get("thumbnail_dpr") == 2, image
