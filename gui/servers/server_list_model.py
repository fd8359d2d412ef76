"""The server profiles as a list: "name — model — live status", the active one marked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from backend.settings.profiles import ServerProfile
from gui.services.ocr_hub import OcrHub

Index = QModelIndex | QPersistentModelIndex
ProfileIdRole = Qt.ItemDataRole.UserRole + 1


class ServerListModel(QAbstractListModel):
    def __init__(self, hub: OcrHub, parent: Any = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.profiles: list[ServerProfile] = []
        self.status: dict[str, str] = {}  # profile id -> last health/load summary
        hub.profiles_changed.connect(self.refresh)
        hub.load_changed.connect(self.set_status)
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self.profiles = self.hub.all_profiles()
        self.endResetModel()

    def set_status(self, profile_id: str, summary: str) -> None:
        self.status[profile_id] = summary
        row = self.row_of(profile_id)
        if row is not None:
            index = self.index(row)
            self.dataChanged.emit(index, index)

    def row_of(self, profile_id: str) -> int | None:
        return next((i for i, p in enumerate(self.profiles) if p.id == profile_id), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.profiles)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.profiles):
            return None
        profile = self.profiles[index.row()]
        active = self.hub.active
        is_active = active is not None and active.id == profile.id
        if role == Qt.ItemDataRole.DisplayRole:
            status = self.status.get(profile.id, "…")
            model = profile.model or self.tr("no model chosen")
            mark = "● " if is_active else ""
            return f"{mark}{profile.name} — {model} — {status}"
        if role == Qt.ItemDataRole.FontRole and is_active:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [profile.base_url, self.status.get(profile.id, "")]
            if is_active:
                lines.append(self.tr("Used for re-runs"))
            return "\n".join(line for line in lines if line)
        if role == ProfileIdRole:
            return profile.id
        return None
