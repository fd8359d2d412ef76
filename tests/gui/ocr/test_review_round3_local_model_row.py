"""Review round 3 (29beb29): one folder check per hub, shown in every LocalModelRow of
the hub (the re-run panel's and the batch panel's). Real widgets, offscreen; the slow
share is ``test_local_model_row_async``'s named pipe as config.json.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest
import shiboken6

from gui.ocr import local_model_row
from gui.ocr.local_model_row import PATH_KEY, LocalModelRow
from gui.services.settings import GuiSettings
from tests.gui.conftest import wait_for
from tests.gui.ocr.local_model_row_helpers import (  # noqa: F401  (slow: a fixture)
    close,
    fast_folder,
    offered,
    rows,
    slow,
)

LOADS = "Qwen2.5-VL: loads on the first page"
LLAMA = b'{"model_type": "llama"}'


def idle(arun: Any, *waiting: LocalModelRow) -> None:
    arun(wait_for(lambda: not any(r._checking for r in waiting), what="the rows to settle"))


def test_a_saved_folder_is_offered_in_the_panel_left_when_the_checking_one_closes(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
) -> None:
    # At start the re-run row restores the saved folder; the batch row shows that check
    # instead of its own. The re-run panel closes before the share answers.
    window = make_window()
    share = slow()
    window.ocr.settings._qs.setValue(PATH_KEY, str(share.path))
    rerun, batch = rows(window)
    assert batch.status.text().startswith("Checking")
    close(arun, rerun)
    share.release()
    idle(arun, batch)
    assert offered(window) == [str(share.path.resolve())]  # restored, as alone it would be
    assert batch.status.text() == LOADS


def test_a_saved_folder_that_fails_is_explained_when_the_checking_panel_closes(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
) -> None:
    window = make_window()
    share = slow()
    share._text = LLAMA  # the share answers at last: not a Qwen-VL model
    window.ocr.settings._qs.setValue(PATH_KEY, str(share.path))
    rerun, batch = rows(window)
    close(arun, rerun)
    share.release()
    idle(arun, batch)
    assert "“llama”" in batch.status.text()  # said, as with both panels open


def test_the_newest_checks_row_closed_while_an_older_check_runs(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
) -> None:
    window = make_window()
    rerun, batch = rows(window)
    older, newer = slow("older"), slow("newer")
    first = rerun.check_folder(str(older.path))
    batch.check_folder(str(newer.path))  # the newest pick, in the batch panel
    close(arun, batch)
    newer.release()
    older.release()
    assert arun(first) is None  # stale
    idle(arun, rerun)
    # The row left must end with one of the two picks offered, or say why not.
    assert offered(window) != [] or rerun.status.text() != ""


def test_use_folder_failing_during_a_check_clears_checking_in_every_row(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    window = make_window()
    rerun, batch = rows(window)
    share = slow()
    pick = rerun.check_folder(str(share.path))
    broken = tmp_path / "not-a-model"
    broken.mkdir()
    (broken / "config.json").write_bytes(LLAMA)
    assert batch.use_folder(str(broken)) is None
    assert "“llama”" in batch.status.text()
    share.release()
    assert arun(pick) is None  # stale: the use_folder call was newer
    assert rerun.device.isEnabled()  # no longer waiting...
    assert not rerun.status.text().startswith("Checking")  # ...so it must not say so


def test_use_folder_during_a_check_offers_its_folder_in_every_row(
    make_window: Any,
    arun: Any,
    slow: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    window = make_window()
    rerun, batch = rows(window)
    share = slow()
    pick = batch.check_folder(str(share.path))
    local = fast_folder(tmp_path, "local")
    assert rerun.use_folder(str(local)) is not None
    assert rerun.status.text() == LOADS and batch.status.text() == LOADS
    assert batch.device.isEnabled() and rerun.unload_button.isEnabled()
    share.release()
    assert arun(pick) is None
    assert offered(window) == [str(local.resolve())]
    assert batch.status.text() == LOADS


def test_a_proofdesk_error_in_the_check_is_shown_in_every_row(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    window = make_window()
    rerun, batch = rows(window)
    broken = tmp_path / "not-a-model"
    broken.mkdir()
    (broken / "config.json").write_bytes(LLAMA)
    assert arun(batch.check_folder(str(broken))) is None
    for row in (rerun, batch):
        assert "“llama”" in row.status.text()
        assert row.device.isEnabled() and row.dtype.isEnabled() and not row._checking
    assert offered(window) == []


def test_a_bug_in_the_check_is_shown_in_every_row_and_logged(  # never "Checking…" for ever
    make_window: Any,
    arun: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from backend.engines.transformers import engine

    def broken(_path: Any) -> Any:
        raise ValueError("a bug")

    monkeypatch.setattr(engine, "inspect_folder", broken)
    window = make_window()
    rerun, batch = rows(window)
    with caplog.at_level(logging.ERROR, logger=local_model_row.__name__):
        assert arun(rerun.check_folder(str(fast_folder(tmp_path, "m")))) is None
    for row in (rerun, batch):  # not a ProofDeskError: said, and the row usable again
        assert row.status.text() == "The folder could not be checked: a bug"
        assert row.device.isEnabled() and row.dtype.isEnabled() and not row._checking
    assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [ValueError]


def test_a_cancelled_check_whose_thread_ends_later_reports_nothing(
    make_window: Any,
    arun: Any,
    loop: asyncio.AbstractEventLoop,
    slow: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # At close the loop cancels the task (and so the future); the thread ends after.
    window = make_window()
    rerun, _batch = rows(window)
    errors: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    settled = threading.Event()
    post = loop.call_soon_threadsafe

    def posted(callback: Any, *args: Any, **kw: Any) -> Any:
        def run(*a: Any) -> None:
            try:
                callback(*a)
            finally:
                settled.set()

        return post(run, *args, **kw)

    monkeypatch.setattr(loop, "call_soon_threadsafe", posted)
    share = slow()
    task = rerun.check_folder(str(share.path))
    threads = [t for t in threading.enumerate() if t.name == "proofdesk-model-folder"]
    # Cancelled while it awaits the thread's future (so the future is cancelled too).
    arun(wait_for(lambda: task._fut_waiter is not None, what="the task to await"))  # type: ignore[attr-defined]
    task.cancel()
    with caplog.at_level(logging.ERROR):
        arun(wait_for(task.done, what="the cancelled task"))
        assert task.cancelled()
        share.release()
        for thread in threads:
            thread.join(120)  # a hang guard, not a measurement
        arun(wait_for(settled.is_set, what="the thread's answer to reach the loop"))
    assert errors == []
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert offered(window) == []


def test_a_hub_and_its_rows_are_not_kept_alive_by_the_module(
    qapp: Any, loop: asyncio.AbstractEventLoop, arun: Any, tmp_path: Path
) -> None:
    from gui.services.ocr_hub import OcrHub

    async def confirm(_question: str) -> bool:
        return True

    hub = OcrHub(GuiSettings(tmp_path / "s.ini"), confirm=confirm)
    broken = tmp_path / "gone"
    row = LocalModelRow(hub, None, make_active=False)
    arun(row.check_folder(str(broken)))  # _LATEST and _ROWS now hold the hub
    assert hub in local_model_row._LATEST and hub in local_model_row._ROWS
    loop.run_until_complete(hub.aclose())
    gone = weakref.ref(hub)
    shiboken6.delete(row)
    del row, hub
    gc.collect()
    assert gone() is None  # so _ROWS, _LATEST and _IN_FLIGHT dropped it too
