"""OCR ▸ Transcribe with the Offline Engine: a working transcript without any server.

The offline engine (RapidOCR unless another was chosen in the Compare dock) reads
this page or every page in its worker process; each reading is stored as an
``ocr`` version and becomes the working text, except on a page a person edited,
approved or marked reviewed, where their text stays and the reading goes into its
history (the store's rule, and ``store_alt_text``'s).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from backend.engines.offline.registry import ENGINES, engine_spec
from backend.i18n import _
from gui.context import ActionSpec, Host, Navigator
from gui.services.aids_hub import AidsHub
from gui.services.tasks import TaskRunner
from gui.widgets import dialogs

# Seconds a page, before the engine has read one here: RapidOCR on a 150-dpi A4 scan
# took 19-46 s a page on 2 cores with a load of 14 (2026-12), a few seconds on an idle
# laptop; 10 s gives the order of magnitude. After a run, its measured time is used.
ASSUMED_SECONDS_PER_PAGE = 10.0

# The engines that read a scan (not the text layer: a scan has none), best first.
TRANSCRIBERS = tuple(spec.name for spec in ENGINES if spec.reads_scans)


class OfflineTranscript(QObject):
    def __init__(self, host: Host, nav: Navigator, hub: AidsHub, runner: TaskRunner) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.hub, self.runner = host, nav, hub, runner
        self._ours = False  # the hub's run now is one of ours: say how it ended
        self.clock: Callable[[], float] = time.monotonic  # a test sets its own
        self._started: float | None = None
        self._read = 0  # pages read in the run under way
        self.seconds_per_page: float | None = None  # measured on the last run, if any
        hub.run_progress.connect(self._progress)
        hub.run_finished.connect(self._finished)

    @property
    def engine(self) -> str:
        # The text layer holds no text on a scan: for a transcript, an OCR engine.
        chosen = self.hub.gui_settings.alt_engine
        return chosen if chosen in TRANSCRIBERS else TRANSCRIBERS[0]

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "ocr",
                "offline_page",
                self.tr("&Transcribe This Page with the Offline Engine"),
                lambda: self.runner.run(self.transcribe(all_pages=False), name="offline"),
                group="offline_engine",
            ),
            ActionSpec(
                "ocr",
                "offline_all",
                self.tr("Transcribe &All Pages with the Offline Engine"),
                lambda: self.runner.run(self.transcribe(all_pages=True), name="offline"),
                group="offline_engine",
            ),
            # All pages take minutes: the run can be stopped here, not only from the
            # Compare dock (which may be closed); what was read stays stored.
            ActionSpec(
                "ocr",
                "offline_stop",
                self.tr("Sto&p the Offline Engine"),
                self.hub.cancel_run,
                group="offline_engine",
                created=self._stop_created,
            ),
        ]

    def _stop_created(self, action: QAction) -> None:
        action.setEnabled(self.hub.running)
        self.hub.run_started.connect(lambda *_a: action.setEnabled(True))
        self.hub.run_finished.connect(lambda *_a: action.setEnabled(False))

    async def transcribe(self, *, all_pages: bool, only_empty: bool = False) -> bool:
        """Start the run; False if nothing was started (said why)."""
        ws = self.nav.workspace
        if ws is None:
            self.host.show_message(self.tr("Open a document first."))
            return False
        if self.hub.running:
            self.host.show_message(self.tr("An offline engine is already reading pages."))
            return False
        if problem := await self.hub.engine_problem(self.engine):
            self.host.show_error(problem)
            return False
        pages = list(range(ws.page_count)) if all_pages else [max(self.nav.current, 0)]
        texts = await ws.run_in_store(lambda: [ws.session.store.working_text(p) for p in pages])
        if only_empty:
            pages = [p for p, text in zip(pages, texts, strict=True) if not text.strip()]
            if not pages or not await self._agree_to_read(len(pages)):
                return False
        elif any(text.strip() for text in texts) and not await self.host.confirm(
            self.tr(
                "{0} of these pages already have a transcript. The offline reading becomes "
                "their working text; the earlier text stays in History, and pages you edited, "
                "approved or marked reviewed keep their text. Go on?"
            ).format(sum(bool(t.strip()) for t in texts))
        ):
            return False
        self._ours, self._started, self._read = True, self.clock(), 0
        self.host.show_message(
            self.tr("{0} is reading {1} page(s)…").format(
                _(engine_spec(self.engine).label), len(pages)
            )
        )
        self.hub.run_alternate(self.engine, pages, as_transcript=True)
        return True

    async def _agree_to_read(self, pages: int) -> bool:
        """Issue 28: "Use the offline engine" started reading every page at once. Say
        how many and roughly how long, and ask; Enter says yes (the run can be stopped)."""
        measured = self.seconds_per_page
        per_page = ASSUMED_SECONDS_PER_PAGE if measured is None else measured
        minutes = max(1, math.ceil(pages * per_page / 60))
        basis = (
            self.tr("about {0:.0f} s a page, as measured on the last run").format(per_page)
            if measured is not None
            else self.tr("about {0:.0f} s a page on a typical computer").format(per_page)
        )
        question = self.tr(
            "{0} will read {1} page(s) that have no transcript yet. That takes roughly "
            "{2} minute(s) ({3}). You can stop it at any time (OCR ▸ Stop the Offline "
            "Engine). Start now?"
        ).format(_(engine_spec(self.engine).label), pages, minutes, basis)
        parent = self.host.dialog_parent()
        return await dialogs.ask_yes_no(
            parent, self.tr("Offline engine"), question, default_yes=True
        )

    def _progress(self, done: int, total: int) -> None:
        if self._ours:
            self._read = done
            progress = self.tr("Offline engine: {0} of {1} page(s)").format(done, total)
            self.host.show_message(progress)

    def _finished(self, summary: str, error: bool) -> None:
        if not self._ours:
            return
        self._ours = False
        if self._started is not None and self._read > 0:
            self.seconds_per_page = (self.clock() - self._started) / self._read
        self._started = None
        if error:
            self.host.show_error(summary)
        else:
            self.host.show_message(summary, 10_000)
        self.runner.run(self.nav.reload_page(self.nav.current), name="reload")
