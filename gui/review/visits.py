"""Where the reviewer is: each page they arrive at, and the page the document is closed
on, recorded in the store for the time on a page (issue 26, ``backend.stats.time_rule``).

The write runs on the store's thread after the page is shown, never in its way: a
failed write is logged and forgotten (no work of the reviewer's is at stake, only a
time stamp of the statistics).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from gui.review.controller import ReviewController
    from gui.services.workspace import Workspace

log = logging.getLogger(__name__)


class VisitLog(QObject):
    """Made once per window; the controller (its parent) keeps it."""

    def __init__(self, controller: ReviewController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.pending: set[asyncio.Task[None]] = set()
        controller.page_loaded.connect(self.arrived)
        # First of the closing hooks: a close cancelled while the write runs then stops
        # with nothing torn down yet (the aids' hook, after it, cannot be run twice).
        controller.hooks.closing.insert(0, self.leaving)

    def arrived(self, page: int) -> None:
        ws = self.controller.workspace
        if ws is not None:
            task = asyncio.ensure_future(record(ws, page, "visit"))
            self.pending.add(task)  # held until done (a bare task may be collected)
            task.add_done_callback(self.pending.discard)

    async def leaving(self) -> None:
        """The document closes on the page shown (a closing hook: before the store closes)."""
        ws, page = self.controller.workspace, self.controller.current
        # A store already closing has nothing to record it in, and ``run_in_store`` would
        # cancel the close itself, which nobody asked to stop.
        if ws is not None and page >= 0 and not (ws.closing or ws.closed):
            await record(ws, page, "leave")


async def record(ws: Workspace, page: int, kind: str) -> None:
    """Store the visit; a failed write is only logged. A cancellation goes on up: the
    task that records (a visit's, the close's) was cancelled, or the document is closing
    (``run_in_store``), and a close or an open that was cancelled must stop, not carry on."""
    store = ws.session.store
    try:
        await ws.run_in_store(lambda: store.add_page_visit(page, kind))
    except Exception as exc:  # whatever failed, navigation goes on
        log.warning("page %s %s not recorded: %s", page + 1, kind, exc)
