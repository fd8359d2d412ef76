"""scripts/screenshot.py under a real X server (Xvfb) produces a real, non-blank picture."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.conftest import ROOT

WIDTH, HEIGHT = 1600, 1000


@pytest.mark.xvfb
def test_screenshot_script_captures_the_window(tmp_path: Path) -> None:
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        if os.environ.get("CI"):  # CI installs xvfb (scripts/system-deps.sh): never skip there
            pytest.fail("xvfb-run is missing in CI; scripts/system-deps.sh should install it")
        pytest.skip("xvfb-run is not installed (apt-get install xvfb)")
    out = tmp_path / "shot.png"
    env = {k: v for k, v in os.environ.items() if not k.startswith("QT_")}  # a real X display
    env["PROOFDESK_DATA_DIR"] = str(tmp_path / "data")
    done = subprocess.run(
        [
            xvfb_run,
            "-a",
            "-s",
            f"-screen 0 {WIDTH}x{HEIGHT}x24",
            sys.executable,
            str(ROOT / "scripts" / "screenshot.py"),
            str(out),
            "2",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert out.is_file(), done.stdout + done.stderr

    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (WIDTH, HEIGHT)
    grid = [
        image.pixel(x, y) for x in range(20, WIDTH - 20, 40) for y in range(20, HEIGHT - 40, 40)
    ]
    assert len(set(grid)) >= 8, f"only {len(set(grid))} colours: the screenshot looks blank"
    # The window (placed at 10,10, 1580x960) is drawn, not one flat colour.
    window_area = [image.pixel(x, y) for x in range(30, 1570, 7) for y in range(30, 950, 7)]
    most = max(window_area.count(c) for c in set(window_area))
    assert most < 0.9 * len(window_area), "the window area is (almost) one colour"
