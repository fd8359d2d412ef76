"""Run in a child process, one per UI language (one QApplication has one set of
translators), on a 1366×768 offscreen screen: build the real window on the sample,
open every window and dialog the GUI can show, and print what cuts its text
(``tests/gui/shell/fit_check.py``) as JSON lines, for ``test_dialog_fit``.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json \
        python -m tests.gui.shell.dialog_fit_probe STORE LANG

Each line is ``{"opened": where}`` for every window checked, ``{"cut": row}`` for a
widget that cuts its text and ``{"outside": row}`` for a window larger than the screen.
Qt's own file dialogs (Open, Import, the folder choosers) are left out: Qt lays them out
and translates them (qtbase), not ProofDesk.
"""

from __future__ import annotations

import asyncio
import faulthandler
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from gui.app import build_window, install_translations, parse_args
from gui.launch_args import SAMPLE_PDF
from gui.services import qloop
from gui.shell.main_window import MainWindow
from tests.gui.shell.fit_check import cut_in_every_tab, outside_screen, settle, text_widgets

# What the menus open, by action name. "goto" and "team_server" run a modal exec().
DIALOG_ACTIONS = (
    "export",
    "ocr_servers",
    "ocr_local",
    "ocr_planner",
    "marker_patterns",
    "compare_runs",
    "shortcuts",
    "backups",
    "goto",
    "team_server",
)
MODAL = ("goto", "team_server")
DOCK_ACTIONS = ("ocr_dock", "batch_dock", "compare", "review_queue", "search_dock")

opened: list[str] = []


def emit(**row: Any) -> None:
    print(json.dumps(row, ensure_ascii=False), flush=True)


def check(top: QWidget, where: str) -> None:
    settle(top)
    opened.append(where)
    emit(opened=where, size=[top.width(), top.height()], widgets=text_widgets(top))
    for row in cut_in_every_tab(top, where):
        emit(cut=row)
    if (row := outside_screen(top, where)) is not None:
        emit(outside=row)


def shown_windows() -> set[QWidget]:
    return {w for w in QApplication.topLevelWidgets() if w.isVisible() and isinstance(w, QDialog)}


def check_modal_soon(where: str, then: Callable[[], object]) -> None:
    """For an action that runs its dialog with exec(): check it from inside that loop."""

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            QTimer.singleShot(50, look)
            return
        check(modal, where)
        assert isinstance(modal, QDialog)
        modal.reject()
        then()

    QTimer.singleShot(50, look)


