"""Version history of the current page: every version with its provenance, a
diff between any two (select one for "against the one before it", or two),
and restore (which adds a new version; nothing is ever overwritten)."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListView,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from backend.models import Version, VersionKind
from backend.safe_text import placeholders
from gui.review.provenance_view import ProvenanceWords
from gui.widgets.diff_html import diff_html
from gui.widgets.transcript_editor import cjk_font

Index = QModelIndex | QPersistentModelIndex


class VersionListModel(QAbstractListModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.versions: list[Version] = []
        self.current_id: int | None = None
        self.words = ProvenanceWords(self)

    def set_versions(self, versions: list[Version], current_id: int | None) -> None:
        self.beginResetModel()
        self.versions = list(reversed(versions))  # newest first
        self.current_id = current_id
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.versions)

    def kind_word(self, kind: VersionKind) -> str:
        """Where the version came from, in the reviewer's words."""
        return {
            VersionKind.OCR: self.tr("OCR"),
            VersionKind.EDIT: self.tr("edited"),
            VersionKind.IMPORT: self.tr("imported"),
            VersionKind.ALTERNATE: self.tr("alternate reading"),
            VersionKind.RESTORE: self.tr("restored"),
        }.get(kind, kind.value)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        v = self.versions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(v.created_at))
            mark = " ●" if v.id == self.current_id else ""
            author = placeholders(v.author)  # a team member's name: shown, never applied
            return f"#{v.id}  {self.kind_word(v.kind)}  {when}  {author}{mark}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.words.html(v)
        return None


def describe_provenance(v: Version) -> str:
    """The provenance as "label: value" lines (readable fields, never raw JSON)."""
    return "\n".join(f"{label}: {value}" for label, value in ProvenanceWords().fields(v))


class HistoryPanel(QWidget):
    restore_requested = Signal(int)  # version id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = VersionListModel(self)
        self.list = QListView(self)
        self.list.setModel(self.model)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setAccessibleName(self.tr("Versions"))
        self.list.selectionModel().selectionChanged.connect(self._show_selection)
        self.caption = QLabel(
            self.tr(
                "Select a version to compare it with the one before it, "
                "or two versions to compare them."
            ),
            self,
        )
        self.caption.setWordWrap(True)
        self.diff = QTextBrowser(self)
        self.diff.setFont(cjk_font(11))
        self.provenance = QLabel(self)
        self.provenance.setTextFormat(Qt.TextFormat.RichText)  # escaped fields in a table
        self.provenance.setWordWrap(True)
        self.provenance.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.restore_button = QPushButton(self.tr("Restore this version"), self)
        self.restore_button.setEnabled(False)
        self.restore_button.clicked.connect(self._restore)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.list)
        split.addWidget(self.diff)
        layout = QVBoxLayout(self)
        for widget in (split, self.caption, self.provenance, self.restore_button):
            layout.addWidget(widget)

    def set_versions(self, versions: list[Version], current_id: int | None) -> None:
        self.model.set_versions(versions, current_id)
        self.diff.clear()
        self.provenance.clear()
        self.restore_button.setEnabled(False)

    def selected_versions(self) -> list[Version]:
        rows = sorted(i.row() for i in self.list.selectionModel().selectedRows())
        return [self.model.versions[r] for r in rows]

    def _show_selection(self) -> None:
        chosen = self.selected_versions()
        self.restore_button.setEnabled(len(chosen) == 1)
        if not chosen:
            return
        if len(chosen) == 1:
            new = chosen[0]
            row = self.model.versions.index(new)
            older = self.model.versions[row + 1] if row + 1 < len(self.model.versions) else None
            old_text = older.text if older else ""
            label = (
                self.tr("#{0} compared with #{1}").format(new.id, older.id)
                if older
                else self.tr("#{0}, the first version").format(new.id)
            )
        else:
            new, old = chosen[0], chosen[-1]  # newest first
            old_text = old.text
            label = self.tr("#{0} compared with #{1}").format(new.id, old.id)
        self.caption.setText(label)
        self.diff.setHtml(diff_html(old_text, new.text))
        self.provenance.setText(self.model.words.html(new))

    def _restore(self) -> None:
        chosen = self.selected_versions()
        if len(chosen) == 1:
            self.restore_requested.emit(chosen[0].id)
