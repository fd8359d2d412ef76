"""Driver for the GUI kill test: the real window, typed into like a person, until killed.

    python -m tests.gui.app.kill_gui_driver PDF STORE ACKFILE

Starts ProofDesk's own window the way ``gui.app`` does (one QApplication, one
qasync loop, ``build_window(parse_args([PDF, "--store", STORE]))``), opens the
PDF and then types unique marker words into the transcript editor without
pause, now and then moving to another page with the window's own actions.

Every time the autosave reports SAVED (what the save label shows as "saved"),
one JSON line ``{"t", "seq", "page", "text"}`` is appended to ACKFILE with
O_APPEND and fsync'd before typing goes on: ``text`` is the current page's
editor text, which is exactly what was written (SAVED is only reported when
nothing typed is left unwritten). The process never exits by itself; the test
SIGKILLs it. Set ``PROOFDESK_KILL_SEED`` to repeat a run's typing rhythm.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gui.shell.main_window import MainWindow

# Qt and the app are imported in main(), not here: render workers are started
# with "spawn", which re-imports this module in every worker before the worker
# starts watching its parent; kept light, as gui.entry (the real __main__) is.

OPEN_TIMEOUT_S = 90.0  # a loaded 2-core machine, a cold start


class AckLog:
    """Durable, append-only record of what the window acknowledged as saved."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._seq = 0

    def write(self, page: int, text: str) -> None:
        self._seq += 1
        line = json.dumps(
            {"t": time.time(), "seq": self._seq, "page": page, "text": text}, ensure_ascii=False
        )
        os.write(self._fd, (line + "\n").encode("utf-8"))  # one write: one whole line
        os.fsync(self._fd)


def say(message: str) -> None:
    print(f"kill_gui_driver: {message}", flush=True)


async def wait_until(condition, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def editable(window: MainWindow) -> bool:
    c = window.controller
    return c.workspace is not None and c.current >= 0 and not window.editor.editor.isReadOnly()


async def drive(pdf: Path, store: Path, ackfile: Path, seed: int) -> None:
    from PySide6.QtGui import QTextCursor

    from gui.app import build_window
    from gui.entry import parse_args
    from gui.review.autosave import SaveState
    from tests.gui.conftest import type_text

    rng = random.Random(seed)
    window = build_window(parse_args([str(pdf), "--store", str(store)]))
    window.resize(1200, 800)
    window.show()
    controller = window.controller
    acks = AckLog(ackfile)

    def on_state(state: Any, reason: str) -> None:
        if state is SaveState.FAILED:
            say(f"save failed (will retry): {reason}")
        if state is SaveState.SAVED and controller.current >= 0:
            acks.write(controller.current, window.editor.text())

    controller.autosave.state_changed.connect(on_state)
    window.opener.open_path(pdf)
    await wait_until(lambda: editable(window), OPEN_TIMEOUT_S, "the document to open")
    page_count = controller.workspace.page_count  # type: ignore[union-attr]
    say(f"opened {pdf.name}: {page_count} pages, seed {seed}")

    editor = window.editor.editor
    actions = window.actions_by_name
    word = 0
    chunks_until_move = rng.randint(15, 35)
    while True:
        # Type the next marker word a few characters at a time, always at the end
        # of the text (a reviewer who pressed Ctrl+End), so texts only ever grow.
        # Every 7th word ends in a CJK character, typed as an input-method commit.
        word += 1
        text = f"w{word:04d}" + ("頁" if word % 7 == 0 else "") + " "
        while text:
            if not editable(window):
                await wait_until(lambda: editable(window), 30, "the page to be editable")
            size = rng.randint(2, 4)
            chunk, text = text[:size], text[size:]
            editor.moveCursor(QTextCursor.MoveOperation.End)
            type_text(editor, chunk)
            await asyncio.sleep(rng.uniform(0.05, 0.1))
            chunks_until_move -= 1
        if chunks_until_move <= 0 and page_count > 1:
            chunks_until_move = rng.randint(15, 35)
            here = controller.current
            if here == 0 or (here < page_count - 1 and rng.random() < 0.6):
                actions["next"].trigger()
            else:
                actions["previous"].trigger()
            await wait_until(
                lambda here=here: controller.current != here and editable(window),
                30,
                "the page move",
            )


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m tests.gui.app.kill_gui_driver PDF STORE ACKFILE", file=sys.stderr)
        return 2
    pdf, store, ackfile = (Path(a) for a in argv)
    seed = int(os.environ.get("PROOFDESK_KILL_SEED") or random.SystemRandom().randrange(1 << 30))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_API", "pyside6")
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from gui.services import qloop  # the app's loop (qasync's, safe from nested Qt loops)

    QCoreApplication.setOrganizationName("ProofDesk")
    QCoreApplication.setApplicationName("ProofDesk")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    try:
        qloop.run(drive(pdf, store, ackfile, seed))
    except BaseException:  # the test only ever ends this process with SIGKILL
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
    os._exit(1)  # drive() never returns


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
