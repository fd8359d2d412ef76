"""Running the headless CLI as a user does, for the tests of every package that need it:
a real process from the repository root (``run_cli``; ``ocr`` with an API key in its
environment), and what a one-line error looks like."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

EXIT_BAD_INPUT = 2
KEY = "cli-canary-key-71c3"  # the API key ``ocr`` passes and the fake servers expect


def ocr(*args: str | Path, key: str | None = KEY) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("PROOFDESK_API_KEY", None)
    if key is not None:
        env["PROOFDESK_API_KEY"] = key
    return subprocess.run(
        [sys.executable, "-m", "backend", "ocr", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m backend ARGS`` from the repository root, in the test's data dir."""
    return subprocess.run(
        [sys.executable, "-m", "backend", *map(str, args)],
        cwd=ROOT,
        env=dict(os.environ),  # carries the fixture's PROOFDESK_DATA_DIR
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("proofdesk: ")
    assert result.stdout == ""
    return lines[0]
