"""The local model row checks its folder off the GUI thread (real widgets, offscreen).

A folder on a slow network share is played by a real named pipe: its config.json
is a FIFO, so reading it blocks until the test writes the config, as a share that
takes its time would. While it blocks, the window must keep running its events
and say "Checking…"; an answer for a folder picked before another is ignored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QTimer

from gui.ocr.local_model_row import PATH_KEY, LocalModelRow
from tests.gui.conftest import wait_for
from tests.gui.ocr.local_model_row_helpers import (
    fast_folder,
    offered,
    slow,
)

__all__ = ["slow"]  # a fixture, used as it is


def test_a_slow_folder_is_checked_while_the_window_keeps_running(
    make_window: Any, arun: Any, slow: Any
) -> None:
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=True)
    share = slow()
    task = row.check_folder(str(share.path))
    # It returned with the folder still unread: the read is not on this thread.
    assert not share.released and not task.done()
    assert row.status.text() == f"Checking {share.path}…"
    assert not row.device.isEnabled() and not row.dtype.isEnabled()
    assert not row.unload_button.isEnabled()
    assert row.choose_button.isEnabled()  # another folder can still be picked
    ticks: list[int] = []
    timer = QTimer(window, interval=10)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    arun(wait_for(lambda: len(ticks) >= 20, what="the window's timer, while the share is slow"))
    timer.stop()
    assert not task.done() and row.status.text().startswith("Checking")
    assert offered(window) == []
    window.ocr.profiles_changed.emit()  # a refresh meanwhile keeps "Checking…"
    assert row.status.text().startswith("Checking")
    share.release()
    engine = arun(task)
    assert engine is not None and offered(window) == [str(share.path.resolve())]
    assert window.ocr.settings.active_server == engine.profile.id  # make_active: chosen, so active
    assert row.status.text() == "Qwen2.5-VL: loads on the first page"
    assert row.device.isEnabled() and row.dtype.isEnabled() and row.unload_button.isEnabled()
    assert window.ocr.settings._qs.value(PATH_KEY) == str(share.path)


def test_the_answer_for_a_folder_picked_before_is_ignored(
    make_window: Any, arun: Any, slow: Any, tmp_path: Path
) -> None:
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=True)
    share = slow()
    first = row.check_folder(str(share.path))
    picked = fast_folder(tmp_path, "local-disk")
    second = row.check_folder(str(picked))  # the user changed their mind meanwhile
    engine = arun(second)
    assert engine is not None and offered(window) == [str(picked.resolve())]
    assert not first.done()
    share.release()  # the slow share answers at last: too late
    assert arun(first) is None
    assert offered(window) == [str(picked.resolve())]
    assert window.ocr.settings.active_server == engine.profile.id
    assert window.ocr.settings._qs.value(PATH_KEY) == str(picked)
    assert row.status.text() == "Qwen2.5-VL: loads on the first page"


def test_a_newer_pick_in_the_other_panel_makes_an_answer_stale_too(
    make_window: Any, arun: Any, slow: Any, tmp_path: Path
) -> None:
    window = make_window()
    rerun = LocalModelRow(window.ocr, window, make_active=True)
    batch = LocalModelRow(window.ocr, window, make_active=False)
    share = slow()
    first = rerun.check_folder(str(share.path))
    picked = fast_folder(tmp_path, "local-disk")
    assert batch.use_folder(str(picked)) is not None  # checked at once, in the other row
    share.release()
    assert arun(first) is None
    assert offered(window) == [str(picked.resolve())]
    # The row that said "Checking…" now shows what is offered.
    assert rerun.status.text() == "Qwen2.5-VL: loads on the first page"
    assert rerun.device.isEnabled() and rerun.unload_button.isEnabled()


def test_a_broken_folder_is_explained_after_its_check(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=True)
    broken = tmp_path / "not-a-model"
    broken.mkdir()
    (broken / "config.json").write_text('{"model_type": "llama"}', encoding="utf-8")
    assert arun(row.check_folder(str(broken))) is None
    assert (
        "“llama”" in row.status.text() and "Qwen2-VL, Qwen2.5-VL and Qwen3-VL" in row.status.text()
    )
    assert offered(window) == [] and row.device.isEnabled()


def test_the_saved_folder_is_checked_at_start_without_blocking(
    make_window: Any, arun: Any, slow: Any
) -> None:
    window = make_window()
    active = window.ocr.settings.active_server
    share = slow()
    window.ocr.settings._qs.setValue(PATH_KEY, str(share.path))
    row = LocalModelRow(window.ocr, window, make_active=True)  # built while the share is slow
    assert not share.released and row.status.text().startswith("Checking")
    share.release()
    arun(wait_for(lambda: offered(window) != [], what="the saved folder offered"))
    assert offered(window) == [str(share.path.resolve())]
    assert window.ocr.settings.active_server == active  # offered again, not chosen
    assert row.status.text() == "Qwen2.5-VL: loads on the first page"


def test_both_panels_restoring_at_start_offer_the_folder_once(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    window = make_window()
    folder = fast_folder(tmp_path, "saved")
    window.ocr.settings._qs.setValue(PATH_KEY, str(folder))
    changes: list[int] = []
    window.ocr.profiles_changed.connect(lambda: changes.append(1))
    rows = [LocalModelRow(window.ocr, window, make_active=m) for m in (True, False)]
    assert all(r.status.text().startswith("Checking") for r in rows)  # both restore it
    arun(wait_for(lambda: not any(r._checking for r in rows), what="the checks"))
    assert offered(window) == [str(folder.resolve())]
    assert len(changes) == 1  # one engine offered, not one replacing the other
    assert all(r.status.text() == "Qwen2.5-VL: loads on the first page" for r in rows)


def test_unload_checks_the_folder_again_off_the_gui_thread(
    make_window: Any, arun: Any, slow: Any
) -> None:
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=False)
    share = slow()
    first = row.check_folder(str(share.path))
    share.release()
    engine = arun(first)
    assert engine is not None
    share.block_again()
    row.unload_button.click()
    assert row.status.text().startswith("Checking") and offered(window) == []
    share.release()
    arun(wait_for(lambda: offered(window) != [], what="the folder offered again"))
    fresh = row.engine()
    assert fresh is not None and fresh is not engine and fresh.loaded is None


def test_a_row_closed_during_its_check_leaves_the_answer_to_the_other_rows(
    make_window: Any, arun: Any, slow: Any
) -> None:
    # The folder the user picked is not lost with the panel: the window's own rows (the
    # re-run and batch panels') show the answer and offer the model, without it becoming
    # the active server; nothing touches the deleted row's labels.
    window = make_window()
    row = LocalModelRow(window.ocr, window, make_active=False)
    share = slow()
    task = row.check_folder(str(share.path))
    row.deleteLater()
    arun(wait_for(lambda: not shiboken6.isValid(row), what="the row to be deleted"))
    share.release()
    engine = arun(task)  # no RuntimeError from a deleted label
    assert engine is not None and offered(window) == [str(share.path.resolve())]
    assert window.ocr.settings.active_server != engine.profile.id
