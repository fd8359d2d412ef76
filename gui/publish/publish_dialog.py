"""*File ▸ Publish…*: the document de-identified by the Publish review, written as
txt, md, docx, jsonl or a redacted PDF.

The same rules as ``proofdesk publish``: it refuses while findings are unreviewed,
unless the reviewer ticks "mask unreviewed findings and publish" (they are then masked,
as accepted ones are); a redacted PDF with findings that have no place on the scan
(no alternate reading's line box covers them) is written only once the reviewer says
so, those masked in the text layer alone; "Mark Them" instead closes this and shows the
first of them in the Publish dock (``mark_wanted``), where R marks it on the scan. The
file is written on a worker thread with progress; the dialog says where, and which mask
rules.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QWidget,
)

from backend.export.errors import ExportCancelledError, ExportError
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.export.publish_formats import (
    PUBLISH_FORMATS,
    PublishResult,
    published_name,
    unplaced_places,
    write_published,
)
from backend.publish.model import PersonalKind
from gui.publish.publish_model import PublishModel
from gui.publish.source import PublishCalls
from gui.widgets import dialogs

log = logging.getLogger(__name__)


class PublishDialog(QDialog):
    # (0-based page, kind, start, end in the exported text): a finding to mark on the scan
    mark_wanted = Signal(int, str, int, int)

    def __init__(
        self, calls: Callable[[], PublishCalls | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._calls = calls
        self.monitor: Monitor | None = None
        self.last_result: PublishResult | None = None
        self.setWindowTitle(self.tr("Publish"))
        self.format = QComboBox(self)
        names = {
            "txt": self.tr("Plain text (.txt)"),
            "md": self.tr("Markdown (.md)"),
            "docx": self.tr("Word document (.docx)"),
            "jsonl": self.tr("JSON Lines (.jsonl)"),
            "pdf": self.tr("Redacted searchable PDF (.pdf)"),
        }
        for fmt in PUBLISH_FORMATS:
            self.format.addItem(names.get(fmt, fmt), fmt)
        self.path = QLineEdit(self)
        # Empty: beside the PDF, under the name the backend gives (its own file name
        # masked as the text is: a PDF is often named after a party).
        self.path.setPlaceholderText(self.tr("Beside the PDF, its name de-identified"))
        browse = QPushButton(self.tr("&Browse…"), self)
        browse.clicked.connect(self._choose_path)
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(browse)
        self.unreviewed = QCheckBox(self.tr("&Mask unreviewed findings and publish"), self)
        self.unreviewed.setToolTip(
            self.tr("Findings nobody has reviewed yet are masked, as accepted ones are.")
        )
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setValue(0)
        self.publish_button = QPushButton(self.tr("&Publish"), self)
        self.publish_button.setDefault(True)
        self.publish_button.clicked.connect(self.start)
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.publish_button)
        buttons.addWidget(close)
        form = QFormLayout(self)
        form.addRow(self.tr("&Format:"), self.format)
        form.addRow(self.tr("&Save as:"), where)
        form.addRow(self.unreviewed)
        form.addRow(self.message)
        form.addRow(buttons)
        self._task: asyncio.Task[PublishResult | None] | None = None

    def chosen_format(self) -> str:
        return str(self.format.currentData())

    def _choose_path(self) -> None:
        suffix = PUBLISH_FORMATS[self.chosen_format()].suffix
        name, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Publish as"), self.path.text(), f"*{suffix}"
        )
        if name:
            self.path.setText(name)

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self.publish())

    def _say(self, text: str) -> None:
        self.message.setText(text)

    async def publish(self) -> PublishResult | None:
        """Write the published file; say what happened. None when nothing was written."""
        calls = self._calls()
        if calls is None:
            self._say(self.tr("Open a document to publish it."))
            return None
        fmt = self.chosen_format()
        state = await calls.read()
        if state.unreviewed and not self.unreviewed.isChecked():
            self._say(
                self.tr(
                    "Not published: {0} finding(s) are unreviewed. Review them in the Publish "
                    "dock (F9), or tick “Mask unreviewed findings and publish”."
                ).format(len(state.unreviewed))
            )
            return None
        self.publish_button.setEnabled(False)
        try:
            document = await calls.deidentified(state)
            if fmt == "pdf" and not await self._go_on_unplaced(unplaced_places(document)):
                self._say(self.tr("Not published: mark those findings, then publish again."))
                return None
            target = self._target(document, fmt, calls)
            overwrite = False
            if target.exists() and not target.is_dir():
                overwrite = await dialogs.ask_yes_no(
                    self,
                    self.tr("Replace file?"),
                    self.tr("“{0}” already exists. Replace it?").format(target.name),
                )
                if not overwrite:
                    return None
            result = await self._write(document, fmt, target, overwrite, calls.password)
        except ExportCancelledError:
            self._say(self.tr("Publishing was cancelled; nothing was written."))
            return None
        except ExportError as exc:
            self._say(str(exc))
            return None
        except Exception as exc:  # a bug or a library failure: still said, nothing written
            log.error("publish failed", exc_info=exc)
            self._say(self.tr("Publishing failed: {0}").format(exc))
            return None
        finally:
            self.publish_button.setEnabled(True)
        self.last_result = result
        self._say(
            self.tr("Published to {0} ({1} page(s)); masks: {2}.").format(
                result.path, result.pages, result.masks
            )
        )
        return result

    def _target(self, document: ExportDocument, fmt: str, calls: PublishCalls) -> Path:
        if self.path.text().strip():
            return Path(self.path.text().strip()).expanduser()
        folder = calls.source.parent if calls.source is not None else Path.cwd()
        return folder / published_name(document, fmt)

    async def _go_on_unplaced(self, places: tuple[tuple[int, str, int, int], ...]) -> bool:
        """True: publish, those masked in the text layer only. "Mark Them" answers
        False too, and closes this once the dock is asked for the first of them."""
        if not places:
            return True
        words = PublishModel(self)
        listed = "\n".join(
            self.tr("page {0}: {1}").format(page + 1, words.kind_word(PersonalKind(kind)))
            for page, kind, _start, _end in places[:20]
        )
        more = len(places) - 20
        if more > 0:
            listed += "\n" + self.tr("… and {0} more").format(more)
        answer = await dialogs.ask_yes_no_or(
            self,
            self.tr("Findings with no place on the scan"),
            self.tr(
                "{0} finding(s) have no place on the scan (no alternate reading's line box "
                "covers them), so their pixels cannot be removed:\n{1}\n\nPublish anyway, "
                "with them masked in the text layer only? (No: not now. Mark Them: the "
                "first is shown in the Publish dock, where R marks it on the scan.)"
            ).format(len(places), listed),
            self.tr("&Mark Them"),
        )
        if answer is None:
            self.mark_wanted.emit(*places[0])
            self.reject()  # out of the way of the dock and the page view
            return False
        return answer

    async def _write(
        self,
        document: ExportDocument,
        fmt: str,
        target: Path,
        overwrite: bool,
        password: str | None,
    ) -> PublishResult:
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:  # on the worker thread
            loop.call_soon_threadsafe(self._show_progress, done, total)

        self.monitor = monitor = Monitor(on_progress=progress)
        return await loop.run_in_executor(
            None,
            lambda: write_published(
                document,
                fmt,
                target,
                overwrite=overwrite,
                monitor=monitor,
                password=password,
            ),
        )

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def done(self, result: int) -> None:
        if self.monitor is not None:
            self.monitor.cancel.set()  # the writer's thread stops at its next page
        super().done(result)
