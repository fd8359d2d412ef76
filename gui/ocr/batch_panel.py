"""The batch panel: read many pages on one or more servers, watch it, pause, cancel, retry.

All the work happens in ``OcrHub.start_batch`` on the shared loop; this panel
only builds the ``JobSpec``, shows the hub's ``BatchEvent``s and offers to
resume a batch the store says was left unfinished (the app closed or crashed
mid-run). Finished pages are stored as they finish, so nothing here can lose one.
Its widgets, and how a batch's progress shows in them, are ``BatchPanelView``'s
(``gui.ocr.batch_view``); this module is what the panel does.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QModelIndex, QTimer, Signal
from PySide6.QtWidgets import QWidget

from backend.engines.base import SamplingParams
from backend.errors import ProofDeskError
from backend.ocr.batch import Batch, BatchEvent, BatchStats
from backend.ocr.jobs import JobSpec
from backend.store.job_rows import PageJobState, Selection
from gui.ocr.batch_models import read_store_state
from gui.ocr.batch_view import BatchPanelView
from gui.ocr.local_model_row import LocalModelRow
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets import dialogs

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession

T = TypeVar("T")


class BatchPanel(BatchPanelView):
    page_activated = Signal(int)  # 0-based page chosen in the problem table

    def __init__(self, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        self._page_count = 0
        self._selected_pages: Callable[[], list[int]] = list
        self._task: asyncio.Task[BatchStats] | None = None
        self._hub_running = False
        self._stale_batch: object = None  # hub.batch before this run made its own
        self._pending_pause: bool | None = None  # Pause/Resume clicked before the batch existed
        self._cancelling = False
        self._failed_in_store = 0
        self._store_task: asyncio.Task[None] | None = None
        self._build()
        # Events come when pages finish; between them (slow pages, a pause) the
        # line is refreshed from the batch itself so in-flight counts and rates stay true.
        self._tick = QTimer(self, interval=1000)
        self._tick.timeout.connect(self._refresh_stats)
        hub.profiles_changed.connect(self._refresh_servers)
        hub.load_changed.connect(self.servers.set_load)
        hub.batch_event.connect(self._on_event)
        hub.batch_running.connect(self._on_running)
        hub.batch_failed.connect(self._on_failed)
        self._refresh_servers()
        self._update_controls()

    # -- building: the view's widgets, wired to what the panel does ----------------------

    def _build(self) -> None:
        self._build_widgets(_stored_int(self.hub.settings._qs.value("batch/max_tokens"), 4096))
        self.local_model = LocalModelRow(self.hub, self, make_active=False)
        self.server_form.insertRow(1, self.tr("Local model:"), self.local_model)
        self.resume_bar.resume_button.clicked.connect(self._resume)
        self.resume_bar.discard_button.clicked.connect(lambda: self.runner.run(self._discard()))
        self.scope_box.submitted.connect(self.start)
        self.start_button.clicked.connect(self.start)
        self.pause_button.toggled.connect(self._toggle_pause)
        self.cancel_button.clicked.connect(lambda: self.runner.run(self._cancel()))
        self.problem_table.activated.connect(self._activate)
        self.retry_button.clicked.connect(self.retry_failed)

    # -- the window's API -----------------------------------------------------------------

    def set_document(
        self,
        page_count: int,
        selected_pages: Callable[[], list[int]],
        current_page: Callable[[], int],
    ) -> None:
        """A document was opened; the callables give 0-based pages when asked."""
        self._page_count = page_count
        self._selected_pages = selected_pages
        self._reset_run_view(self._page_count)
        self.problems.clear()
        self.scope_box.set_document(page_count, current_page)
        self._update_controls()
        self._refresh_store_later()

    def clear_document(self) -> None:
        self._page_count = 0
        if self._store_task is not None:
            self._store_task.cancel()
        self._failed_in_store = 0
        self.resume_bar.withdraw()
        self.problems.clear()
        self._reset_run_view(self._page_count)
        self._update_controls()

    def focus_start(self) -> None:
        self.start_button.setFocus()

    def start(self) -> None:
        """Start a batch over the chosen pages (messages, never exceptions, on a bad choice)."""
        spec = self._spec()
        if spec is not None:
            self._launch(spec, job=None, keep_problems=False)

    def retry_failed(self) -> None:
        spec = JobSpec(Selection.FAILED, None, self.scope_box.force.isChecked(), self._params())
        self._launch(spec, job=None, keep_problems=True)

    # -- starting -------------------------------------------------------------------------

    def _params(self) -> SamplingParams:
        self.hub.settings._qs.setValue("batch/max_tokens", self.max_tokens.value())
        return SamplingParams(max_tokens=self.max_tokens.value())

    def _spec(self) -> JobSpec | None:
        try:
            selection, pages = self.scope_box.choice(self._selected_pages)
        except ValueError as exc:
            self._say(str(exc), error=True)
            return None
        force = self.scope_box.force.isChecked()
        chosen = None if pages is None else tuple(pages)
        alternates = self.scope_box.as_alternates.isChecked()  # a second profile to compare with
        return JobSpec(selection, chosen, force, self._params(), as_alternates=alternates)

    def _launch(self, spec: JobSpec, *, job: int | None, keep_problems: bool) -> None:
        if self._running():
            self._say(self.tr("A batch is already running."), error=True)
            return
        if self._page_count == 0 or self.hub.workspace is None:
            self._say(self.tr("Open a document first."), error=True)
            return
        ids = self.servers.checked_ids()
        if not ids:
            self._say(self.tr("Tick at least one server to read the pages."), error=True)
            self.server_list.setFocus()
            return
        try:
            task = self.hub.start_batch(spec, ids, job=job)
        except ProofDeskError as exc:
            self._say(str(exc), error=True)
            return
        self._task = task
        self._stale_batch = self.hub.batch
        self._lane_count = len(ids)
        self._reset_run_view(self._page_count)
        self._pending_pause = None
        if not keep_problems:
            self.problems.clear()
        self.resume_bar.withdraw()
        self.stats_label.setText(self.tr("Starting…"))
        self._update_controls()
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[BatchStats]) -> None:
        if task is not self._task:
            return
        self._task = None
        self.pause_button.setChecked(False)
        self._update_controls()
        if task.cancelled():
            if not self._cancelling:  # stopped from elsewhere (the document closed)
                self._say(self.tr("The batch was stopped; the pages already read are stored."))
        elif task.exception() is None:
            self.runner.run(self._report(task.result(), self.hub.job))
            return
        self._refresh_store_later()

    async def _report(self, stats: BatchStats, job: int | None) -> None:
        # The last event was sent while its own page still counted as in flight.
        self.stats_label.setText(self._stats_text(dataclasses.replace(stats, in_flight=0)))
        skipped = 0
        if job is not None:
            summary = await self._in_store(lambda session: session.jobs.summary(job))
            skipped = summary.counts[PageJobState.SKIPPED] if summary else 0
        if stats.total == 0 and not skipped:
            text = self.tr("Nothing to read: no page matches that choice.")
        else:
            text = self.tr("Finished: {0} pages read, {1} failed.").format(stats.done, stats.failed)
        if skipped:
            text += " " + self.tr(
                "{0} pages with a person's edits or approval were left as they are."
            ).format(skipped)
        self._say(text, error=stats.failed > 0)
        await self._refresh_store()

    # -- while it runs ----------------------------------------------------------------

    def _running(self) -> bool:
        return (self._task is not None and not self._task.done()) or self._hub_running

    def _on_running(self, on: bool) -> None:
        self._hub_running = on
        self._update_controls()

    def _batch(self) -> Batch | None:
        """This run's batch, once it exists (it is made after the servers are checked)."""
        batch = self.hub.batch
        if batch is None or batch is self._stale_batch or not self._running():
            return None
        if self._pending_pause is not None:  # Pause clicked before it existed: apply once
            on, self._pending_pause = self._pending_pause, None
            self._toggle_pause(on)
        elif self.pause_button.isChecked() != batch.paused:  # paused elsewhere: show it
            self.pause_button.blockSignals(True)
            self.pause_button.setChecked(batch.paused)
            self.pause_button.blockSignals(False)
            self.pause_button.setText(self.tr("Resume") if batch.paused else self.tr("Pause"))
        return batch

    def _on_failed(self, message: str) -> None:
        if self.stats_label.text() == self.tr("Starting…"):
            self.stats_label.clear()  # it never started: the error alone says what happened
        self._say(message, error=True)

    def _refresh_stats(self) -> None:
        if (batch := self._batch()) is not None:
            self.stats_label.setText(self._stats_text(batch.stats()))

    def _on_event(self, event: BatchEvent) -> None:
        self._batch()  # applies a Pause clicked while the batch was being prepared
        self._show_event(event)

    def _toggle_pause(self, on: bool) -> None:
        self.pause_button.setText(self.tr("Resume") if on else self.tr("Pause"))
        batch = self.hub.batch
        if batch is None or batch is self._stale_batch or not self._running():
            self._pending_pause = on  # still preparing: applied when the batch exists
            return
        if on and not batch.paused:
            batch.pause()
        elif not on and batch.paused:
            batch.resume()

    async def _cancel(self) -> None:
        if not self._running():
            return
        sure = await dialogs.ask_yes_no(
            self,
            self.tr("Cancel the batch"),
            self.tr(
                "Stop reading pages? The pages already read stay stored; the rest can be "
                "resumed later."
            ),
        )
        if not sure or not self._running():
            return
        job = self.hub.job
        self._cancelling = True
        try:
            await self.hub.stop_batch()
        finally:
            self._cancelling = False
        if job is None:
            return
        # Counted in the store: a page whose write was under way when cancelled is
        # stored all the same (the write finishes), though the batch never counted it.
        summary = await self._in_store(lambda session: session.jobs.summary(job))
        if summary is None:
            return
        self._say(
            self.tr("Cancelled. {0} pages read are stored; {1} can be resumed.").format(
                summary.counts[PageJobState.DONE], summary.counts[PageJobState.PENDING]
            )
        )

    # -- the store: failed pages and unfinished batches -----------------------------------

    def _refresh_store_later(self) -> None:
        self._store_task = self.runner.run(self._refresh_store(), name="batch-panel-store")

    async def _in_store(self, fn: Callable[[DocumentSession], T]) -> T | None:
        """``fn(session)`` on the store's thread; None when the document is (or got) closed."""
        ws = self.hub.workspace
        if ws is None:
            return None
        session = ws.session  # the closure for the store thread holds no Qt object
        try:
            result = await ws.run_in_store(lambda: fn(session))
        except Exception:
            if ws is not self.hub.workspace or ws.closed:
                return None  # it closed meanwhile: there is nothing to show
            raise
        return result if ws is self.hub.workspace else None

    async def _refresh_store(self) -> None:
        state = await self._in_store(read_store_state)
        if state is None or self._page_count == 0:
            return
        self._failed_in_store = state.failed_pages
        if self._running():
            self.resume_bar.withdraw()
        else:
            self.resume_bar.offer(state)
        self._update_controls()

    def _resume(self) -> None:
        state = self.resume_bar.state
        if state.unfinished_job is not None:
            spec = JobSpec(params=state.params)  # only its params: the pages are stored
            self._launch(spec, job=state.unfinished_job, keep_problems=False)

    async def _discard(self) -> None:
        job = self.resume_bar.state.unfinished_job
        if job is None:
            return
        self.resume_bar.withdraw()
        await self._in_store(lambda session: session.jobs.set_state(job, "cancelled"))
        self._say(self.tr("The unfinished batch was discarded; the pages it read stay stored."))
        await self._refresh_store()

    # -- small things -------------------------------------------------------------------

    def _refresh_servers(self) -> None:
        active = self.hub.active
        self.servers.set_profiles(self.hub.all_profiles(), active.id if active else None)

    def _activate(self, index: QModelIndex) -> None:
        if index.isValid():
            self.page_activated.emit(self.problems.problems[index.row()].page)

    def _update_controls(self) -> None:
        running = self._running()
        has_doc = self._page_count > 0
        if running and not self._tick.isActive():
            self._tick.start()
        elif not running:
            self._tick.stop()
        self.start_button.setEnabled(has_doc and not running)
        self.pause_button.setEnabled(running)
        self.cancel_button.setEnabled(running)
        self.scope_box.setEnabled(not running)
        self.max_tokens.setEnabled(not running)
        self.resume_bar.setEnabled(not running)
        self.retry_button.setEnabled(has_doc and not running and self._failed_in_store > 0)
        self.retry_button.setText(
            self.tr("Retry failed pages ({0})").format(self._failed_in_store)
            if self._failed_in_store
            else self.tr("Retry failed pages")
        )
        if not running:
            self.pause_button.setText(self.tr("Pause"))


def _stored_int(value: object, default: int) -> int:
    """A number from QSettings (a string in the INI file), or ``default``."""
    try:
        return int(str(value))
    except ValueError:
        return default
