"""The export dialog remembers the format and the folder last exported to."""

from __future__ import annotations

from pathlib import Path

from gui.services.settings import GuiSettings

FORMAT_KEY, FOLDER_KEY = "export/format", "export/folder"


class ExportMemory:
    def __init__(self, settings: GuiSettings | None = None) -> None:
        self.settings = settings or GuiSettings()

    @property
    def format(self) -> str:
        return str(self.settings._qs.value(FORMAT_KEY, "") or "")

    @property
    def folder(self) -> Path | None:
        """The folder last exported to, if it is still there."""
        value = str(self.settings._qs.value(FOLDER_KEY, "") or "")
        return Path(value) if value and Path(value).is_dir() else None

    def remember(self, fmt: str, target: Path) -> None:
        self.settings._qs.setValue(FORMAT_KEY, fmt)
        self.settings._qs.setValue(FOLDER_KEY, str(target.parent))
        self.settings.sync()
