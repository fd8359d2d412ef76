"""Ctrl+C in any command: exit 130 and one line on stderr, never a traceback.

Each command runs as a real process; one step of it waits on stdin
(``cli_interrupt_entry``) so the SIGINT lands while the command works, and the
test signals only after the process said it got there: no timing involved.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.backend.cli.cli_interrupt_entry import READY
from tests.conftest import ROOT

EXIT_INTERRUPTED = 130
GENEROUS_S = 120  # the process starts, opens a PDF and blocks: a second or two


def _config(tmp_path: Path) -> Path:
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "qwen2_5_vl"}), "utf-8")
    return config


def interrupted(blocked_at: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``proofdesk ARGS`` until it reaches ``blocked_at``, then send it SIGINT."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.backend.cli.cli_interrupt_entry",
            blocked_at,
            *map(str, args),
        ],
        cwd=ROOT,
        env=dict(os.environ),  # the fixture's PROOFDESK_DATA_DIR
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()  # EOF ("") if it ended before getting there
    if first.strip() != READY:
        out, err = proc.communicate(timeout=GENEROUS_S)
        pytest.fail(f"never reached {blocked_at}: {first}{err}{out}")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=GENEROUS_S)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize(
    ("command", "blocked_at"),
    [
        ("info", "backend.cli.commands:open_pdf"),
        ("status", "backend.session.document_session:DocumentSession.statuses"),
        ("export", "backend.cli.export:collect"),
        ("plan", "backend.cli.plan:read_json"),
    ],
)
def test_ctrl_c_is_one_line_and_exit_130(
    command: str, blocked_at: str, sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    if command in ("status", "export"):  # a review to read (they make none: see below)
        from backend.session.document_session import DocumentSession

        DocumentSession.open(sample_pdf, store_path=store).close()
    args: dict[str, list[str | Path]] = {
        "info": ["info", sample_pdf],
        "status": ["status", sample_pdf, "--store", store],
        "export": ["export", sample_pdf, "--store", store, "--format", "txt", "-o", tmp_path / "o"],
        "plan": ["plan", "--config", _config(tmp_path), "--gpu-gb", "24"],
    }

    done = interrupted(blocked_at, *args[command])

    assert "Traceback" not in done.stderr + done.stdout
    assert done.returncode == EXIT_INTERRUPTED, done.stderr
    assert done.stderr.splitlines() == ["proofdesk: stopped (Ctrl+C)."]
    assert done.stdout == ""
