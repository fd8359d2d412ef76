"""The onboarding feature: the sample's transcripts, the welcome panel, and the
offline transcript entries; the composition root passes what it opens."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject

from gui.context import ActionSpec, Host, Navigator
from gui.onboarding.offline_transcript import OfflineTranscript
from gui.onboarding.welcome import WelcomePanel
from gui.services.aids_hub import AidsHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner

SEEN_KEY = "onboarding/welcome_dismissed"


class Onboarding(QObject):
    def __init__(
        self,
        host: Host,
        nav: Navigator,
        hub: AidsHub,
        runner: TaskRunner,
        settings: GuiSettings,
    ) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.settings = host, nav, runner, settings
        self.offline = OfflineTranscript(host, nav, hub, runner)
        self.panel = WelcomePanel()
        self.dock = host.add_dock(self.panel, self.tr("Getting Started"), "welcome")
        self.panel.dismissed.connect(self.dismiss)
        self.dock.installEventFilter(self)  # its close button dismisses it too

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.dock and event.type() == QEvent.Type.Close:
            self.settings._qs.setValue(SEEN_KEY, "1")
        return False

    def connect_choices(
        self,
        servers: Callable[[], object],
        local: Callable[[], object],
        aids: Callable[[], object],
    ) -> None:
        self.panel.connect_choices(servers, local, self._use_offline, aids)

    def _use_offline(self) -> None:
        # The pages that have no transcript yet; "All Pages" in the OCR menu reads the rest.
        async def run() -> None:
            if not await self.offline.transcribe(all_pages=True, only_empty=True):
                self.host.show_message(
                    self.tr(
                        "Every page has a transcript already. OCR ▸ Transcribe with the "
                        "Offline Engine reads this page or all pages again."
                    ),
                    10_000,
                )

        self.runner.run(run(), name="offline")

    @property
    def seen(self) -> bool:
        return str(self.settings._qs.value(SEEN_KEY, "")) == "1"

    def first_run(self) -> None:
        """Show the welcome panel unless it was dismissed before."""
        if not self.seen:
            self.host.show_dock(self.dock)

    def dismiss(self) -> None:
        self.settings._qs.setValue(SEEN_KEY, "1")
        self.dock.hide()

    def actions(self) -> list[ActionSpec]:
        return [
            *self.offline.actions(),
            ActionSpec(
                "help",
                "getting_started",
                self.tr("&Getting Started"),
                lambda: self.host.show_dock(self.dock),
            ),
        ]
