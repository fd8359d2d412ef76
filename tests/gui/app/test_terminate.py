"""SIGTERM (logout, shutdown) closes ProofDesk the normal way: typing saved, store closed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from backend.store.review_store import ReviewStore
from tests.conftest import ROOT


def test_sigterm_closes_cleanly(tmp_path: Path, sample_pdf: Path) -> None:
    store_path = tmp_path / "review.sqlite3"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PROOFDESK_DATA_DIR=str(tmp_path / "d"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "gui.entry", str(sample_pdf), "--store", str(store_path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait until the document is open (store created)
        if store_path.exists() and proc.poll() is None:
            break
        time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    store = ReviewStore(store_path, author="check")
    try:
        assert store.owner and not store.was_unclean  # it was closed, not cut off
    finally:
        store.close()
