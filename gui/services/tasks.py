"""Running coroutines from Qt: "latest wins" tasks and one error reporter.

Every async handler goes through ``TaskRunner.run``: a failure reaches the
user as a clear message (a ``ProofDeskError``'s text, written for them) and
the log keeps the detail. A task started under a name cancels the previous
task of that name, so flipping pages quickly never finishes stale work.

A failure of background work (``background=True``: reads the window starts by itself,
on a page load or a change) that the window already says another way (``keep_quiet``:
the team server away, which the status bar's "offline" names) opens no dialog: one
outage fails every background read at once, and each used to open its own. A task the
user asked for (a menu item, a shortcut) still says why it failed (``notice``: a line
in the status bar), since nothing else answers what they asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QObject, Signal

from backend.errors import ProofDeskError

log = logging.getLogger(__name__)


class TaskRunner(QObject):
    error = Signal(str)  # a user-facing message
    failed = Signal(object)  # the exception itself, for a feature that shows more (a diff)
    # A failure the window says already, of a task the user asked for: one status-bar
    # line answers them (away, each approval and page turn would otherwise open a dialog).
    notice = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._named: dict[str, asyncio.Task[Any]] = {}
        self._all: set[asyncio.Task[Any]] = set()
        self._quiet: list[Callable[[BaseException], bool]] = []
        self._background: set[asyncio.Task[Any]] = set()

    def run(
        self, coro: Coroutine[Any, Any, Any], *, name: str | None = None, background: bool = False
    ) -> asyncio.Task[Any]:
        if name is not None and (old := self._named.get(name)) is not None and not old.done():
            old.cancel()
        task = asyncio.ensure_future(coro)
        self._all.add(task)
        if background:
            self._background.add(task)
        if name is not None:
            self._named[name] = task
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._all.discard(task)
        background = task in self._background
        self._background.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None:
            self.report(exc, background=background)

    def keep_quiet(self, said_elsewhere: Callable[[BaseException], bool]) -> None:
        """Background failures ``said_elsewhere`` accepts are logged and signalled
        (``failed``), not shown as a message: the window says them already (and once)."""
        self._quiet.append(said_elsewhere)

    def report(self, exc: BaseException, *, background: bool = False) -> None:
        self.failed.emit(exc)
        said_elsewhere = any(said(exc) for said in self._quiet)
        if said_elsewhere and background:
            log.info("not shown (the window says it): %s", exc)
            return
        if isinstance(exc, ProofDeskError):
            log.warning("%s (%s)", exc, exc.detail)
            message = str(exc)
        else:
            log.error("unexpected error", exc_info=exc)
            message = self.tr("Something went wrong: {0}").format(exc)
        (self.notice if said_elsewhere else self.error).emit(message)

    async def drain(self) -> None:
        """Wait for every running task (used on close and in tests)."""
        while self._all:
            await asyncio.gather(*list(self._all), return_exceptions=True)

    def cancel_all(self) -> None:
        for task in list(self._all):
            task.cancel()
