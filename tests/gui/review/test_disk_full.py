"""A real full disk under the store (a small tmpfs, where root can mount one): the window
says "not saved", keeps the text, retries, and saves it once there is room again; what
was saved before is intact."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from gui.review.autosave import RETRY_MS, SaveState
from tests.gui.conftest import type_text, wait_for


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "small-disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (the injected-failure tests still run)")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(disk: Path) -> Path:
    """Take every free byte of the disk with one file."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * size)
    return filler


def test_a_full_disk_keeps_the_text_and_saves_it_when_there_is_room(
    make_window, arun, qapp, sample_pdf: Path, small_disk: Path
) -> None:
    qapp.setQuitOnLastWindowClosed(False)
    store = small_disk / "review.sqlite3"
    w = make_window(str(sample_pdf), "--store", str(store))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    w.activateWindow()
    editor = w.editor.editor
    editor.setFocus()
    type_text(editor, "第一條 saved before the disk filled.")
    arun(
        wait_for(
            lambda: w.save_label.text() == "saved" and not w.controller.autosave.dirty,
            what="the first save",
        )
    )
    filler = _fill(small_disk)
    # Enough new text that SQLite needs new pages for it.
    type_text(editor, " " + "第二條 typed on a full disk. " * 200)
    arun(wait_for(lambda: w.controller.autosave.state is SaveState.FAILED, what="the failed save"))
    assert w.save_label.text().startswith("not saved — retrying:")
    assert "full" in w.save_label.text().lower()
    assert editor.toPlainText().endswith("第二條 typed on a full disk. ")  # kept in memory
    filler.unlink()  # room again: the next retry saves it
    arun(
        wait_for(
            lambda: w.save_label.text() == "saved",
            timeout=10 * RETRY_MS / 1000,  # a hang guard: that it is saved, not how soon
            what="the save once there is room",
        )
    )
    typed = editor.toPlainText()
    arun(w.controller.detach())
    with sqlite3.connect(store) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        texts = [
            r[0] for r in c.execute("SELECT text FROM drafts UNION ALL SELECT text FROM versions")
        ]
    assert typed in texts
    qapp.setQuitOnLastWindowClosed(True)
