"""Running a probe module in a child process on an offscreen screen of a given size
(``screen_config``), since one process has one screen; ``run_probe`` returns the JSON lines
it printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def screen_config(tmp_path: Path, width: int, height: int, dpr: float = 1) -> str:
    config = tmp_path / f"screen-{width}x{height}.json"
    screen = {"name": "probe", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": dpr}
    config.write_text(json.dumps({"screens": [screen]}))
    return f"offscreen:configfile={config}"


def run_probe(tmp_path: Path, module: str, platform: str, *args: str, scale: int = 1) -> list[dict]:  # type: ignore[type-arg]
    # The offscreen platform ignores a screen's "dpr" for its windows; Qt's own scale
    # factor makes every window 2× as a high-DPI screen would.
    env = dict(os.environ, QT_QPA_PLATFORM=platform, QT_SCALE_FACTOR=str(scale))
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
