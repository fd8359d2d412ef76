"""The OCR menu's offline batch entries: prepare a ``vllm run-batch`` folder, import its results.

The same backend as ``proofdesk batch-prepare`` / ``batch-import``
(``backend.ocr.batch_files``). The model and context come from the active
server profile when there is one (the nodes usually run the same model), the
folder and the number of nodes from the user. Each page's prompt is read on
the store's thread first; rendering runs in worker processes; the import runs
on the store's thread and its change record redraws the pages it touched.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QInputDialog

from backend.engines.base import SamplingParams
from backend.errors import ProofDeskError
from backend.ocr.batch_files.importing import ImportReport, import_results
from backend.ocr.batch_files.prepare import (
    DEFAULT_MAX_MODEL_LEN,
    DEFAULT_MODEL,
    MAX_SHARDS,
    Document,
    Prepared,
    PrepareOptions,
    prepare_batch,
)
from gui.context import ActionSpec, Host, Navigator
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner

SHOWN_PROBLEMS = 10  # lines of failed pages in the summary; the CLI lists them all


class OfflineBatch(QObject):
    def __init__(self, host: Host, runner: TaskRunner, nav: Navigator, hub: OcrHub) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.runner, self.nav, self.hub = host, runner, nav, hub

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "ocr",
                "ocr_offline_prepare",
                self.tr("Prepare &Offline Batch (vllm run-batch)…"),
                self._ask_prepare,
                group="offline",
            ),
            ActionSpec(
                "ocr",
                "ocr_offline_import",
                self.tr("&Import Offline Batch Results…"),
                self._ask_import,
                group="offline",
            ),
        ]

    # -- what the menu entries ask ------------------------------------------------------

    def _ask_prepare(self) -> None:
        if self.nav.workspace is None:
            self.host.show_message(self.tr("Open a document first."))
            return
        parent = self.host.dialog_parent()
        folder = QFileDialog.getExistingDirectory(parent, self.tr("An empty folder for the batch"))
        if not folder:
            return
        shards, ok = QInputDialog.getInt(
            parent,
            self.tr("Offline batch"),
            self.tr("Split the requests for how many GPU nodes?"),
            1,
            1,
            MAX_SHARDS,
        )
        if ok:
            self.runner.run(self._report_prepare(Path(folder), shards), name="offline-batch")

    def _ask_import(self) -> None:
        if self.nav.workspace is None:
            self.host.show_message(self.tr("Open a document first."))
            return
        files, _filter = QFileDialog.getOpenFileNames(
            self.host.dialog_parent(),
            self.tr("Results of vllm run-batch"),
            "",
            self.tr("Batch results (*.jsonl)"),
        )
        if files:
            self.runner.run(self._report_import([Path(f) for f in files]), name="offline-batch")

    # -- the work -------------------------------------------------------------------------

    async def prepare(self, folder: Path, shards: int = 1) -> Prepared:
        """Write the batch folder for the open document (raises ``ProofDeskError``)."""
        workspace = self.nav.workspace
        assert workspace is not None
        session = workspace.session
        count = workspace.page_count
        prompts = await workspace.run_in_store(
            lambda: [session.prompt_for(p) for p in range(count)]
        )
        profile = self.hub.active
        info = session.pdf.info
        options = PrepareOptions(
            model=(profile.model if profile and profile.model else DEFAULT_MODEL),
            max_model_len=(
                profile.max_model_len
                if profile and profile.max_model_len
                else DEFAULT_MAX_MODEL_LEN
            ),
            max_pixels=profile.max_pixels if profile else PrepareOptions().max_pixels,
            params=SamplingParams(),
            shards=shards,
        )
        doc = Document(workspace.path, workspace.password, info.sha256, count, workspace.path.name)
        return await prepare_batch(doc, folder, options, prompts.__getitem__)

    async def import_files(self, files: list[Path]) -> ImportReport:
        workspace = self.nav.workspace
        assert workspace is not None
        session = workspace.session
        info = session.pdf.info
        report = await workspace.run_in_store(
            lambda: import_results(
                session.store,
                sha256=info.sha256,
                page_count=workspace.page_count,
                name=workspace.path.name,
                files=files,
            )
        )
        workspace.changed.emit(report.change)  # history, statuses, messages
        if self.nav.current in report.change.pages:  # the text on screen, if it changed
            await self.nav.reload_page(self.nav.current)
        return report

    async def _report_prepare(self, folder: Path, shards: int) -> None:
        self.host.show_message(self.tr("Preparing the offline batch…"), 0)
        try:
            done = await self.prepare(folder, shards)
        except ProofDeskError as exc:
            self.host.show_error(str(exc))
            return
        summary = self.tr(
            "Prepared {0} page(s) in {1}: its README.md has the vllm run-batch commands."
        ).format(done.pages, str(done.folder))
        left_out = [  # pages that could not be drawn: the user must read them another way
            self.tr("Page {0}: left out — {1}").format(page + 1, why)
            for page, why in done.skipped[:SHOWN_PROBLEMS]
        ]
        if left_out:
            self.host.show_error("\n".join([summary, "", *left_out]))
        else:
            self.host.show_message(summary, 15000)

    async def _report_import(self, files: list[Path]) -> None:
        try:
            report = await self.import_files(files)
        except ProofDeskError as exc:
            self.host.show_error(str(exc))
            return
        problems = report.model_warnings[:SHOWN_PROBLEMS]  # another checkpoint answered?
        problems += [
            self.tr("Page {0}: {1}").format("?" if p.page is None else p.page + 1, p.reason)
            for p in report.failed[: max(0, SHOWN_PROBLEMS - len(problems))]
        ]
        problems += [  # stored, but the end of the page may be missing: the reason says why
            self.tr("Page {0}: {1} ({2})").format(
                "?" if p.page is None else p.page + 1, p.reason, p.where
            )
            for p in report.cut_off[: max(0, SHOWN_PROBLEMS - len(problems))]
        ]
        if problems:
            self.host.show_error("\n".join([report.message, "", *problems]))
        else:
            self.host.show_message(report.message, 15000)
