"""Review round 2 (f0e195c): the local model row's folder check in a thread, with the
re-run panel's row and the batch panel's row on one hub (real widgets, offscreen).

The slow network share is ``test_local_model_row_async``'s real named pipe.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.ocr.local_model_row import PATH_KEY, LocalModelRow
from tests.conftest import ROOT
from tests.gui.conftest import wait_for
from tests.gui.ocr.local_model_row_helpers import (  # noqa: F401  (slow: a fixture)
    fast_folder,
    offered,
    rows,
    slow,
)


def _engines(window: Any) -> list[Any]:
    return [e for p in window.ocr.local.profiles() if (e := window.ocr.local.get(p.id))]


def settled(arun: Any, *checking: LocalModelRow) -> None:
    arun(wait_for(lambda: not any(r._checking or r._checks for r in checking), what="checks"))


def test_a_saved_folder_gone_is_explained_in_both_panels_at_start(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    # Before the check moved to a thread, each row checked it at once and said why.
    window = make_window()
    window.ocr.settings._qs.setValue(PATH_KEY, str(tmp_path / "unplugged-drive" / "model"))
    rerun, batch = rows(window)
    settled(arun, rerun, batch)
    assert offered(window) == []
    assert "does not exist" in batch.status.text()
    assert "does not exist" in rerun.status.text()


def test_unload_in_the_other_panel_does_not_drop_a_folder_being_checked(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    window = make_window()
    rerun, batch = rows(window)
    old = fast_folder(tmp_path, "old-model")
    assert batch.use_folder(str(old)) is not None
    share = slow()
    pick = rerun.check_folder(str(share.path))  # the user picks another model
    # Every row waits for the check: no Unload or device change can start a newer
    # check that would drop the folder the user chose (the pick replaces the old model).
    assert not batch.unload_button.isEnabled() and not batch.device.isEnabled()
    assert batch.status.text() == rerun.status.text() and "Checking" in batch.status.text()
    batch.unload_button.click()  # disabled: nothing happens
    share.release()
    arun(pick)
    settled(arun, rerun, batch)
    assert offered(window) == [str(share.path.resolve())]


def test_a_folder_picked_twice_quickly_is_offered_once(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    # The same folder chosen again before its first check answered: one engine, the
    # newest check's, whichever thread ends first; the first answer replaces nothing.
    window = make_window()
    rerun, _batch = rows(window)
    seen: set[int] = set()  # every engine the hub offered, at each change
    window.ocr.profiles_changed.connect(lambda: seen.update(map(id, _engines(window))))
    folder = str(fast_folder(tmp_path, "picked"))
    first = rerun.check_folder(folder)
    second = rerun.check_folder(folder)
    engines = [arun(first), arun(second)]
    assert engines[0] is None and engines[1] is not None
    assert seen == {id(engines[1])}  # never the stale one's, even for a moment
    assert window.ocr.settings.active_server == engines[1].profile.id
    assert rerun.status.text() == "Qwen2.5-VL: loads on the first page"


QUIT_WHILE_CHECKING = """
import asyncio, os, sys
from pathlib import Path
import qasync
from PySide6.QtWidgets import QApplication
from backend.engines.transformers import LocalOptions
from gui.ocr.local_model_row import TransformersEngine, _in_thread
share = Path(sys.argv[1])
app = QApplication([])
async def main():
    _in_thread(TransformersEngine, LocalOptions(str(share)))  # the row's folder check
    await asyncio.sleep(0.3)
qasync.run(main())
print("returned", flush=True)
"""


def test_quitting_while_a_folder_check_waits_on_a_share_ends_the_app(tmp_path: Path) -> None:
    # The check once ran on the loop's executor, which qasync waits for at close: with a
    # share that never answers (a FIFO as config.json) the app never ended.
    import os
    import subprocess
    import sys

    share = tmp_path / "model"
    share.mkdir()
    os.mkfifo(share / "config.json")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        out = subprocess.run(
            [sys.executable, "-c", QUIT_WHILE_CHECKING, str(share)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,  # a hang guard, not a measurement
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the app did not end while a folder check waited")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["returned"]
