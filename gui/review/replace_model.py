"""The find & replace preview: every match under its page, each with a check box.

A tree (page → its matches) so a reviewer accepts per match (a match's box), per
page (the page's box checks or clears all of its matches; it shows them partly
checked) or all (the dialog's buttons). A page someone else has claimed on the team
store is shown, unchecked and disabled: ``apply_matches`` never touches it anyway,
and a box that could be ticked would promise otherwise. An approved page is checked
like any other and says so: the dialog asks before writing to it.

A model over the list of matches, not a ``QStandardItemModel``: a common word over
3,000 pages is ~10,000 matches, whose items took 0.5 s to make and, with the tree
expanded, 40 s to clear for the next preview. Here a preview is one reset.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.session.replace import ReplaceMatch

Index = QModelIndex | QPersistentModelIndex
MatchRole = Qt.ItemDataRole.UserRole + 1  # a match row's index into ``matches``
PageRole = Qt.ItemDataRole.UserRole + 2  # a page row's 0-based page
Checked, Unchecked, Partly = (
    Qt.CheckState.Checked,
    Qt.CheckState.Unchecked,
    Qt.CheckState.PartiallyChecked,
)
COLUMNS = 4  # page, before, found → replacement, after


class ReplaceModel(QAbstractItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.matches: list[ReplaceMatch] = []
        self.checked: list[bool] = []
        self._pages: list[range] = []  # per page row: its matches' numbers

    def set_matches(self, matches: list[ReplaceMatch]) -> None:
        """Show ``matches`` (in page and text order); all checked but claimed pages'."""
        self.beginResetModel()
        self.matches = list(matches)
        self.checked = [m.claimed_by is None for m in self.matches]
        self._pages, start = [], 0
        for _page, run in groupby(self.matches, key=lambda m: m.page):
            count = sum(1 for _ in run)
            self._pages.append(range(start, start + count))
            start += count
        self.endResetModel()

    # -- the tree: a page row's internal id is 0, a match row's its page row + 1 ---------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._pages)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self._pages[parent.row()])
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (
            self.tr("Page"),
            self.tr("Before"),
            self.tr("Found → replacement"),
            self.tr("After"),
        )[section]

    def match_number(self, index: Index) -> int | None:
        """The match a row is (its number in ``matches``); None for a page row."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._pages[index.internalId() - 1][index.row()]

    def _first(self, index: Index) -> ReplaceMatch:
        number = self.match_number(index)
        return self.matches[self._pages[index.row()][0] if number is None else number]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        number = self.match_number(index)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._page_text(index) if number is None else self._match_text(index)
        if role == Qt.ItemDataRole.CheckStateRole and index.column() == 0:
            return self.check_state(index)
        if role == MatchRole:
            return number
        if role == PageRole:
            return self._first(index).page
        return None

    def _page_text(self, index: Index) -> str:
        if index.column() != 0:
            return ""
        first = self._first(index)
        count = len(self._pages[index.row()])
        label = self.tr("p. {0}: {1} match(es)").format(first.page + 1, count)
        if first.approved:
            label += " " + self.tr("(approved: asks before changing it)")
        if first.claimed_by is not None:
            label += " " + self.tr("(claimed by {0}: skipped)").format(first.claimed_by)
        return label

    def _match_text(self, index: Index) -> str:
        match = self._first(index)
        text = (
            self.tr("p. {0}").format(match.page + 1),
            match.before,
            f"{match.found} → {match.replacement}",
            match.after,
        )[index.column()]
        return text.replace("\n", " ")

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self._first(index).claimed_by is not None:
            return Qt.ItemFlag.NoItemFlags  # shown, greyed, never chosen
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsUserCheckable if index.column() == 0 else flags

    # -- what is accepted ---------------------------------------------------------------

    def check_state(self, index: Index) -> Qt.CheckState:
        number = self.match_number(index)
        if number is not None:
            return Checked if self.checked[number] else Unchecked
        states = {self.checked[n] for n in self._pages[index.row()]}
        return Partly if len(states) > 1 else Checked if states == {True} else Unchecked

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not self.flags(index):
            return False
        on = Qt.CheckState(value) == Checked  # from a page's "partly": all of them on
        number = self.match_number(index)
        page_row = index.row() if number is None else index.internalId() - 1
        for n in [number] if number is not None else self._pages[page_row]:
            self.checked[n] = on
        page = self.index(page_row, 0)
        self.dataChanged.emit(page, page)
        count = len(self._pages[page_row])
        self.dataChanged.emit(self.index(0, 0, page), self.index(count - 1, 0, page))
        return True

    def chosen(self) -> list[ReplaceMatch]:
        """The matches whose boxes are checked, in page and text order."""
        return [m for m, on in zip(self.matches, self.checked, strict=True) if on]

    def set_all(self, checked: bool) -> None:
        """Every box on (claimed pages' never) or off. One signal for the page rows: one
        a page took a second for 3,000 pages; the views repaint their rows (``repaint``)."""
        self.checked = [checked and m.claimed_by is None for m in self.matches]
        if self._pages:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._pages) - 1, 0))

    def approved_pages(self, matches: list[ReplaceMatch]) -> list[int]:
        return sorted({m.page for m in matches if m.approved})
