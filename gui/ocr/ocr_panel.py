"""Re-run one page (or a region of it) and decide what to do with the new reading.

A reading is stored the moment it arrives, as a history-only version: the
server was paid for it, and nothing the reviewer does next can lose it.
Accepting makes that version the working text (asking first over the
reviewer's own edits); keeping leaves it in the history. A result belongs to
the page it was run for: it is shown only while that page is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSplitter, QVBoxLayout, QWidget

from backend.documents.page_image import Region
from backend.engines.base import Progress, Reading, SamplingParams
from backend.errors import ProfileError, ProofDeskError
from backend.models import Change
from gui.ocr.ocr_result import ReadResult, has_edits, region_note
from gui.ocr.prompt_editor import PromptEditor
from gui.ocr.reading_compare import ReadingCompare
from gui.ocr.run_settings import RunSettings
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.services.workspace import Workspace
from gui.widgets import dialogs
from gui.widgets.run_status import RunStatus


class OcrPanel(QWidget):
    accepted = Signal(int)  # page whose working text is now the new reading
    insert_text = Signal(str)  # a region's text, to insert at the editor's cursor
    replace_selection = Signal(str)  # a region's text, to replace the editor's selection
    region_mode_wanted = Signal(bool)  # "Read a region…" toggled: draw on the page image

    def __init__(self, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        # Set by the window to save the reviewer's typing before "has edits?" is asked.
        self.flush_edits: Callable[[], Awaitable[bool]] | None = None
        self.page = -1
        self._run_page: int | None = None  # the page being read, while a read runs
        self._stale = False  # set_page came while hidden: the prompt shown is not that page's
        self._task: asyncio.Task[None] | None = None
        self._result: ReadResult | None = None
        self._watched: Workspace | None = None
        self.settings = RunSettings(hub, self)
        self.prompt = PromptEditor(hub, runner, self)
        self.run_button = QPushButton(self.tr("Run OCR on this page"), self)
        self.run_button.setToolTip(self.tr("Read this page again with this server and prompt"))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop reading; nothing is stored (Esc)"))
        self.cancel_button.setEnabled(False)
        self.region_button = QPushButton(self.tr("Read a region…"), self)
        self.region_button.setCheckable(True)
        self.region_button.setToolTip(
            self.tr("Draw a rectangle on the page image to read only that part (Esc stops)")
        )
        self.region_button.toggled.connect(self.region_mode_wanted)
        self.status = RunStatus(self)
        self.compare = ReadingCompare(self)
        self.compare.hide()
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.compare.accept_clicked.connect(lambda: self.runner.run(self._accept()))
        self.compare.keep_clicked.connect(self._keep)
        self.compare.insert_clicked.connect(lambda: self._hand_over(self.insert_text.emit))
        self.compare.replace_clicked.connect(lambda: self._hand_over(self.replace_selection.emit))
        self.settings.changed.connect(self._estimate)
        self.prompt.text_changed.connect(self._estimate)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self._escape)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._layout()

    def _layout(self) -> None:
        top = QWidget(self)
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        row.addWidget(self.region_button)
        # The buttons and the status first: the dock is low (a third of a 1366×768
        # window) and what scrolls is the settings and the prompt, not Run.
        column.addLayout(row)
        column.addWidget(self.status)
        column.addWidget(self.settings)
        column.addWidget(self.prompt, 1)
        # Side by side: the dock is wide and low, and the comparison needs the width.
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(top)
        split.addWidget(self.compare)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self.setTabOrder(self.settings.thinking_off, self.prompt.preset)
        self.setTabOrder(self.prompt.reset, self.run_button)

    # -- what the window calls ----------------------------------------------------------

    def set_page(self, page: int) -> None:
        self.page = page
        if not self.isVisible():
            # Hidden: nothing to show, so no store reads on every page turn. The
            # page's prompt is loaded when the panel is shown or a read starts.
            self._stale = True
            return
        self._show_page()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale and self.page >= 0:
            self._show_page()

    def _show_page(self) -> None:
        self._stale = False
        page = self.page
        self._watch(self.hub.workspace)
        self.prompt.load(page)
        self._estimate()
        if self._run_page is not None:
            other = self._run_page != page
            self.status.prefix = self.tr("Page {0}: ").format(self._run_page + 1) if other else ""
        self._refresh_result()

    def show_region_mode(self, on: bool) -> None:
        """Reflect the page view's region mode (e.g. left with Esc) on the button."""
        self.region_button.blockSignals(True)
        self.region_button.setChecked(on)
        self.region_button.blockSignals(False)

    def run(self) -> None:
        self._start(None)

    def run_region(self, region: tuple[float, float, float, float]) -> None:
        x0, y0, x1, y1 = (min(max(float(v), 0.0), 1.0) for v in region)
        self._start((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))

    def cancel(self) -> None:
        if self._task is not None and not self._task.done() and self.cancel_button.isEnabled():
            self._task.cancel()

    @property
    def busy(self) -> bool:
        return self._run_page is not None

    # -- running ----------------------------------------------------------------------

    def _start(self, region: Region | None) -> None:
        if self.busy:
            return  # one read at a time; Run is disabled meanwhile
        profile = self.settings.profile()
        if self.hub.workspace is None or self.page < 0:
            self.status.show_error(self.tr("Open a document first."))
            return
        if profile is None:
            self.status.show_error(self.tr("Choose a server first (OCR ▸ Servers…)."))
            return
        page = self.page
        self._run_page = page
        self._set_busy(True)
        self.status.start()
        # A prompt still loading (the panel was just shown) is read from the store instead.
        prompt = None if self._stale or self.prompt.page != page else self.prompt.text()
        self._task = self.runner.run(
            self._read(page, region, profile.id, prompt, self.settings.params()),
            name="ocr-panel-read",
        )

    async def _read(
        self,
        page: int,
        region: Region | None,
        profile_id: str,
        prompt: str | None,
        params: SamplingParams,
    ) -> None:
        ws = self.hub.workspace
        stored = False
        if prompt is None:
            prompt = "" if ws is None else (await ws.prompt_for(page))[0]

        def progress(p: Progress) -> None:
            if self._run_page == page:
                self.status.progress(p)

        try:
            reading = await self.hub.read_page(
                page,
                prompt,
                params,
                profile_id=profile_id,
                region=region,
                on_progress=progress,
            )
            self.cancel_button.setEnabled(False)  # paid for: from here on it is kept
            if region is not None:
                reading = replace(reading, notes=(*reading.notes, region_note(region)))
            result = await self._store(ws, page, region, reading)
            stored = True
        except asyncio.CancelledError:
            if not stored:
                self.status.finish(self.tr("Cancelled; nothing was stored."))
            raise
        except ProofDeskError as exc:  # shown here, not as a dialog: the panel says what failed
            self.status.show_error(exc)
            return
        finally:
            self._run_page = None
            self._set_busy(False)
            self.settings.local_model.refresh()  # an in-process model: loaded, on which device
        self._result = result
        if result.error:
            self.status.show_error(result.error)
        elif page == self.page:
            self.status.finish(self.tr("New reading stored in the page's history; compare below."))
        else:
            self.status.finish(
                self.tr(
                    "The new reading of page {0} is in its history; go back to that page to "
                    "compare it."
                ).format(page + 1)
            )
        self._refresh_result()

    async def _store(
        self, ws: Workspace | None, page: int, region: Region | None, reading: Reading
    ) -> ReadResult:
        if ws is None or self.hub.workspace is not ws:  # never into another document
            error = self.tr("The document was closed before the reading arrived; not stored.")
            return ReadResult(page, region, reading, None, error)
        try:
            version_id = await self.hub.store_reading(page, reading, history_only=True)
        except ProofDeskError as exc:
            error = self.tr("Not stored: {0}. Copy the text below to keep it.").format(exc)
            return ReadResult(page, region, reading, None, error)
        return ReadResult(page, region, reading, version_id)

    def _set_busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)

    def _estimate(self) -> None:
        self.settings.show_estimate(self.prompt.text())

    def _escape(self) -> None:
        if self.busy:
            self.cancel()
        elif self.compare.isVisible():
            self._keep()

    # -- the result -------------------------------------------------------------------

    def _watch(self, ws: Workspace | None) -> None:
        """Follow the open document's changes: the compared working text may change."""
        if ws is self._watched:
            return
        if self._watched is not None and shiboken6.isValid(self._watched):  # not yet freed
            self._watched.changed.disconnect(self._on_change)
        self._watched = ws
        if ws is not None:
            ws.changed.connect(self._on_change)

    def _on_change(self, change: Change) -> None:
        r = self._result
        if r is not None and r.region is None and r.page in change.pages and change.text:
            self._refresh_result()

    def _refresh_result(self) -> None:
        self.runner.run(self._show_result(), name="ocr-panel-show")

    async def _show_result(self) -> None:
        r, ws = self._result, self.hub.workspace
        if r is None or r.page != self.page or ws is None:
            self.compare.hide()
            return
        if r.region is not None:
            self.compare.show_region_reading(r.page, r.reading, error=r.error)
            return
        current = (await ws.page_state(r.page)).text
        if self._result is r and self.page == r.page:
            self.compare.show_page_reading(
                r.page, current, r.reading, stored=r.version_id is not None, error=r.error
            )

    def _close_result(self, message: str) -> None:
        self._result = None
        self.compare.hide()
        self.status.finish(message)

    def _keep(self) -> None:
        r = self._result
        if r is None:
            return
        if r.version_id is None:
            self._close_result(self.tr("Closed; that reading was not stored."))
        else:
            self._close_result(self.tr("Kept the working text; the new reading is in history."))

    def _hand_over(self, emit: Callable[[str], object]) -> None:
        r = self._result
        if r is not None and r.region is not None and r.page == self.page:
            emit(r.reading.text)
            self._close_result(self.tr("Region text put into the transcript."))

    async def _accept(self) -> None:
        r, ws = self._result, self.hub.workspace
        if r is None or r.version_id is None or r.region is not None or r.page != self.page:
            return
        if ws is None:
            raise ProfileError(self.tr("Open a document first."))
        self.compare.set_busy(True)
        try:
            if self.flush_edits is not None and not await self.flush_edits():
                self.status.show_error(self.tr("Your typing is not saved yet; try again."))
                return
            if await has_edits(ws, r.page) and not await dialogs.ask_yes_no(
                self,
                self.tr("Replace your edits?"),
                self.tr(
                    "This page has your edits. Replace the working text with the new reading? "
                    "Your edits stay in history."
                ),
            ):
                return
            if self._result is not r:
                return
            await ws.restore(r.version_id)
        finally:
            self.compare.set_busy(False)
        self._close_result(
            self.tr("Page {0}: the new reading is now the working text.").format(r.page + 1)
        )
        self.accepted.emit(r.page)
