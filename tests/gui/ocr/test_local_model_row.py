"""The local model row without a model: its folder checks and Unload (no torch needed)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

from gui.ocr.local_model_row import LocalModelRow
from tests.backend.engines.transformers_helpers import CONFIGS, model_folder


def test_unload_after_the_folder_went_away_says_so(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    """The folder removed (or its drive unplugged) after it was chosen: Unload ends the
    worker and explains why the model is no longer offered; no exception escapes the slot."""
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=False)
    folder = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    engine = row.use_folder(str(folder))
    assert engine is not None and window.ocr.local.get(engine.profile.id) is engine
    shutil.rmtree(folder)
    row.unload_button.click()  # the folder is checked again, off the GUI thread
    from tests.gui.conftest import wait_for

    arun(wait_for(lambda: "does not exist" in row.status.text(), what="the reason"))
    assert window.ocr.local.profiles() == []
    assert not row.unload_button.isEnabled()


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except (FileNotFoundError, ProcessLookupError):  # reaped between the open and the read
        return True
    return state == "Z"


def test_unload_and_closing_the_app_end_the_worker(
    make_window: Any, arun: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """A stand-in worker (the backend's fault tests' script, no torch): loaded, then
    Unload ends that process; loaded again, closing the hub ends the new one."""
    from tests.backend.engines.transformers_helpers import FAKE, wrapper
    from tests.gui.conftest import wait_for

    script = tmp_path / "fake_worker.py"
    script.write_text(FAKE)
    python = wrapper(tmp_path, f'exec "{sys.executable}" "{script}" noisy')
    monkeypatch.setenv("PROOFDESK_TRANSFORMERS_PYTHON", python)
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=False)
    folder = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    engine = row.use_folder(str(folder))
    assert engine is not None
    arun(engine.start())
    first = engine.worker_pid
    assert first is not None and not _gone(first)
    row.unload_button.click()
    arun(wait_for(lambda: _gone(first), 30, "the unloaded worker to end"))
    arun(wait_for(lambda: row.engine() is not None, what="the folder offered again"))
    fresh = row.engine()
    assert fresh is not None and fresh is not engine and fresh.loaded is None
    arun(fresh.start())
    second = fresh.worker_pid
    assert second is not None and second != first
    arun(window.ocr.aclose())
    assert _gone(second)
