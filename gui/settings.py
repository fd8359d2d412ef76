"""The GUI's remembered preferences: window layout and recent files.

QSettings writes a plain INI file (mode 0644), so nothing secret ever goes
here. The file path is injectable so tests never touch the user's settings.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

MAX_RECENT = 10


class GuiSettings:
    def __init__(self, path: str | Path | None = None) -> None:
        if path is None and os.environ.get("PROOFDESK_DATA_DIR"):
            path = Path(os.environ["PROOFDESK_DATA_DIR"]) / "settings.ini"
        if path is None:
            self._qs = QSettings("ProofDesk", "ProofDesk")
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._qs.value(key)
        if isinstance(value, bytes):
            return QByteArray(value)
        return value if isinstance(value, QByteArray) else None

    @property
    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._qs.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self._qs.setValue("window/state", value)

    def splitter_state(self, name: str) -> QByteArray | None:
        return self._bytes(f"splitters/{name}")

    def set_splitter_state(self, name: str, value: QByteArray) -> None:
        self._qs.setValue(f"splitters/{name}", value)

    def recent_files(self) -> list[str]:
        value = self._qs.value("recent/files", [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        items = value if isinstance(value, list) else []
        return [str(v) for v in items if Path(str(v)).exists()]

    def add_recent_file(self, path: str) -> None:
        files = [path] + [f for f in self.recent_files() if f != path]
        self._qs.setValue("recent/files", files[:MAX_RECENT])

    @property
    def active_server(self) -> str:
        """The id of the server profile used for re-runs (never a key: keys live in the keyring)."""
        return str(self._qs.value("ocr/active_server", "") or "")

    @active_server.setter
    def active_server(self, profile_id: str) -> None:
        self._qs.setValue("ocr/active_server", profile_id)

    def sync(self) -> None:
        self._qs.sync()
