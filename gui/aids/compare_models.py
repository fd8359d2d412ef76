"""List models for the Compare dock: the page's alternate readings, its whole-page
diagnoses and its flags."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.engines.offline.registry import ENGINES
from backend.i18n import _
from backend.models import Version, VersionKind
from backend.review.diagnosis_names import diagnosis_name
from backend.review.values import Diagnosis, Flag, FlagKind

Index = QModelIndex | QPersistentModelIndex
VersionIdRole = Qt.ItemDataRole.UserRole + 1
FlagRole = Qt.ItemDataRole.UserRole + 2
DiagnosisRole = Qt.ItemDataRole.UserRole + 3


class AlternatesModel(QAbstractListModel):
    """The stored alternates, newest first: engine and when each was read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._versions: list[Version] = []
        # The registry's engines, named by the backend's catalogue; and text made elsewhere.
        self._engines = {spec.name: _(spec.label) for spec in ENGINES}
        self._engines["import"] = self.tr("Imported")

    def set_versions(self, versions: list[Version]) -> None:
        self.beginResetModel()
        self._versions = list(versions)
        self.endResetModel()

    def engine_name(self, engine: str) -> str:
        return self._engines.get(engine, engine or self.tr("unknown engine"))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._versions)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        version = self._versions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(version.created_at))
            engine, model = version.origin.engine or "", version.origin.model or ""
            name = model or self.engine_name(engine)  # another VLM's reading: its model
            if version.kind is VersionKind.OCR:
                return self.tr("{0} (reading #{1}) — {2}").format(name, version.id, when)
            if version.kind is VersionKind.IMPORT:
                return self.tr("Imported text #{0} — {1}").format(version.id, when)
            return self.tr("{0} — {1}").format(name, when)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("Version #{0}").format(version.id)
        if role == VersionIdRole:
            return version.id
        return None

    def is_alternate(self, row: int) -> bool:
        """Whether ``row`` is an ``alternate`` version (not another stored reading)."""
        return 0 <= row < len(self._versions) and self._versions[row].kind is VersionKind.ALTERNATE

    def row_of(self, version_id: int | None) -> int:
        for row, version in enumerate(self._versions):
            if version.id == version_id:
                return row
        return 0


class FlagsModel(QAbstractListModel):
    """Every place the aids point at on this page, in reading order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._flags: list[Flag] = []
        self._kinds = {
            FlagKind.DIFF: self.tr("Difference"),
            FlagKind.CRITICAL: self.tr("Critical"),
            FlagKind.MARKER: self.tr("Marker"),
            FlagKind.LOW_CONFIDENCE: self.tr("Unsure"),
        }

    def set_flags(self, flags: list[Flag]) -> None:
        self.beginResetModel()
        self._flags = list(flags)
        self.endResetModel()

    def kind_name(self, kind: FlagKind) -> str:
        return self._kinds[kind]

    def kind_label(self, flag: Flag) -> str:
        """The flag's kind; "Critical · Difference" for one error that is both."""
        if flag.also_diff:
            return self.tr("{0} · {1}").format(
                self._kinds[FlagKind.CRITICAL], self._kinds[FlagKind.DIFF]
            )
        return self._kinds[flag.kind]

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._flags)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        flag = self._flags[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr("{0}: {1}").format(self.kind_label(flag), flag.detail)
        if role == FlagRole:
            return flag
        return None

    def row_of(self, flag: Flag | None) -> int:
        try:
            return -1 if flag is None else self._flags.index(flag)
        except ValueError:
            return -1


class DiagnosesModel(QAbstractListModel):
    """The page's whole-page failures (a loop, a page cut short), by position."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.diagnoses: list[Diagnosis] = []

    def set_diagnoses(self, diagnoses: list[Diagnosis]) -> None:
        if diagnoses == self.diagnoses:
            return  # the same: the row the reviewer is on stays
        self.beginResetModel()
        self.diagnoses = list(diagnoses)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.diagnoses)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        diagnosis = self.diagnoses[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.tr("⚠ Whole page — {0}: {1}").format(
                diagnosis_name(diagnosis.kind), diagnosis.detail
            )
        if role == DiagnosisRole:
            return diagnosis
        return None
