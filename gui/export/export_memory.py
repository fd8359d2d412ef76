"""The export dialog remembers the format last chosen, and each document's folder.

The format is a habit and carries over to every document. The folder is not: one
folder for all would put document B's export in document A's folder. So it is kept
per document, keyed by the file's content hash (a renamed or moved PDF keeps it; the
resolved path when there is no hash), and a document never exported goes to its own
PDF's folder.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from gui.services.settings import GuiSettings

FORMAT_KEY, FOLDERS_GROUP = "export/format", "export/folders"


class ExportMemory:
    def __init__(self, settings: GuiSettings | None = None, *, document: str = "") -> None:
        """``document``: ``document_key(...)`` of the open document ("" remembers no folder)."""
        self.settings = settings or GuiSettings()
        self._folder_key = f"{FOLDERS_GROUP}/{document}" if document else ""

    @staticmethod
    def document_key(sha256: str, path: str) -> str:
        """The content hash; else one of the path (a settings key cannot hold "/")."""
        return sha256 or hashlib.sha256(str(Path(path).resolve()).encode()).hexdigest()

    @property
    def format(self) -> str:
        return str(self.settings._qs.value(FORMAT_KEY, "") or "")

    @property
    def folder(self) -> Path | None:
        """The folder this document was last exported to, if it is still there."""
        if not self._folder_key:
            return None
        value = str(self.settings._qs.value(self._folder_key, "") or "")
        return Path(value) if value and Path(value).is_dir() else None

    def remember(self, fmt: str, target: Path) -> None:
        self.settings._qs.setValue(FORMAT_KEY, fmt)
        if self._folder_key:
            self.settings._qs.setValue(self._folder_key, str(target.parent))
        self.settings.sync()
