"""File ▸ Export…: the export dialog on the open document, from the menu or Ctrl+E."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gui.context import ActionSpec, Host, Navigator

if TYPE_CHECKING:
    from gui.services.aids_hub import AidsHub
    from gui.services.tasks import TaskRunner


class ExportAction(QObject):
    def __init__(self, host: Host, nav: Navigator, runner: TaskRunner, aids: AidsHub) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.aids = host, nav, runner, aids

    def actions(self) -> list[ActionSpec]:
        return [ActionSpec("file", "export", self.tr("&Export…"), self.show, ("Ctrl+E",), "export")]

    def show(self) -> None:
        # Only when asked: they import the exporters.
        from backend.export import review_aids_provider
        from gui.export.export_dialog import ExportDialog
        from gui.export.export_memory import ExportMemory

        ws = self.nav.workspace
        if ws is None:
            self.host.show_message(self.tr("Open a document to export it."), 5000)
            return
        info = ws.session.pdf.info  # the folder is remembered per document
        # The dialog asks the provider only for the formats that carry agreement
        # and critical flags (JSONL, the reports): a diff per page for those alone.
        dialog = ExportDialog(
            ws.session,
            ws.run_in_store,
            aids=review_aids_provider(ws.session, self.aids.settings),
            runner=self.runner,
            password=ws.password,
            parent=self.host.dialog_parent(),
            memory=ExportMemory(document=ExportMemory.document_key(info.sha256, info.path)),
        )
        dialog.markers = self.aids.settings.markers  # stripped as the review aids count them
        dialog.finished.connect(dialog.deleteLater)
        self.aids.document_changed.connect(dialog.document_changed)  # closing: it closes
        dialog.show()
        dialog.refresh_preview()
