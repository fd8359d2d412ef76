"""Finding the scan's text lines in the background, for the review aids.

Detection (``backend.session.scan_lines``) runs in a worker process of its own
(one detector loaded for the whole session, at nice 10; never onnxruntime in
the GUI's process): the page on screen and its neighbours first, the whole
document when the reviewer asks for the pages in risk order. One task works
through the pages wanted, one page at a time, and a page turn only changes
what comes next: a detection already running finishes (it takes about a second,
and stopping it would cost a model load). Each page found is announced
(``lines_found``): the session's reviews already see it (``known``), so the
hub only asks for the page's review again. Nothing happens when the detector
cannot run or the user turned it off (``PROOFDESK_SCAN_LINES=0``); a failure
is said once (``problem``) and the review goes on without lines.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from gui.services.aid_review import loop_running

if TYPE_CHECKING:
    from backend.engines.offline.runner import AltOcrRunner
    from backend.session.scan_lines import ScanLineSource
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace

log = logging.getLogger(__name__)
NEIGHBOURS = 1  # pages either side of the one on screen
RETRY_MS = 200  # asked while the event loop was stopped: start when it runs again


class ScanLineAid(QObject):
    lines_found = Signal(int)  # page whose lines are now known
    problem = Signal(str)  # why lines cannot be found (said once per document)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.source: ScanLineSource | None = None
        self._runner: AltOcrRunner | None = None
        self._wanted: list[int] = []
        self._task: asyncio.Task[None] | None = None
        self._told = False
        self._later = QTimer(self, singleShot=True, interval=RETRY_MS)
        self._later.timeout.connect(self._start)

    def attach(self, workspace: Workspace) -> None:
        """Give ``workspace``'s reviews the lines known (cached) and find the others
        when asked; nothing when detection is off or cannot run here."""
        from backend.session.scan_lines import ScanLineSource, scan_lines_wanted

        if not scan_lines_wanted():
            return
        from backend.engines.offline.runner import AltOcrRunner

        if self._runner is None:
            self._runner = AltOcrRunner()
        info = workspace.session.pdf.info
        source = ScanLineSource(info.sha256, info.path, self._runner, password=workspace.password)
        self.source, self._wanted, self._told = source, [], False
        workspace.session.reviews.scan_lines = source.known
        self._say_problem()

    async def detach(self) -> None:
        self._later.stop()
        task, self._task = self._task, None
        self._wanted = []
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        if self.source is not None:
            self.source.cache.close()
        self.source = None

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()
            self._runner = None

    def want_near(self, page: int, page_count: int) -> None:
        """The page on screen and its neighbours next, before anything asked earlier."""
        near = [page, *range(page + 1, page + 1 + NEIGHBOURS), *range(page - NEIGHBOURS, page)]
        near = [p for p in near if 0 <= p < page_count]
        self._want(near + [p for p in self._wanted if p not in near])

    def want_all(self, page_count: int) -> None:
        """Every page, after those already wanted (risk order, batch review)."""
        rest = [p for p in range(page_count) if p not in set(self._wanted)]
        self._want(self._wanted + rest)

    def _want(self, pages: list[int]) -> None:
        if self.source is None:
            return
        self._wanted = [p for p in pages if self.source.known(p) is None]
        self._start()

    def _start(self) -> None:
        if self.source is None or not self._wanted:
            return
        if not loop_running():  # a step Qt ran while the loop was stopped (tests)
            self._later.start()
        elif self._task is None or self._task.done():
            self._task = self.tasks.run(self._work(self.source), name="scan-lines")

    async def _work(self, source: ScanLineSource) -> None:
        while self._wanted and source is self.source:
            page = self._wanted.pop(0)
            lines = await source.detect(page)
            if source is not self.source:
                return  # another document meanwhile
            if lines is not None:
                self.lines_found.emit(page)
            self._say_problem()

    def _say_problem(self) -> None:
        source = self.source
        if source is not None and source.problem and not self._told:
            self._told = True
            log.warning("scan lines: %s", source.problem)
            self.problem.emit(source.problem)
