"""Shared by the local model row tests: a model folder on a slow network share (a real
named pipe as its config.json, so reading it blocks until ``release``), a quick one,
what the hub offers, and the two rows a window has (the re-run and batch panels').
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
import shiboken6

from gui.ocr.local_model_row import LocalModelRow
from tests.backend.engines.transformers_helpers import CONFIGS, model_folder
from tests.gui.conftest import wait_for

CONFIG = CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json"
SAFETY_S = 120  # only unblocks a reader left waiting by a failed test: never asserted


class SlowFolder:
    """A model folder whose config.json answers only when ``release`` is called."""

    def __init__(self, root: Path) -> None:
        root.mkdir()
        self.path = model_folder(root, CONFIG)
        self.config = self.path / "config.json"
        self._text = self.config.read_bytes()
        self.config.unlink()
        os.mkfifo(self.config)
        self._released = threading.Event()
        self._safety = threading.Timer(SAFETY_S, self.release)
        self._safety.daemon = True
        self._safety.start()

    def block_again(self) -> None:
        """The next read of config.json waits again (the pipe stays in place)."""
        self._released.clear()
        self._safety = threading.Timer(SAFETY_S, self.release)
        self._safety.daemon = True
        self._safety.start()

    @property
    def released(self) -> bool:
        return self._released.is_set()

    def release(self) -> None:
        """Write the config for the reader, from a thread of its own: opening a pipe
        to write waits for its reader, and the GUI thread must never wait."""
        if self._released.is_set():
            return
        self._released.set()
        self._safety.cancel()
        threading.Thread(target=self._write, daemon=True).start()

    def _write(self) -> None:
        with open(self.config, "wb") as pipe:
            pipe.write(self._text)


@pytest.fixture
def slow(tmp_path: Path) -> Any:
    made: list[SlowFolder] = []

    def make(name: str = "share") -> SlowFolder:
        made.append(SlowFolder(tmp_path / name))
        return made[-1]

    yield make
    for folder in made:  # a failed test must not leave a check thread blocked for ever
        folder.release()


def fast_folder(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    return model_folder(root, CONFIG)


def offered(window: Any) -> list[str]:
    """The folders the hub offers (resolved paths)."""
    engines = [window.ocr.local.get(p.id) for p in window.ocr.local.profiles()]
    return [str(e.folder.path) for e in engines if e is not None]


def rows(window: Any) -> tuple[LocalModelRow, LocalModelRow]:
    """The re-run panel's row (makes its model active) and the batch panel's."""
    return (
        LocalModelRow(window.ocr, window, make_active=True),
        LocalModelRow(window.ocr, window, make_active=False),
    )


def close(arun: Any, row: LocalModelRow) -> None:
    """The row's panel closes: the widget is deleted, its Python object stays."""
    row.deleteLater()
    arun(wait_for(lambda: not shiboken6.isValid(row), what="the row to be deleted"))
