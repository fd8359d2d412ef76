"""The review queue's rows: (page, item) in reading order, or riskiest pages first.

An item is an open legal-critical disagreement or a whole-page diagnosis (a loop, a
page cut short: issue 22); both are a span of the transcript with a detail, so the
queue walks them alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.review.diagnosis_names import diagnosis_name
from backend.review.risk import pages_by_risk
from backend.review.values import Diagnosis, Flag

if TYPE_CHECKING:
    from backend.session.document_review import PageSummary

Found = Flag | Diagnosis  # a critical item or a whole-page failure: a span with a detail
Item = tuple[int, Found]  # (0-based page, item)
AnyIndex = QModelIndex | QPersistentModelIndex
COLUMNS = 3


def risk_ranks(summaries: Sequence[PageSummary]) -> dict[int, int]:
    """Each page's place when the riskiest come first (``backend.review.risk``'s order,
    the page list's and ``status --by-risk``'s)."""
    scores = {s.page: s.risk for s in summaries}
    return {page: rank for rank, page in enumerate(pages_by_risk(scores, scores))}


def as_item(entry: Any) -> Item:
    """A queue entry as (page, flag): the session gives ``QueueItem``s or pairs."""
    if isinstance(entry, tuple):
        return int(entry[0]), entry[1]
    return int(entry.page), entry.flag


class ReviewQueueModel(QAbstractTableModel):
    """Rows of (page, flag) in reading order: page, what kind of item, the detail."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.items: list[Item] = []
        self.ranks: dict[int, int] | None = None  # page → its place riskiest first; None: pages

    def rank(self, page: int) -> int:
        # A page with no risk known: after every ranked one, in page order (``risk_order``).
        return page if self.ranks is None else self.ranks.get(page, len(self.ranks) + page)

    def set_items(self, items: Sequence[Item]) -> None:
        self.beginResetModel()
        self.items = sorted(items, key=lambda i: (self.rank(i[0]), i[1].start, i[1].end))
        self.endResetModel()

    def set_ranks(self, ranks: dict[int, int] | None) -> None:
        """Rows by the pages' risk (``ranks``), or by page (None)."""
        self.ranks = ranks
        self.set_items(list(self.items))

    def replace_page(self, page: int, flags: Sequence[Found]) -> None:
        """A fresh review of one page: swap its rows only (the rest stay selected/scrolled)."""
        rows = [r for r, (p, _f) in enumerate(self.items) if p == page]
        new = sorted(flags, key=lambda f: (f.start, f.end))
        if [self.items[r][1] for r in rows] == new:
            return
        at = rows[0] if rows else sum(1 for p, _f in self.items if self.rank(p) < self.rank(page))
        if rows:
            self.beginRemoveRows(QModelIndex(), rows[0], rows[-1])
            del self.items[rows[0] : rows[-1] + 1]
            self.endRemoveRows()
        if new:
            self.beginInsertRows(QModelIndex(), at, at + len(new) - 1)
            self.items[at:at] = [(page, f) for f in new]
            self.endInsertRows()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.items):
            return None
        page, flag = self.items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(page + 1), self.kind_name(flag), flag.detail)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return flag.detail
        if role == Qt.ItemDataRole.UserRole:
            return page, flag
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("Page"), self.tr("Kind"), self.tr("Detail"))[section]

    def kind_name(self, flag: Found) -> str:
        if isinstance(flag, Diagnosis):
            return self.tr("Whole page: {0}").format(diagnosis_name(flag.kind))
        names = {
            "article": self.tr("Article"),
            "modal": self.tr("Modal word"),
            "amount": self.tr("Amount"),
            "number": self.tr("Number"),
            "date": self.tr("Date"),
            "case_number": self.tr("Case number"),
            "mask": self.tr("Masked name"),
            "outcome": self.tr("Outcome"),
            "party": self.tr("Party role"),
        }
        name = names.get(flag.category or "", flag.category or flag.kind.value)
        # One error, one row: a critical item that is also the difference says both.
        return self.tr("{0} · Difference").format(name) if flag.also_diff else name
