"""View ▸ Language: follow the system, or always English / 繁體中文.

The choice is saved in settings and takes effect at the next start (every
label is made once, in its language; gui.services.language reads the choice).
Each language is named in its own script, so a user who cannot read the
current UI can still find theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup

from backend import i18n
from gui.context import ActionSpec
from gui.services.language import SYSTEM
from gui.widgets import dialogs

if TYPE_CHECKING:
    from gui.shell.main_window import MainWindow

# Endonyms: never translated.
NATIVE_NAMES = {i18n.ENGLISH: "English", i18n.TRADITIONAL_CHINESE: "繁體中文"}


class LanguageActions(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.group = QActionGroup(self)

    def actions(self) -> list[ActionSpec]:
        choices = [(SYSTEM, self.tr("Language: Follow the &System"))]
        choices += [(code, name) for code, name in NATIVE_NAMES.items()]
        return [self._spec(code, text) for code, text in choices]

    def _spec(self, code: str, text: str) -> ActionSpec:
        def created(action: QAction) -> None:
            self.group.addAction(action)
            action.setChecked(self.w.settings.language == code)

        return ActionSpec(
            "view",
            f"language_{code or 'system'}",
            text,
            lambda: self._choose(code),
            group="language",
            checkable=True,
            created=created,
        )

    def _choose(self, code: str) -> None:
        if self.w.settings.language == code:
            return
        self.w.settings.language = code
        dialogs.show_message(
            self.w,
            self.tr("Language"),
            self.tr("The new language is used from the next start of ProofDesk."),
        )
