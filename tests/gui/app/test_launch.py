"""The real `proofdesk` command: with no file it opens the bundled sample, shows the
first page, and exits leaving no render worker behind."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT


def test_launch_with_no_file_shows_the_sample_and_leaves_no_process(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PROOFDESK_DATA_DIR=str(tmp_path / "d"),
        PROOFDESK_BENCH_FIRST_PAGE="1",
        PROOFDESK_BENCH_T0=repr(time.time()),
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "gui.entry"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # communicate() returns only when every process holding the pipe has exited:
    # an orphaned render worker would keep it open and time this out.
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "proofdesk-first-page-visible seconds=" in out
    assert "Traceback" not in err
    stores = list((tmp_path / "d" / "stores").glob("*.sqlite3"))
    assert len(stores) == 1  # the sample's review store was created and closed
