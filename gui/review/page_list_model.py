"""The page list: one row per page with its thumbnail and review status.

Thumbnails are asked for only when a row is painted (``thumbnail_wanted``),
so a 2,000-page document costs nothing until scrolled to. Each row carries the
review aids' badges: agreement, markers left, a whole-page diagnosis (⚠: a loop,
a page cut short; its kinds in the tooltip) and open legal-critical items; a page
with either of the last two is red. On request (``set_by_risk``) the rows are the
pages riskiest first (``backend.review.risk``); ``page_at`` / ``row_of`` map rows
and pages.
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
from PySide6.QtGui import QColor, QGuiApplication, QPixmap

from backend.i18n import list_join
from backend.models import ReviewStatus
from backend.review.diagnosis_names import diagnosis_name
from backend.review.percent import agreement_percent
from backend.review.risk import pages_by_risk
from gui.widgets.theme import CRITICAL, STATUS, qcolor

if TYPE_CHECKING:
    from backend.session.document_review import PageSummary

StatusRole = Qt.ItemDataRole.UserRole + 1
THUMB_SIZE = QSize(96, 136)
Index = QModelIndex | QPersistentModelIndex

STATUS_MARKS = {
    ReviewStatus.UNREVIEWED: "○",
    ReviewStatus.IN_PROGRESS: "◐",
    ReviewStatus.REVIEWED: "●",
    ReviewStatus.APPROVED: "✓",
    ReviewStatus.FLAGGED: "⚑",
}
DIAGNOSED = "⚠"  # the page list's badge of a page with a whole-page diagnosis


class PageListModel(QAbstractListModel):
    thumbnail_wanted = Signal(int)

    def __init__(self, page_count: int = 0, parent: Any = None) -> None:
        super().__init__(parent)
        self._statuses = [ReviewStatus.UNREVIEWED] * page_count
        self.legend = ""  # what the symbols mean, under each row's tooltip (set by the shell)
        # The document the thumbnails are of (``set_document``): a thumbnail rendered for
        # another one, arriving late, is dropped, never shown beside this one's page.
        self.document: object = None
        self._thumbs: dict[int, QPixmap] = {}
        self._asked: set[int] = set()
        self._placeholder: QPixmap | None = None
        # page → its review's counts (none yet: no badge, nothing open)
        self._aids: dict[int, PageSummary] = {}
        self._risks: dict[int, float] = {}
        self._order: list[int] | None = None  # row → page when riskiest first
        self._rows: dict[int, int] = {}  # page → row, the inverse of ``_order``
        self._sort_pending = False  # asked before any risk was known: sort when they come
        self._status_names = {
            ReviewStatus.UNREVIEWED: self.tr("unreviewed"),
            ReviewStatus.IN_PROGRESS: self.tr("in progress"),
            ReviewStatus.REVIEWED: self.tr("reviewed"),
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
        page = self.page_at(index.row())
        status = self._statuses[page]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{page + 1}  {STATUS_MARKS[status]}{self._badge(page)}"
        if role == Qt.ItemDataRole.DecorationRole:
            return self._thumbnail(page)
        if role == Qt.ItemDataRole.SizeHintRole:  # fixed: rows are never measured one by one
            return QSize(THUMB_SIZE.width() + 16, THUMB_SIZE.height() + 28)
        if role == Qt.ItemDataRole.ForegroundRole:
            # Open legal-critical items or a whole-page failure: red whatever the status
            # says. Per theme, at paint time.
            alarming = self.open_critical(page) or self.diagnosed(page)
            return qcolor(CRITICAL if alarming else STATUS[status.value])
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self.tr("Page {0}: {1}").format(page + 1, self._status_names[status])
            return tip + self._aids_tip(page) + self.legend
        if role == StatusRole:
            return status
        return None

    def _badge(self, page: int) -> str:
        """Agreement, markers left, a diagnosis and open critical items, e.g.
        " 97% ◆2 ⚠ ‼1" (" =" for an alternate that is the transcript's own reading)."""
        s = self._aids.get(page)
        if s is None:
            return ""
        agreement, markers, critical = s.agreement, s.markers, s.critical
        badge = (
            " ="
            if s.same_reading
            else ""
            if agreement is None
            else " " + agreement_percent(agreement)
        )
        return (
            badge
            + (f" ◆{markers}" if markers else "")
            + (f" {DIAGNOSED}" if s.diagnoses else "")
            + (f" ‼{critical}" if critical else "")
        )

    def _aids_tip(self, page: int) -> str:
        s = self._aids.get(page)
        if s is None:
            return ""
        tip = ""
        if s.same_reading:
            tip += "\n" + self.tr("The alternate is the transcript's own reading: not compared")
        elif s.agreement is not None:
            tip += "\n" + self.tr("Agrees {0} with the alternate reading").format(
                agreement_percent(s.agreement)
            )
        if s.markers:
            tip += "\n" + self.tr("{0} unreadable-text marker(s) left").format(s.markers)
        if s.diagnoses:
            kinds = list_join(diagnosis_name(k) for k in s.diagnoses)
            tip += "\n" + self.tr("Whole-page problem: {0}").format(kinds)
        if s.critical:
            tip += "\n" + self.tr("{0} legal-critical item(s) open").format(s.critical)
        return tip

    def set_review_summaries(self, summaries: Sequence[PageSummary]) -> None:
        """The badges per page; only rows whose badge changed are redrawn."""
        new = {s.page: s for s in summaries}
        changed = {p for p in new.keys() | self._aids.keys() if new.get(p) != self._aids.get(p)}
        self._aids = new
        self._risks = {s.page: s.risk for s in summaries}
        if self._sort_pending and summaries:
            self._sort_pending = False
            self._sort()
            return
        for page in sorted(changed):
            if 0 <= page < len(self._statuses):
                self._changed(page)

    def review_summary(self, page: int) -> tuple[float | None, int]:
        s = self._aids.get(page)
        return (None, 0) if s is None else (s.agreement, s.markers)

    def open_critical(self, page: int) -> int:
        """Legal-critical items still open on ``page`` (as last reviewed)."""
        s = self._aids.get(page)
        return 0 if s is None else s.critical

    def diagnosed(self, page: int) -> bool:
        """The page's review names a whole-page failure (a loop, a page cut short)."""
        s = self._aids.get(page)
        return s is not None and bool(s.diagnoses)

    # -- the order of the rows -------------------------------------------------------

    @property
    def by_risk(self) -> bool:
        return self._order is not None

    def set_by_risk(self, on: bool) -> None:
        """Riskiest pages first (sorted now, by the risks last known), or page order."""
        self._sort_pending = on and not self._risks
        if on:
            self._sort()
        elif self._order is not None:
            self.beginResetModel()
            self._order = None
            self.endResetModel()

    def _sort(self) -> None:
        self.beginResetModel()
        self._order = pages_by_risk(self._risks, range(len(self._statuses)))
        self._rows = {page: row for row, page in enumerate(self._order)}
        self.endResetModel()

    def page_at(self, row: int) -> int:
        return row if self._order is None else self._order[row]

    def row_of(self, page: int) -> int:
        return page if self._order is None else self._rows.get(page, page)

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

    def set_thumbnail(self, page: int, pixmap: QPixmap, document: object = None) -> None:
        """``document``: the one the picture was rendered from (None: the one shown)."""
        if document is not None and document != self.document:
            return  # rendered before another document was opened: not this page's scan
        # The delegate draws a QPixmap at its own size, so fit it to the icon box here,
        # in device pixels: on a 2× screen a 1× icon is stretched and blurred.
        app = QGuiApplication.instance()
        dpr = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
        fitted = pixmap.scaled(
            THUMB_SIZE * dpr,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        fitted.setDevicePixelRatio(dpr)
        self._thumbs[page] = fitted
        self._changed(page)

    def forget_request(self, page: int) -> None:
        """A thumbnail request was dropped; ask again next time the row is painted."""
        self._asked.discard(page)

    def set_document(self, document: object, statuses: list[ReviewStatus]) -> None:
        """Another document (``document``: its identity): every row, picture and badge
        is of it from now on; nothing of the previous one stays, whatever its page."""
        self.document = document
        self._thumbs, self._asked = {}, set()
        self.set_statuses(statuses)

    def set_statuses(self, statuses: list[ReviewStatus]) -> None:
        self.beginResetModel()
        self._statuses = list(statuses)
        self._aids, self._risks = {}, {}  # another document's (or none yet)
        if self._order is not None:
            self._order = list(range(len(statuses)))
            self._rows = {page: page for page in self._order}
            self._sort_pending = True
        self.endResetModel()

    def set_status(self, page: int, status: ReviewStatus) -> None:
        self._statuses[page] = status
        self._changed(page)

    def status(self, page: int) -> ReviewStatus:
        return self._statuses[page]

    def _changed(self, page: int) -> None:
        idx = self.index(self.row_of(page))
        self.dataChanged.emit(idx, idx)
