"""*Edit ▸ Mark Selection for Publishing…* (Shift+F9): personal data the detectors
missed, marked by selecting it in the transcript.

The selection is the transcript editor's (page shown, start, end in code points); the
page is saved first, so the span is of the working text the mark is stored against.
The kind is chosen in a small dialog (a combo box and a check box: the keyboard
reaches both), with "every occurrence in the document" offered.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from backend.publish.model import PersonalKind
from gui.context import ActionSpec, Host, Navigator
from gui.publish.publish_model import PublishModel
from gui.publish.source import PublishCalls

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner
    from gui.widgets.transcript_editor import TranscriptEditor

MARK_KEYS = ("Shift+F9",)  # beside the dock's F9; docs/SHORTCUTS.md: no desktop takes it


def code_points(text: str, units: int) -> int:
    """The code-point offset in ``text`` of the UTF-16 offset ``units`` (Qt's)."""
    at = 0
    for i, ch in enumerate(text):
        if at >= units:
            return i
        at += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


class MarkDialog(QDialog):
    """The kind of a marked span, and whether every occurrence is meant."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Mark for Publishing"))
        words = PublishModel(self)
        self.kind = QComboBox(self)
        for kind in PersonalKind:
            self.kind.addItem(words.kind_word(kind), kind.value)
        self.every = QCheckBox(self.tr("Every &occurrence in the document"), self)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        shown = QLabel(text, self)
        shown.setTextFormat(Qt.TextFormat.PlainText)  # a selection is not markup
        form.addRow(self.tr("Selection:"), shown)
        label = QLabel(self.tr("&Kind:"), self)
        label.setBuddy(self.kind)
        form.addRow(label, self.kind)
        form.addRow(self.every)
        form.addRow(buttons)

    def chosen(self) -> PersonalKind:
        return PersonalKind(self.kind.currentData())

    async def ask(self) -> bool:
        """Shown without a nested event loop (see ``gui.widgets.dialogs``)."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def finished(result: int) -> None:
            if not future.done():
                future.set_result(result)

        self.finished.connect(finished)
        self.open()
        return await future == QDialog.DialogCode.Accepted


class MarkAction(QObject):
    def __init__(
        self,
        host: Host,
        navigator: Navigator,
        runner: TaskRunner,
        editor: TranscriptEditor,
        calls: Callable[[], PublishCalls | None],
        marked: Callable[[], None],
    ) -> None:
        """``marked``: told after a mark is stored (the dock reads its list again)."""
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.editor = host, navigator, runner, editor
        self._calls, self._marked = calls, marked
        self.dialog: MarkDialog | None = None  # the one open (tests answer it)

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "edit",
                "publish_mark",
                self.tr("&Mark Selection for Publishing…"),
                self.start,
                MARK_KEYS,
                "publish",
            )
        ]

    def selection(self) -> tuple[int, int, int] | None:
        """(page, start, end) of the transcript's selection; None with none."""
        cursor = self.editor.editor.textCursor()
        if self.nav.current < 0 or not cursor.hasSelection():
            return None
        text = self.editor.text()
        start = code_points(text, cursor.selectionStart())
        end = code_points(text, cursor.selectionEnd())
        return self.nav.current, start, end

    def start(self) -> None:
        self.runner.run(self.mark(), name="publish-mark")

    async def mark(self) -> bool:
        calls, where = self._calls(), self.selection()
        if calls is None or where is None or not self.editor.text()[where[1] : where[2]].strip():
            self.host.show_message(
                self.tr("Select the personal data in the transcript first, then mark it."), 5000
            )
            return False
        page, start, end = where
        if not await self.nav.flush_edits():  # the mark is of the text as saved
            return False
        self.dialog = MarkDialog(self.editor.text()[start:end], self.host.dialog_parent())
        try:
            if not await self.dialog.ask():
                return False
            kind, every = self.dialog.chosen(), self.dialog.every.isChecked()
        finally:
            self.dialog.deleteLater()
            self.dialog = None
        try:
            await calls.mark(page, start, end, kind, every)
        except ValueError:  # the saved text holds no such span (nothing to mask)
            self.host.show_message(self.tr("Nothing to mark there."), 5000)
            return False
        self.host.show_message(self.tr("Marked for publishing: it will be masked."), 5000)
        self._marked()
        return True
