"""The GUI's remembered preferences: window layout and recent files.

QSettings writes a plain INI file (mode 0644), so nothing secret ever goes
here. The file path is injectable so tests never touch the user's settings.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

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

    @property
    def language(self) -> str:
        """The chosen UI language ("en", "zh_TW"); "" follows the system."""
        return str(self._qs.value("ui/language", "") or "")

    @language.setter
    def language(self, language: str) -> None:
        self._qs.setValue("ui/language", language)

    # -- review aids (stored as JSON: QSettings' INI lists and booleans come back as strings)

    def _json(self, key: str) -> Any:
        raw = self._qs.value(key)
        try:
            return json.loads(str(raw)) if raw else None
        except ValueError:
            return None

    def _set_json(self, key: str, value: Any) -> None:
        if value is None:
            self._qs.remove(key)
        else:
            self._qs.setValue(key, json.dumps(value, ensure_ascii=False))

    @property
    def marker_patterns(self) -> list[str] | None:
        """The reviewer's marker patterns (``re:`` prefix for a regex); None: the defaults."""
        value = self._json("review/marker_patterns")
        return [str(v) for v in value] if isinstance(value, list) else None

    @marker_patterns.setter
    def marker_patterns(self, patterns: list[str] | None) -> None:
        self._set_json("review/marker_patterns", patterns)

    @property
    def compare_options(self) -> dict[str, bool]:
        """Normalisation switches by ``CompareOptions`` field name; missing: the default."""
        value = self._json("review/compare_options")
        return {str(k): bool(v) for k, v in value.items()} if isinstance(value, dict) else {}

    @compare_options.setter
    def compare_options(self, options: dict[str, bool]) -> None:
        self._set_json("review/compare_options", options)

    @property
    def low_confidence(self) -> float | None:
        """Underline tokens below this probability; None: the backend's default."""
        value = self._json("review/low_confidence")
        return float(value) if isinstance(value, int | float) else None

    @low_confidence.setter
    def low_confidence(self, threshold: float | None) -> None:
        self._set_json("review/low_confidence", threshold)

    @property
    def show_low_confidence(self) -> bool:
        return self._json("review/show_low_confidence") is not False

    @show_low_confidence.setter
    def show_low_confidence(self, show: bool) -> None:
        self._set_json("review/show_low_confidence", show)

    @property
    def alt_engine(self) -> str:
        """The alternate OCR engine last run ("rapidocr", "tesseract", "textlayer")."""
        value = self._json("review/alt_engine")
        return value if isinstance(value, str) else "rapidocr"

    @alt_engine.setter
    def alt_engine(self, engine: str) -> None:
        self._set_json("review/alt_engine", engine)

    @property
    def team_url(self) -> str:
        """The team server's postgresql:// address ("": reviews stay on this computer)."""
        return str(self._qs.value("team/url", "") or "")

    @team_url.setter
    def team_url(self, url: str) -> None:
        self._qs.setValue("team/url", url)

    def sync(self) -> None:
        self._qs.sync()
