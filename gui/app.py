"""Start-up: parse the command line, build the window (``gui.compose``), run one asyncio
loop in Qt, and exit cleanly. ``build_window`` and ``parse_args`` are re-exported here
for the tests and tools that start the app as it starts itself."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import multiprocessing
import multiprocessing.util
import os
import resource
import signal
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication

from backend import i18n
from gui.compose import build_window
from gui.launch_args import SAMPLE_PDF, parse_args
from gui.services import app_icon, qloop
from gui.services import language as language_choice
from gui.services.asyncgens import AsyncGenCloser
from gui.services.settings import GuiSettings
from gui.shell.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["build_window", "parse_args", "run"]
BACKUP_CHECK_MS = 60_000
# A full (generation 2) collection once every this many generation-1 ones (Python's: 10).
FULL_COLLECTION_EVERY = 100


async def main(args: argparse.Namespace) -> int:
    app = QApplication.instance()
    assert app is not None
    closing = asyncio.Event()
    app.aboutToQuit.connect(closing.set)
    generators = AsyncGenCloser()
    generators.install()
    sweeper = asyncio.ensure_future(generators.sweep_forever())
    window = build_window(args)
    _install_bench_hook(window)
    backups = QTimer(window, interval=BACKUP_CHECK_MS)
    backups.timeout.connect(lambda: _backup_if_due(window))
    backups.start()
    _close_on_terminate(window)
    window.show()
    settle_collector()
    window.opener.open_path(args.pdf or SAMPLE_PDF, args.password)
    window.onboarding.first_run()  # the guide and the first choice, until dismissed
    await closing.wait()
    sweeper.cancel()
    # No ``loop.settle()`` here: Qt's loop has quit, so nothing that waits on a timer
    # can finish ("Event loop stopped before Future completed"); the process ends.
    await generators.close_all(collect=True)
    return 0


def settle_collector() -> None:
    """Once the main window is up: what start-up made and keeps (modules, Qt's wrappers,
    every feature's widgets: ~98,000 objects) leaves the garbage collector's care
    (``gc.freeze``), and a full collection comes ten times rarer. A full pass walked
    all of it: 44 ms on the GUI thread with no document open, 64-82 ms in the bench,
    in about one Enter of 100 in a table cell (bench/table_view.py, which calls this
    too), where a keystroke may stall 16 ms. What is frozen is never collected; a
    collection here first found nothing to collect and took 43 ms before the first
    paint, so there is none."""
    gc.freeze()
    first, second, _full = gc.get_threshold()
    gc.set_threshold(first, second, FULL_COLLECTION_EVERY)


def _close_on_terminate(window: MainWindow) -> None:
    """SIGTERM (logout, shutdown, `kill`) closes the window the normal way: typing
    is saved and the store is closed cleanly instead of being cut off."""

    def request_close(_signum: int, _frame: object) -> None:
        QTimer.singleShot(0, window.close)

    signal.signal(signal.SIGTERM, request_close)
    # Python runs signal handlers only when it has control; Qt's C++ loop may
    # sleep for long, so a light timer hands control back a few times a second.
    heartbeat = QTimer(window, interval=250)
    heartbeat.timeout.connect(lambda: None)
    heartbeat.start()


def _backup_if_due(window: MainWindow) -> None:
    ws = window.controller.workspace
    if ws is not None:
        window.runner.run(ws.backup_if_due(), name="backup")


def _install_bench_hook(window: MainWindow) -> None:
    """For bench/launch.py: report when the first page is on screen, then quit."""
    if os.environ.get("PROOFDESK_BENCH_FIRST_PAGE") != "1":
        return
    t0 = float(os.environ.get("PROOFDESK_BENCH_T0", time.time()))

    def report() -> None:
        window.page_view.painted.disconnect(report)
        rss_kb = _current_rss_kb()
        print(
            f"proofdesk-first-page-visible seconds={time.time() - t0:.3f} rss_kb={rss_kb}",
            flush=True,
        )
        QTimer.singleShot(0, window.close)

    window.page_view.painted.connect(report)


def _current_rss_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)  # peak, where /proc is absent


def install_translations(app: QApplication, lang: str | None = None) -> str:
    """Translate the UI and the backend's messages: ``--lang``, else ``PROOFDESK_LANG``,
    else the language saved in settings, else the system's (gui.services.language)."""
    wanted = i18n.language_for(lang) if lang else None  # --lang: this run only
    language = wanted or language_choice.choose_language(GuiSettings().language)
    language_choice.install(app, language)
    return language


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    QCoreApplication.setOrganizationName("ProofDesk")
    QCoreApplication.setApplicationName("ProofDesk")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(True)
    app_icon.install(app)
    install_translations(app, args.lang)
    try:
        code = int(qloop.run(main(args)))  # qasync's loop, safe from nested Qt loops
    except asyncio.CancelledError:
        code = 0
    # Everything is saved and closed by now (the window saves before it closes).
    # Exit without the interpreter's teardown: PySide6 + qasync were seen to abort
    # there now and then ("bool_dealloc ... finalizing"), which would look like a crash.
    for child in multiprocessing.active_children():  # render workers: never leave orphans
        child.join(3)  # they were told to stop when the document closed
        if child.is_alive():
            child.terminate()
            child.join(1)
    # What the interpreter's exit would do for multiprocessing (release its queues'
    # semaphores), which os._exit below skips.
    multiprocessing.util._exit_function()  # type: ignore[attr-defined]
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
