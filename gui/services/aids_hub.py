"""The review aids for the open document: the current page's review, the page
summaries, and alternate OCR runs.

Every review is computed on the store's thread (``Workspace.run_in_store``),
latest wins: a page turn or more typing cancels the computation it supersedes,
and a result that no longer matches the editor's text is dropped (the next
one is already scheduled). Alternate OCR runs in the backend's worker process;
each reading is stored the moment it arrives, so Cancel keeps what finished.

The hub holds the state, the timers, the tasks, the signals and every message a
person reads; its pure parts live beside it: ``aid_settings`` (what the reviews
are computed with), ``aid_review`` (the computation itself, run on the store's
thread) and ``alt_ocr_runs`` (engine checks, the worker process, the stores).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from backend.errors import ProofDeskError
from backend.models import Change, Version
from backend.review.values import PageReview
from gui.services.aid_review import loop_running, review_text, summary_with, usable
from gui.services.aid_settings import build_aid_settings, compare_switches, marker_patterns
from gui.services.alt_ocr_runs import AltWorker, check_engine, tally, worth_storing
from gui.services.document_owner import FollowsDocument
from gui.services.scan_line_aid import ScanLineAid
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner

if TYPE_CHECKING:
    from backend.engines.offline.base import AltReading
    from backend.review.page_aids import AidSettings
    from backend.session.document_review import PageSummary
    from gui.services.workspace import Workspace

DEBOUNCE_MS = 300  # after the last keystroke; a page turn computes at once
SUMMARIES_MS = 500
TextSource = Callable[[], tuple[int, str]]  # (current page, the editor's text)


class AidsHub(FollowsDocument, QObject):  # ``workspace``: the controller's
    document_changed = Signal(int)  # page count of the document opened; 0: closed
    review_changed = Signal(object)  # PageReview | None (None: no page, no document)
    # The review now shown is of the page and the very text on screen, and no newer
    # one is pending: what a reviewer (or a test) waits for before trusting the flags.
    review_fresh = Signal()
    summaries_changed = Signal(object)  # list[PageSummary], one per page
    alternates_changed = Signal(object)  # list[Version]: the page's alternates, newest first
    display_changed = Signal()  # a display-only switch (low-confidence underline) flipped
    settings_changed = Signal()  # compare options or marker patterns: every review changes
    run_started = Signal(str, int)  # engine, pages to read
    run_progress = Signal(int, int)  # pages done, pages to read
    run_finished = Signal(str, bool)  # a summary for the reviewer, and whether it is an error

    def __init__(
        self,
        settings: GuiSettings,
        runner: TaskRunner,
        *,
        confirm: Callable[[str], Awaitable[bool]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.gui_settings = settings
        self.runner = runner
        self.confirm = confirm
        self.text_source: TextSource = lambda: (-1, "")
        self.review: PageReview | None = None
        # What ``review`` was computed for: offsets in its flags are offsets into
        # exactly this text of exactly this page, and into nothing else.
        self.review_page = -1
        self.review_text = ""
        self.alternates: list[Version] = []
        self.alternate_id: int | None = None  # None: the page's newest alternate
        self.summaries: list[PageSummary] = []
        self._aid_settings: AidSettings | None = None
        self._alt_worker = AltWorker()
        # What each engine lacks here (None: it can run). The check runs ``tesseract
        # --list-langs`` / ``--version``, too slow for the UI thread: an engine that can
        # run is checked once; one that could not is checked again when asked (the
        # reviewer may have installed it since), never only after a restart.
        self._engine_problems: dict[str, str | None] = {}
        self._run_task: asyncio.Task[None] | None = None
        self._review_task: asyncio.Task[None] | None = None
        self._summaries_task: asyncio.Task[None] | None = None
        self._page = -1
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self.refresh)
        # Store announcements come in bursts (an all-pages run stores page after page):
        # the summaries are read again once the burst is over.
        self._summaries_later = QTimer(self, singleShot=True, interval=SUMMARIES_MS)
        self._summaries_later.timeout.connect(self.refresh_summaries)
        # The scan's lines, found in the background: a page's review is asked again
        # when its lines arrive (the reviews see them already; ``scan_line_aid``).
        self.scan_lines = ScanLineAid(runner, self)
        self.scan_lines.lines_found.connect(self._lines_found)

    # -- the document and the page --------------------------------------------------

    def attach(self, workspace: Workspace) -> None:
        """``workspace`` was opened (the controller's, which ``workspace`` reads from
        then on: the hub keeps no copy of its own to fall out of step)."""
        self.summaries = []
        workspace.changed.connect(self._on_change)
        self.scan_lines.attach(workspace)
        self.document_changed.emit(workspace.page_count)
        self.refresh_summaries()

    async def detach(self) -> None:
        """Stop everything that uses the store before it closes."""
        self._debounce.stop()
        self._summaries_later.stop()
        await self.stop_run()
        await self.scan_lines.detach()
        # A summaries pass is chunked over the whole document: none of it may
        # queue behind the store's close.
        tasks = [t for t in (self._review_task, self._summaries_task) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._review_task = self._summaries_task = None
        # Still the controller's document: it lets go only after its closing hooks.
        if self.workspace is not None:
            self.workspace.changed.disconnect(self._on_change)
        self.review, self.alternates, self.summaries = None, [], []
        self.review_page, self.review_text = -1, ""
        self._page = -1
        self.document_changed.emit(0)
        self.review_changed.emit(None)
        self.alternates_changed.emit([])
        self.summaries_changed.emit([])

    def page_changed(self) -> None:
        """A page was loaded into the editor: its aids now, not after the debounce."""
        page, _ = self.text_source()
        if page != self._page:
            self._page = page
            self.alternate_id = None
            if self.workspace is not None and page >= 0:
                self.scan_lines.want_near(page, self.workspace.page_count)
        self.refresh()

    def text_changed(self) -> None:
        self._debounce.start()

    def choose_alternate(self, version_id: int | None) -> None:
        if version_id != self.alternate_id:
            self.alternate_id = version_id
            self.refresh()

    # -- settings -------------------------------------------------------------------

    @property
    def settings(self) -> AidSettings:
        """What the reviews are computed with (the review queue uses the same)."""
        return self.aid_settings

    @property
    def aid_settings(self) -> AidSettings:
        if self._aid_settings is None:
            self._aid_settings = build_aid_settings(self.gui_settings)
        return self._aid_settings

    def compare_options(self) -> dict[str, bool]:
        """Every on/off normalisation switch and whether it is on."""
        return compare_switches(self.aid_settings)

    def set_compare_option(self, name: str, on: bool) -> None:
        options = self.gui_settings.compare_options | {name: on}
        self.gui_settings.compare_options = options
        self._settings_changed()

    def marker_patterns(self) -> list[str]:
        return marker_patterns(self.gui_settings)

    def set_marker_patterns(self, patterns: list[str] | None) -> None:
        """The reviewer's patterns (None: back to the defaults); checked by the dialog."""
        self.gui_settings.marker_patterns = patterns
        self._settings_changed()

    @property
    def show_low_confidence(self) -> bool:
        return self.gui_settings.show_low_confidence

    def set_show_low_confidence(self, show: bool) -> None:
        self.gui_settings.show_low_confidence = show
        self.display_changed.emit()

    def _settings_changed(self) -> None:
        self._aid_settings = None
        self.settings_changed.emit()
        self.refresh()
        self.refresh_summaries()

    # -- computing -----------------------------------------------------------------------

    def refresh(self) -> None:
        self._debounce.stop()
        if usable(self.workspace):
            self._review_task = self.runner.run(
                self._compute(), name="aids-review", background=True
            )

    def review_is_current(self) -> bool:
        """Whether ``review`` is of the page and the text the editor shows now."""
        return self.review is not None and self.text_source() == (
            self.review_page,
            self.review_text,
        )

    def review_is_fresh(self) -> bool:
        """``review_is_current`` and no recomputation waiting for typing to pause."""
        return self.review_is_current() and not self._debounce.isActive()

    async def _compute(self) -> None:
        ws = self.workspace
        page, text = self.text_source()
        if ws is None or page < 0:
            return
        if not loop_running():
            self._debounce.start()
            return
        settings, chosen = self.aid_settings, self.alternate_id
        review, alternates, critical = await ws.run_in_store(
            lambda: review_text(ws.session, page, text, chosen, settings)
        )
        if self.workspace is not ws or self.text_source() != (page, text):
            return  # superseded: the editor moved on and a newer computation is due
        if [v.id for v in alternates] != [v.id for v in self.alternates]:
            self.alternates = alternates
            self.alternates_changed.emit(alternates)
        self.review, self.review_page, self.review_text = review, page, text
        self.review_changed.emit(review)
        self._update_summary(review, critical)
        if self.review_is_fresh():
            self.review_fresh.emit()

    def refresh_summaries(self) -> None:
        self._summaries_later.stop()
        if usable(self.workspace):
            self._summaries_task = self.runner.run(
                self._summaries(), name="aids-summaries", background=True
            )

    async def _summaries(self) -> None:
        ws = self.workspace
        if ws is None:
            return
        if not loop_running():
            self._summaries_later.start()
            return
        summaries = await ws.review_summaries(self.aid_settings)
        if ws is self.workspace:
            self.summaries = list(summaries)
            self.summaries_changed.emit(self.summaries)

    def _update_summary(self, review: PageReview, critical: int) -> None:
        """The page being edited: its counts follow the text as typed, not as saved; its
        critical badge counts what approval would ask about (``review_text``)."""
        if not 0 <= review.page < len(self.summaries):
            return
        old = self.summaries[review.page]
        new = summary_with(old, review, chosen=self.alternate_id is not None, critical=critical)
        if new != old:
            self.summaries[review.page] = new
            self.summaries_changed.emit(self.summaries)

    def _on_change(self, change: Change) -> None:
        """A new version (an alternate, a reading, an import): the aids change with it."""
        if not change.versions:
            return  # typing: the editor's text is followed directly
        if self._page in change.pages:
            self._debounce.start()
        if any(p != self._page for p in change.pages):
            self._summaries_later.start()

    def want_all_scan_lines(self, by_risk: bool = True) -> None:
        """Every page's scan lines (risk order ranks them all); ``by_risk``: the switch."""
        if by_risk and self.workspace is not None:
            self.scan_lines.want_all(self.workspace.page_count)

    def _lines_found(self, page: int) -> None:
        if page == self._page:
            self._debounce.start()
        self._summaries_later.start()

    # -- alternate OCR -------------------------------------------------------------------

    async def engine_problem(self, engine: str) -> str | None:
        """None if ``engine`` can run here, else what to install (shown before a run).

        Asked off the UI thread; again each time while the engine lacks something."""
        known = self._engine_problems
        if engine not in known or known[engine] is not None:
            known[engine] = await check_engine(engine)
        return known[engine]

    def known_engine_problem(self, engine: str) -> tuple[bool, str | None]:
        """(whether ``engine`` was checked already, what it lacked then): never blocks."""
        return engine in self._engine_problems, self._engine_problems.get(engine)

    @property
    def running(self) -> bool:
        return self._run_task is not None and not self._run_task.done()

    def run_alternate(self, engine: str, pages: list[int], *, as_transcript: bool = False) -> None:
        """Read ``pages`` with an offline engine; ``as_transcript``: as the working
        transcript (an ``ocr`` version; a page a person edited keeps the edit)."""
        if self.workspace is None or not pages or self.running:
            return
        self.gui_settings.alt_engine = engine
        # Now: the Run button must not take a second click.
        self.run_started.emit(engine, len(pages))
        self._run_task = self.runner.run(self._run(engine, pages, as_transcript))

    def cancel_run(self) -> None:
        if self._run_task is not None:
            self._run_task.cancel()

    async def stop_run(self) -> None:
        task = self._run_task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def aclose(self) -> None:
        await self.stop_run()
        self._alt_worker.close()
        self.scan_lines.close()

    async def _run(self, engine: str, pages: list[int], as_transcript: bool = False) -> None:
        ws = self.workspace
        assert ws is not None
        stores: list[asyncio.Future[Any]] = []
        notices: list[str] = []
        failure: str | None = None
        stopped = False

        def arrived(reading: AltReading) -> None:
            if worth_storing(reading):
                stored = (
                    ws.store_alternate(reading.page, reading, as_transcript=True)
                    if as_transcript
                    else ws.store_alternate(reading.page, reading)
                )
                stores.append(asyncio.ensure_future(stored))
            elif reading.notice:
                notices.append(self.tr("Page {0}: {1}").format(reading.page + 1, reading.notice))

        try:
            await self._alt_worker.get().run_pages(
                ws.path,
                pages,
                engine,
                lambda done, total, _page: self.run_progress.emit(done, total),
                on_result=arrived,
            )
        except asyncio.CancelledError:
            stopped = True
            raise
        except ProofDeskError as exc:
            failure = str(exc)
        except Exception as exc:
            failure = self.tr("The run failed: {0}").format(exc)
            raise  # the task runner logs it and tells the reviewer
        finally:
            # Whatever happened, the dock hears that the run is over (Run enabled again).
            outcomes: list[Any] = []
            try:
                outcomes = await asyncio.gather(*stores, return_exceptions=True)
            finally:
                self.run_finished.emit(*self._run_summary(outcomes, notices, failure, stopped))

    def _run_summary(
        self, outcomes: list[Any], notices: list[str], failure: str | None, stopped: bool
    ) -> tuple[str, bool]:
        """What the dock says when a run ends, and whether it is an error."""
        stored, errors = tally(outcomes)
        if stopped:
            parts, bad = [self.tr("Stopped; {0} page(s) read.").format(stored)], False
        elif failure is not None:
            parts, bad = [failure], True
        else:
            parts = [self.tr("{0} page(s) read.").format(stored), *notices[:3]]
            bad = bool(notices) and not stored
        if errors:
            parts.append(
                self.tr("{0} page(s) could not be stored: {1}").format(len(errors), errors[0])
            )
        return " ".join(parts), bad or bool(errors)
