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

The page's layout (``backend.session.layout``: table regions and their ruling
lines, half a second a page) is found in the same worker right after its lines,
and announced the same way (``layout_found``), but only for a page whose stored
transcript holds a table: the layout is checked against tables alone, and most
pages have none. Off with ``PROOFDESK_LAYOUT=0``; its failure is said once too.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from gui.services.aid_review import loop_running

if TYPE_CHECKING:
    from backend.engines.offline.runner import AltOcrRunner
    from backend.session.layout import LayoutSource
    from backend.session.scan_lines import ScanLineSource
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace

log = logging.getLogger(__name__)
NEIGHBOURS = 1  # pages either side of the one on screen
RETRY_MS = 200  # asked while the event loop was stopped: start when it runs again


class ScanLineAid(QObject):
    lines_found = Signal(int)  # page whose lines are now known
    layout_found = Signal(int)  # page whose layout is now known
    problem = Signal(str)  # why lines (or the layout) cannot be found: once per document

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.source: ScanLineSource | None = None
        self.layout: LayoutSource | None = None
        self._workspace: Workspace | None = None
        self._runner: AltOcrRunner | None = None
        self._wanted: list[int] = []
        self._task: asyncio.Task[None] | None = None
        self._told: set[str] = set()  # the problems said (lines', layout's)
        self._later = QTimer(self, singleShot=True, interval=RETRY_MS)
        self._later.timeout.connect(self._start)

    def attach(self, workspace: Workspace) -> None:
        """Give ``workspace``'s reviews the lines and layouts known (cached) and find the
        others when asked; nothing for what is off or cannot run here."""
        from backend.session.layout import LayoutSource, layout_wanted
        from backend.session.scan_lines import ScanLineSource, scan_lines_wanted

        lines, layout = scan_lines_wanted(), layout_wanted()
        if not (lines or layout):
            return
        from backend.engines.offline.runner import AltOcrRunner

        if self._runner is None:
            self._runner = AltOcrRunner()  # one worker for both models
        info, password = workspace.session.pdf.info, workspace.password
        self._workspace, self._wanted, self._told = workspace, [], set()
        reviews = workspace.session.reviews
        if lines:
            self.source = ScanLineSource(info.sha256, info.path, self._runner, password=password)
            reviews.scan_lines = self.source.known
        if layout:
            self.layout = LayoutSource(info.sha256, info.path, self._runner, password=password)
            reviews.layout = self.layout.known
        self._say_problem()

    async def detach(self) -> None:
        self._later.stop()
        task, self._task = self._task, None
        self._wanted = []
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        for source in (self.source, self.layout):
            if source is not None:
                source.cache.close()
        self.source, self.layout, self._workspace = None, None, None

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
        if self._workspace is None:
            return
        self._wanted = [p for p in pages if not self._found(p)]
        self._start()

    def _found(self, page: int) -> bool:
        """Nothing more to find for ``page``: its lines, and its layout, known. A page
        with no table stays wanted (it is looked at again: its transcript may have
        gained one) but costs only a store read."""
        return (self.source is None or self.source.known(page) is not None) and (
            self.layout is None or self.layout.known(page) is not None
        )

    def _start(self) -> None:
        if self._workspace is None or not self._wanted:
            return
        if not loop_running():  # a step Qt ran while the loop was stopped (tests)
            self._later.start()
        elif self._task is None or self._task.done():
            self._task = self.tasks.run(self._work(self._workspace), name="scan-lines")

    async def _work(self, workspace: Workspace) -> None:
        while self._wanted and workspace is self._workspace:
            page = self._wanted.pop(0)
            lines, layout = self.source, self.layout
            if lines is not None and lines.known(page) is None:
                found = await lines.detect(page) is not None
                if workspace is not self._workspace:
                    return  # another document meanwhile
                if found:
                    self.lines_found.emit(page)
            if layout is not None and layout.known(page) is None and await self._table(page):
                found = await layout.detect(page) is not None
                if workspace is not self._workspace:
                    return
                if found:
                    self.layout_found.emit(page)
            self._say_problem()

    async def _table(self, page: int) -> bool:
        """Whether ``page``'s stored transcript holds a table (``needs_layout``)."""
        from backend.session.layout import needs_layout

        ws = self._workspace
        if ws is None:
            return False
        text = await ws.run_in_store(lambda: ws.session.store.working_text(page))
        return needs_layout(text)

    def _say_problem(self) -> None:
        for name, source in (("lines", self.source), ("layout", self.layout)):
            if source is not None and source.problem and name not in self._told:
                self._told.add(name)
                log.warning("scan %s: %s", name, source.problem)
                self.problem.emit(source.problem)
