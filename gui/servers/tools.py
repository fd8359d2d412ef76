"""The servers feature's entries in the OCR menu: profiles, a local vLLM, the VRAM planner.

Each window opens once and is raised when asked for again; they are
non-modal, so proofreading goes on while a model loads.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from gui.context import ActionSpec, Host
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner


class ServerTools(QObject):
    def __init__(self, host: Host, hub: OcrHub, runner: TaskRunner) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.hub, self.runner = host, hub, runner
        self.dialogs: dict[str, QDialog] = {}  # by name, made on first use

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "ocr",
                "ocr_servers",
                self.tr("&Servers…"),
                lambda: self.show("servers"),
                group="servers",
            ),
            ActionSpec(
                "ocr",
                "ocr_local",
                self.tr("&Local vLLM Server…"),
                lambda: self.show("local"),
                group="servers",
            ),
            ActionSpec(
                "ocr",
                "ocr_planner",
                self.tr("&VRAM Planner…"),
                lambda: self.show("planner"),
                group="servers",
            ),
        ]

    def show(self, name: str) -> QDialog:
        dialog = self.dialogs.get(name)
        if dialog is None:
            dialog = self.dialogs[name] = self._make(name)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _make(self, name: str) -> QDialog:
        # Imported when first asked for: the dialogs pull in the planner and profiles.
        parent = self.host.dialog_parent()
        if name == "servers":
            from gui.servers.servers_dialog import ServersDialog

            return ServersDialog(self.hub, self.runner, parent)
        if name == "local":
            from gui.servers.local_server_dialog import LocalServerDialog

            return LocalServerDialog(self.hub, self.runner, parent)
        from gui.servers.planner_dialog import PlannerDialog

        return PlannerDialog(parent)