async def wait_settled(seconds: float = 0.4) -> None:
    """Let tasks the dialog started (loading its lists) run, then the layouts settle."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.05)
    for w in shown_windows():
        settle(w)


async def open_by_action(w: MainWindow, name: str) -> None:
    before = shown_windows()
    action = w.actions_by_name[name]
    if name in MODAL:
        # From the event loop, not this task: a nested exec() inside a running task
        # would stop every other task (gui/widgets/dialogs.py says why).
        done = asyncio.get_running_loop().create_future()
        check_modal_soon(name, lambda: done.done() or done.set_result(None))
        QTimer.singleShot(0, action.trigger)
        await asyncio.wait_for(done, 30)
    else:
        action.trigger()
    await wait_settled()
    for n, dialog in enumerate(shown_windows() - before):
        check(dialog, name if n == 0 else f"{name}/{type(dialog).__name__}")
        dialog.reject()
    await asyncio.sleep(0.05)


async def until(condition: Callable[[], bool], seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        await asyncio.sleep(0.05)


async def dock_messages(w: MainWindow) -> None:
    """The OCR and Batch docks saying why they cannot run (no server yet)."""
    before = shown_windows()
    w.ocr_ui.batch.start()
    w.ocr_ui.panel.run()
    await wait_settled()
    said = [w.ocr_ui.batch.message.text(), w.ocr_ui.panel.status.text()]
    print(f"docks: {said!r}", file=sys.stderr, flush=True)
    check(w, "main_window+messages")
    for dialog in shown_windows() - before:
        check(dialog, f"main_window+messages/{type(dialog).__name__}")
        dialog.reject()


async def servers_messages(w: MainWindow) -> None:
    """The Servers dialog with the long messages a new user meets: a URL it refuses,
    then a server that cannot be reached (a closed port on this machine)."""
    dialog: Any = w.server_tools.show("servers")
    form = dialog.form
    form.name.setText("Court scanner")
    form.model.setEditText("Qwen/Qwen2.5-VL-72B-Instruct-AWQ")  # a model id as vLLM names it
    form.url.setText("ftp://server.example.org:8000")
    dialog.save_profile()
    await wait_settled()
    assert dialog.message.text(), "the Servers dialog said nothing about the URL"
    check(dialog, "ocr_servers/message")
    form.url.setText("http://127.0.0.1:9/v1")
    form.checks.test_connection()
    await until(lambda: not form.checks.busy())
    await wait_settled()
    assert form.result.text(), "the connection test said nothing"
    print(f"servers: {form.result.text()!r}", file=sys.stderr, flush=True)
    check(dialog, "ocr_servers/unreachable")
    form.load(form.original)  # nothing to save or discard on closing
    dialog.reject()


async def local_server_failed(w: MainWindow) -> None:
    """The Local vLLM dialog after a start that failed: its error box under the form
    (the interpreter is ``python -c 'exit(1)'``-like: /bin/false; nothing is loaded)."""
    dialog: Any = w.server_tools.show("local")
    dialog.form.model.setText("Qwen/Qwen2-VL-2B-Instruct")
    dialog.form.python.setText("/bin/false")
    dialog.start()
    await until(lambda: not dialog.running and dialog.error_box.isVisible())
    await wait_settled()
    assert dialog.error_box.isVisible(), "the failed start said nothing"
    print(f"local: {dialog.error_box.text()[:200]!r}", file=sys.stderr, flush=True)
    check(dialog, "ocr_local/failed")
    dialog.close()


async def export_formats(w: MainWindow) -> None:
    """The Export dialog with each format chosen (each shows its own options)."""
    w.actions_by_name["export"].trigger()
    await wait_settled()
    (dialog,) = [d for d in shown_windows() if type(d).__name__ == "ExportDialog"]
    combo: Any = dialog.format  # type: ignore[attr-defined]
    for i in range(combo.count()):
        combo.setCurrentIndex(i)
        await wait_settled(0.2)
        check(dialog, f"export/{combo.itemData(i)}")
    dialog.reject()


def team_views(w: MainWindow) -> list[tuple[str, Callable[[], QDialog]]]:
    from backend.models import Version, VersionKind
    from backend.store.postgres.errors import SaveConflictError
    from gui.team.conflict_view import ConflictView
    from gui.team.progress_view import ProgressView

    def progress() -> QDialog:
        view = ProgressView(w)
        statuses = dict(unreviewed=12, in_progress=3, reviewed=4, final=1, flagged=2)
        counts = dict(edited=7, final=1, claimed=1, assigned=9, assigned_final=1)
        claims = [{"page": 3, "holder": "陳書記官", "since": time.time()}]
        view.show_progress(
            {"statuses": statuses, "people": {"陳書記官": counts}, "queues": {}, "claims": claims}
        )
        return view

    def conflict() -> QDialog:
        mine = Version(2, 0, VersionKind.EDIT, "原告主張…", time.time(), "me")
        theirs = Version(3, 0, VersionKind.EDIT, "原告主張：", time.time(), "陳書記官")
        return ConflictView(SaveConflictError(0, mine, theirs), w)

    return [("team_progress", progress), ("team_conflict", conflict)]


async def main(store: Path) -> None:
    t0 = time.monotonic()
    w = build_window(parse_args([str(SAMPLE_PDF), "--store", str(store)]))
    w.show()
    w.onboarding.first_run()  # the Getting Started panel, as a new user sees it
    assert await w.opener.open(SAMPLE_PDF)
    await wait_settled(1.0)
    check(w, "main_window")
    acts = w.actions_by_name
    for name in DOCK_ACTIONS:  # one dock after another, as a reviewer opens them
        if not acts[name].isChecked():
            acts[name].trigger()
        await wait_settled()
        check(w, f"main_window+{name}")
    await dock_messages(w)
    acts["reset_layout"].trigger()
    for name in DIALOG_ACTIONS:
        await open_by_action(w, name)
        print(f"{time.monotonic() - t0:.1f}s {name}", file=sys.stderr, flush=True)
    await servers_messages(w)
    await export_formats(w)
    await local_server_failed(w)
    for where, make in team_views(w):
        dialog = make()
        dialog.show()
        check(dialog, where)
        dialog.reject()
    emit(done=opened)
    print(f"{time.monotonic() - t0:.1f}s checked", file=sys.stderr, flush=True)
    await w.controller.detach(force=True)
    await w.ocr.aclose()
    await w.aids.aclose()
    left = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    emit(tasks_left=[repr(t) for t in left])
    # Out without asyncio's teardown, as gui/app.py does: everything is closed and
    # printed by now, and cancelling what is left was seen to hang now and then.
    for child in multiprocessing.active_children():  # render workers: no orphans
        child.join(3)
        if child.is_alive():
            child.terminate()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    # A probe that hangs says where (every thread's stack) and ends, well before the
    # test's own timeout, instead of leaving a bare TimeoutExpired.
    faulthandler.dump_traceback_later(150, exit=True)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    install_translations(app, sys.argv[2] if len(sys.argv) > 2 else "en")
    qloop.run(main(Path(sys.argv[1])))
