"""The Publish feature as the window gets it: the dock (F9), *Edit ▸ Mark Selection
for Publishing…* (Shift+F9) and *File ▸ Publish…*, whose "Mark them" (findings with no
place on the scan) selects the first of them in the dock, for R."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from backend.models import Change
from gui.context import ActionSpec, Host, Navigator
from gui.publish.mark_action import MarkAction
from gui.publish.publish_dialog import PublishDialog
from gui.publish.publish_dock import PublishDock
from gui.publish.source import PublishCalls

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner
    from gui.widgets.page_view import PageView
    from gui.widgets.transcript_editor import TranscriptEditor


class PublishFeature(QObject):
    def __init__(
        self,
        host: Host,
        navigator: Navigator,
        runner: TaskRunner,
        editor: TranscriptEditor,
        page_view: PageView,
        calls: Callable[[], PublishCalls | None],
    ) -> None:
        """``page_view``: the window's page image, where R draws a finding's region."""
        super().__init__(host.dialog_parent())
        self.host, self._calls = host, calls
        self.dock = PublishDock(host, navigator, runner, calls, page_view)
        self.mark = MarkAction(host, navigator, runner, editor, calls, self._marked)
        self.dialog: PublishDialog | None = None

    def actions(self) -> list[ActionSpec]:
        publish = ActionSpec(
            "file", "publish", self.tr("P&ublish…"), self.show_dialog, (), "publish"
        )
        return [publish, *self.dock.actions(), *self.mark.actions()]

    def _marked(self) -> None:
        self.dock.stale = True
        self.dock.refresh()

    def document_opened(self) -> None:
        self.dock.document_opened()

    def document_closed(self) -> None:
        self.dock.document_closed()
        if self.dialog is not None:
            self.dialog.close()

    def changed(self, change: Change) -> None:
        self.dock.changed(change)

    def show_dialog(self) -> PublishDialog | None:
        if self._calls() is None:
            self.host.show_message(self.tr("Open a document to publish it."), 5000)
            return None
        if self.dialog is None:
            self.dialog = PublishDialog(self._calls, self.host.dialog_parent())
            self.dialog.finished.connect(self._forget)
            self.dialog.mark_wanted.connect(self.dock.select_unplaced)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def _forget(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None
