"""Review ▸ Statistics…: opens the ``StatsDialog`` on the open document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt

from gui.context import ActionSpec, Host, Navigator
from gui.stats.stats_dialog import StatsDialog

if TYPE_CHECKING:
    from gui.services.aids_hub import AidsHub
    from gui.services.tasks import TaskRunner


class StatsFeature(QObject):
    def __init__(self, host: Host, nav: Navigator, runner: TaskRunner, hub: AidsHub) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.hub = host, nav, runner, hub

    def actions(self) -> list[ActionSpec]:
        # No shortcut: a report opened now and then, not a step of the review.
        text = self.tr("&Statistics…")
        return [ActionSpec("review", "statistics", text, self.open_dialog, group="runs")]

    def open_dialog(self) -> StatsDialog | None:
        ws = self.nav.workspace
        if ws is None:
            self.host.show_message(self.tr("Open a document first."), 5000)
            return None
        dialog = StatsDialog(ws, self.runner.run, self.host.dialog_parent())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.hub.document_changed.connect(dialog.document_changed)
        dialog.show()
        dialog.start()
        return dialog
