"""File ▸ Export…: choose a format and options, see the file's beginning, export off the UI thread.

The store is read on its own thread (``run_in_store``), a few pages per call
so the reviewer's saves never wait long behind it; the file is written
by ``backend.export.write_export`` on a worker thread, which reports progress
back to the loop and stops at the next page when Cancel sets its event.
Anything that goes wrong is said in the dialog, and nothing is written.
Closing the dialog (Close, Esc, the document closing) stops a running export.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from backend.export import (
    AidsProvider,
    ExportCancelledError,
    ExportDocument,
    ExportError,
    ExportFormat,
    ExportOptions,
    ExportResult,
    FormatOption,
    Monitor,
    export_format,
    parse_pages,
    preview,
    write_export,
)
from backend.export.open_critical import OpenPage, approved_open_items, open_items_notice
from backend.export.safe_write import default_output_name
from backend.i18n import _, list_join
from backend.safe_text import placeholders
from gui.export.export_collect import collect_in_chunks
from gui.export.export_memory import ExportMemory
from gui.export.export_path import (
    choose_target,
    default_folder,
    follow_format,
    replace_question,
)
from gui.widgets import dialogs
from gui.widgets.form_rows import add_row
from gui.widgets.theme import ERROR, color_css

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession
    from gui.services.tasks import TaskRunner

T = TypeVar("T")
RunInStore = Callable[[Callable[[], T]], Awaitable[T]]
log = logging.getLogger(__name__)


class ExportDialog(QDialog):
    def __init__(
        self,
        session: DocumentSession,
        run_in_store: RunInStore[Any],
        *,
        aids: AidsProvider | None = None,
        runner: TaskRunner | None = None,
        password: str | None = None,
        parent: QWidget | None = None,
        memory: ExportMemory | None = None,  # the format and folder chosen last time
    ) -> None:
        super().__init__(parent)
        self.memory, self.markers = memory, ExportOptions().markers  # ExportAction: the reviewer's
        self.setWindowTitle(self.tr("Export"))
        self.password = password  # the source PDF's: the searchable PDF reopens it
        self.session = session
        self.run_in_store = run_in_store
        self.aids = aids
        self.runner = runner
        self.closed = False  # done(): nothing may touch the widgets from then on
        self.info = session.pdf.info  # a plain value: safe to read on this thread
        self.monitor: Monitor | None = None
        self.last_result: ExportResult | None = None
        self._preview_task: asyncio.Task[Any] | None = None
        self._preview_said = False  # the notice is the preview's (a bad page range…)
        self._preview_monitor = Monitor()
        self._export_task: asyncio.Task[Any] | None = None
        self._path_edited = False
        self._build()
        if memory is not None and (index := self.format.findData(memory.format)) >= 0:
            self.format.setCurrentIndex(index)
        self._named_for = self.chosen_format  # the format the name's ending is for
        self._connect()
        self._set_default_path()

    # -- building ---------------------------------------------------------------------

    def _build(self) -> None:
        self.format = QComboBox(self)
        for fmt in ExportFormat:  # the registry's formats, labelled by the backend's catalogue
            self.format.addItem(_(fmt.spec.label), fmt.value)
        self.pages = QLineEdit(self)
        self.pages.setPlaceholderText(self.tr("all pages (or e.g. 1-20, 25)"))
        self.approved_only = QCheckBox(self.tr("Only &approved pages"), self)
        self.strip_markers = QCheckBox(self.tr("&Remove markers such as 【模糊】"), self)
        self.separator = QComboBox(self)
        self.separator.addItem(self.tr("Form feed"), "\f")
        self.separator.addItem(self.tr("A line “--- page N ---”"), "--- page {page} ---")
        self.path = QLineEdit(self)
        self.browse = QPushButton(self.tr("&Browse…"), self)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(self.browse)
        form = QFormLayout()
        form.addRow(self.tr("&Format:"), self.format)
        form.addRow(self.tr("&Pages:"), self.pages)
        form.addRow("", self.approved_only)
        form.addRow("", self.strip_markers)
        form.addRow(self.tr("Page &separator:"), self.separator)
        add_row(form, self.tr("&Save as:"), path_row, self.path)
        self.preview = QTextEdit(self)
        self.preview.setReadOnly(True)
        self.preview.setAccessibleName(self.tr("Preview of the file's beginning"))
        self.notice = QLabel(self)
        self.notice.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setValue(0)
        self.export_button = QPushButton(self.tr("&Export"), self)
        self.export_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Close"), self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Preview (the file's beginning):"), self))
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.notice)
        layout.addLayout(buttons)
        self.resize(640, 560)

    def _connect(self) -> None:
        self.format.currentIndexChanged.connect(self._format_changed)
        for box in (self.approved_only, self.strip_markers):
            box.toggled.connect(self.refresh_preview)
        self.separator.currentIndexChanged.connect(self.refresh_preview)
        self.pages.editingFinished.connect(self.refresh_preview)
        self.path.textEdited.connect(self._mark_path_edited)
        self.browse.clicked.connect(self._choose_path)
        self.export_button.clicked.connect(self.start_export)
        self.cancel_button.clicked.connect(self._cancel_or_close)

    # -- options ------------------------------------------------------------------------

    @property
    def chosen_format(self) -> ExportFormat:
        return export_format(self.format.currentData())

    def options(self) -> ExportOptions:
        """The options as set; raises ``ExportError`` for a bad page range."""
        return ExportOptions(
            pages=parse_pages(self.pages.text(), self.session.page_count),
            approved_only=self.approved_only.isChecked(),
            strip_markers=self.strip_markers.isChecked(),
            markers=self.markers,
            separator=str(self.separator.currentData()),
        )

    def _uses_separator(self) -> bool:
        return FormatOption.SEPARATOR in self.chosen_format.spec.options

    def _format_changed(self) -> None:
        self.separator.setEnabled(self._uses_separator())
        if self._path_edited:
            self.path.setText(
                follow_format(self.path.text(), self._named_for.spec, self.chosen_format.spec)
            )
        else:
            self._set_default_path()
        self._named_for = self.chosen_format
        self.refresh_preview()

    def _set_default_path(self) -> None:
        source = Path(self.info.path)
        name = default_output_name(self.info.title, source, self.chosen_format.suffix)
        remembered = self.memory.folder if self.memory is not None else None
        self.path.setText(str(default_folder(source, remembered) / name))

    def _mark_path_edited(self) -> None:
        self._path_edited = True

    def _choose_path(self) -> None:
        path = choose_target(self, self.chosen_format.spec, self.path.text())
        if path:
            self.path.setText(path)
            self._path_edited = True

    # -- preview ------------------------------------------------------------------------

    def refresh_preview(self) -> None:
        """Latest wins: a newer choice cancels the preview still being made."""
        if self.closed:
            return
        self._preview_monitor.cancel.set()  # its writer stops at its next page
        if self._preview_task is not None and not self._preview_task.done():
            self._preview_task.cancel()
        self._preview_task = self._start(self.update_preview(), name="export-preview")

    def _start(self, coro: Coroutine[Any, Any, Any], *, name: str) -> asyncio.Task[Any]:
        """Through the window's task runner (its failures are shown), else on our own."""
        if self.runner is not None:
            return self.runner.run(coro, name=name)
        task = asyncio.ensure_future(coro)
        task.add_done_callback(_log_failure)
        return task

    async def update_preview(self) -> None:
        """The beginning of the file the export would write, written by the same writer
        (into memory, on a worker thread): never a page taken apart from its file."""
        try:
            options = self.options()
        except ExportError as exc:
            self._say(str(exc), error=True, preview=True)
            return
        fmt = self.chosen_format
        monitor = self._preview_monitor = Monitor()  # refresh_preview and done() cancel it
        try:
            document = await self._collect_in_chunks(options, fmt)
            text = await asyncio.get_running_loop().run_in_executor(
                None, lambda: preview(document, fmt, monitor=monitor, password=self.password)
            )
        except ExportCancelledError:  # a newer preview, or the dialog closed
            return
        except Exception as exc:  # said here: a preview is not worth a message box
            log.error("export preview failed", exc_info=exc)
            self._say(self.tr("The preview failed: {0}").format(exc), error=True, preview=True)
            return
        if self.closed:
            return
        if text and fmt.spec.html_preview:
            self.preview.setHtml(text)  # the report as it reads, not its HTML source
        else:
            self.preview.setPlainText(text or self.tr("(no page to export with these options)"))
        if self._preview_said:  # its own problem is over; an export's message stays
            self._say("")

    async def _collect_in_chunks(self, options: ExportOptions, fmt: ExportFormat) -> ExportDocument:
        aids = self.aids if fmt.spec.needs_aids else None  # a diff per page: only if carried
        return await collect_in_chunks(
            self.session, self.run_in_store, options, aids, fmt.spec.needs_statistics
        )

    # -- exporting -----------------------------------------------------------------------

    def start_export(self) -> None:
        if not self.closed:
            self._export_task = self._start(self.export(), name="export")

    async def export(self) -> ExportResult | None:
        """Write the export; say in the dialog what happened. None when nothing was written."""
        target = Path(self.path.text().strip()).expanduser()
        if not self.path.text().strip():
            self._say(self.tr("Choose where to save the export."), error=True)
            return None
        overwrite = False
        question = replace_question(target, self.chosen_format.spec)
        if question is not None:
            overwrite = await dialogs.ask_yes_no(self, *question)
            if not overwrite:
                return None
        self._running(True)
        try:
            options = self.options()
            document = await self._collect_in_chunks(options, self.chosen_format)
            open_critical = await self._open_critical(document)
            result = await self._write(document, target, overwrite)
        except ExportCancelledError:
            self._say(self.tr("The export was cancelled; nothing was written."), error=True)
            return None
        except ExportError as exc:
            self._say(str(exc), error=True)
            return None
        except Exception as exc:  # a bug or a library failure: still said, still nothing written
            log.error("export failed", exc_info=exc)
            self._say(self.tr("The export failed: {0}").format(exc), error=True)
            return None
        finally:
            self._running(False)
        self.last_result = result
        if self.memory is not None:
            self.memory.remember(self.chosen_format.value, target)
        self._say(self._done_message(result, open_critical))
        return result

    async def _write(self, document: Any, target: Path, overwrite: bool) -> ExportResult:
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:  # on the worker thread
            loop.call_soon_threadsafe(self._show_progress, done, total)

        self.monitor = Monitor(on_progress=progress)
        fmt, monitor = self.chosen_format, self.monitor
        return await loop.run_in_executor(
            None,
            lambda: write_export(
                document, fmt, target, overwrite=overwrite, monitor=monitor, password=self.password
            ),
        )

    def _show_progress(self, done: int, total: int) -> None:
        if self.closed:
            return
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    async def _open_critical(self, document: ExportDocument) -> tuple[OpenPage, ...]:
        """Approved pages with critical items or whole-page problems open, as
        ``proofdesk export`` names them."""
        carried = self.aids is not None and self.chosen_format.spec.needs_aids
        session = None if carried else self.session
        return tuple(await self.run_in_store(lambda: approved_open_items(document, session)))

    def _done_message(self, result: ExportResult, open_critical: tuple[OpenPage, ...] = ()) -> str:
        text = self.tr("Exported {0} page(s) to {1}.").format(result.pages, result.path)
        if open_critical:
            text += " " + open_items_notice(open_critical)
        if result.unapproved:
            pages = list_join(p + 1 for p in result.unapproved)
            text += " " + self.tr(
                "Warning: page(s) {0} are not approved; the export is marked as such."
            ).format(pages)
        if result.skipped:
            pages = list_join(p + 1 for p in result.skipped)
            text += " " + self.tr("Left out (not approved): {0}.").format(pages)
        return " ".join(filter(None, (text, result.replaced_notice)))  # none refused: said

    def _running(self, running: bool) -> None:
        if self.closed:
            return
        controls: tuple[QWidget, ...] = (self.format, self.pages, self.approved_only)
        controls += (self.strip_markers, self.path, self.browse, self.export_button)
        for widget in controls:
            widget.setEnabled(not running)
        self.separator.setEnabled(not running and self._uses_separator())
        self.cancel_button.setText(self.tr("Cancel") if running else self.tr("Close"))
        if running:
            self.progress.setValue(0)
            self._say(self.tr("Exporting…"))

    def _cancel_or_close(self) -> None:
        if self.monitor is not None and not self.export_button.isEnabled():
            self.monitor.cancel.set()
        else:
            self.close()

    def _say(self, text: str, *, error: bool = False, preview: bool = False) -> None:
        if self.closed:
            return
        self._preview_said = preview
        self.notice.setText(placeholders(text))  # quotes file names: escapes shown
        self.notice.setStyleSheet(color_css(ERROR) if error else "")

    def done(self, result: int) -> None:
        """Closed by any means (Close, Esc, the title bar, the document closing):
        a running export stops and nothing half-written stays."""
        self.closed = True
        self._preview_monitor.cancel.set()
        if self.monitor is not None:
            self.monitor.cancel.set()  # the writer's thread stops at its next page
        for task in (self._preview_task, self._export_task):
            if task is not None and not task.done():
                task.cancel()
        super().done(result)

    def document_changed(self, page_count: int) -> None:
        if page_count == 0:  # its document is closing: nothing more is read from it
            self.close()


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("export dialog task failed", exc_info=exc)
