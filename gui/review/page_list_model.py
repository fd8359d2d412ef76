"""The page list: one row per page with its thumbnail and review status.

Thumbnails are asked for only when a row is painted (``thumbnail_wanted``),
so a 2,000-page document costs nothing until scrolled to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPixmap

from backend.models import ReviewStatus

if TYPE_CHECKING:
    from backend.session.document_review import PageSummary

StatusRole = Qt.ItemDataRole.UserRole + 1
THUMB_SIZE = QSize(96, 136)
Index = QModelIndex | QPersistentModelIndex

STATUS_COLORS = {
    ReviewStatus.UNREVIEWED: QColor("#8a8a8a"),
    ReviewStatus.IN_PROGRESS: QColor("#b8860b"),
    ReviewStatus.APPROVED: QColor("#2e7d32"),
    ReviewStatus.FLAGGED: QColor("#c62828"),
}
STATUS_MARKS = {
    ReviewStatus.UNREVIEWED: "○",
    ReviewStatus.IN_PROGRESS: "◐",
    ReviewStatus.APPROVED: "✓",
    ReviewStatus.FLAGGED: "⚑",
}


class PageListModel(QAbstractListModel):
    thumbnail_wanted = Signal(int)

    def __init__(self, page_count: int = 0, parent: Any = None) -> None:
        super().__init__(parent)
        self._statuses = [ReviewStatus.UNREVIEWED] * page_count
        self._thumbs: dict[int, QPixmap] = {}
        self._asked: set[int] = set()
        self._placeholder: QPixmap | None = None
        self._aids: dict[int, tuple[float | None, int]] = {}  # page → agreement, markers
        self._status_names = {
            ReviewStatus.UNREVIEWED: self.tr("unreviewed"),
            ReviewStatus.IN_PROGRESS: self.tr("in progress"),
            ReviewStatus.APPROVED: self.tr("approved"),
            ReviewStatus.FLAGGED: self.tr("flagged"),
        }

    def status_name(self, status: ReviewStatus) -> str:
        return self._status_names[status]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._statuses)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        page = index.row()
        status = self._statuses[page]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{page + 1}  {STATUS_MARKS[status]}{self._badge(page)}"
        if role == Qt.ItemDataRole.DecorationRole:
            return self._thumbnail(page)
        if role == Qt.ItemDataRole.SizeHintRole:  # fixed: rows are never measured one by one
            return QSize(THUMB_SIZE.width() + 16, THUMB_SIZE.height() + 28)
        if role == Qt.ItemDataRole.ForegroundRole:
            return STATUS_COLORS[status]
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self.tr("Page {0}: {1}").format(page + 1, self._status_names[status])
            return tip + self._aids_tip(page)
        if role == StatusRole:
            return status
        return None

    def _badge(self, page: int) -> str:
        """Agreement with the alternate reading and markers left, e.g. " 97% ◆2"."""
        agreement, markers = self._aids.get(page, (None, 0))
        badge = "" if agreement is None else f" {int(agreement * 100)}%"
        return badge + (f" ◆{markers}" if markers else "")

    def _aids_tip(self, page: int) -> str:
        agreement, markers = self._aids.get(page, (None, 0))
        tip = ""
        if agreement is not None:
            tip += "\n" + self.tr("Agrees {0:.1f}% with the alternate reading").format(
                agreement * 100
            )
        if markers:
            tip += "\n" + self.tr("{0} unreadable-text marker(s) left").format(markers)
        return tip

    def set_review_summaries(self, summaries: Sequence[PageSummary]) -> None:
        """Agreement and markers per page; only rows whose badge changed are redrawn."""
        new = {s.page: (s.agreement, s.markers) for s in summaries}
        changed = {p for p in new.keys() | self._aids.keys() if new.get(p) != self._aids.get(p)}
        self._aids = new
        for page in sorted(changed):
            if 0 <= page < len(self._statuses):
                self._changed(page)

    def review_summary(self, page: int) -> tuple[float | None, int]:
        return self._aids.get(page, (None, 0))

    def _thumbnail(self, page: int) -> QPixmap:
        pixmap = self._thumbs.get(page)
        if pixmap is not None:
            return pixmap
        if page not in self._asked:
            self._asked.add(page)
            self.thumbnail_wanted.emit(page)
        if self._placeholder is None:  # a blank sheet until the real thumbnail arrives
            self._placeholder = QPixmap(THUMB_SIZE)
            self._placeholder.fill(QColor("#f4f4f4"))
        return self._placeholder

    def set_thumbnail(self, page: int, pixmap: QPixmap) -> None:
        # The delegate draws a QPixmap at its own size, so fit it to the icon box here.
        self._thumbs[page] = pixmap.scaled(
            THUMB_SIZE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        self._changed(page)

    def forget_request(self, page: int) -> None:
        """A thumbnail request was dropped; ask again next time the row is painted."""
        self._asked.discard(page)

    def set_statuses(self, statuses: list[ReviewStatus]) -> None:
        self.beginResetModel()
        self._statuses = list(statuses)
        self.endResetModel()

    def set_status(self, page: int, status: ReviewStatus) -> None:
        self._statuses[page] = status
        self._changed(page)

    def status(self, page: int) -> ReviewStatus:
        return self._statuses[page]

    def _changed(self, page: int) -> None:
        idx = self.index(page)
        self.dataChanged.emit(idx, idx)
