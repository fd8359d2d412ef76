"""The find & replace preview: every match under its page, each with a check box.

A tree (page → its matches) so a reviewer accepts per match (a match's box), per
page (the page's box checks or clears all of its matches) or all (the dialog's
buttons). A page someone else has claimed on the team store is shown, unchecked
and disabled: ``apply_matches`` never touches it anyway, and a box that could be
ticked would promise otherwise. An approved page is checked like any other and
says so: the dialog asks before writing to it.
"""

from __future__ import annotations

from itertools import groupby

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from backend.session.replace import ReplaceMatch

MatchRole = Qt.ItemDataRole.UserRole + 1  # a match row's index into ``matches``
PageRole = Qt.ItemDataRole.UserRole + 2  # a page row's 0-based page

COLUMNS = 4  # page or match number, before, found → replacement, after


class ReplaceModel(QStandardItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, COLUMNS, parent)
        self.matches: list[ReplaceMatch] = []
        self._following = False  # a page's box and its matches' set each other: once
        self.itemChanged.connect(self._follow)
        self._headers()

    def _headers(self) -> None:
        self.setHorizontalHeaderLabels(
            [self.tr("Page"), self.tr("Before"), self.tr("Found → replacement"), self.tr("After")]
        )

    def set_matches(self, matches: list[ReplaceMatch]) -> None:
        """Show ``matches`` (in page and text order); all checked but claimed pages'."""
        self.clear()
        self._headers()
        self.matches = list(matches)
        numbered = list(enumerate(self.matches))
        for page, rows in groupby(numbered, key=lambda pair: pair[1].page):
            self.appendRow(self._page_row(page, list(rows)))

    def _page_row(self, page: int, rows: list[tuple[int, ReplaceMatch]]) -> list[QStandardItem]:
        first = rows[0][1]
        claimed = first.claimed_by is not None
        label = self.tr("p. {0}: {1} match(es)").format(page + 1, len(rows))
        if first.approved:
            label += " " + self.tr("(approved: asks before changing it)")
        if claimed:
            label += " " + self.tr("(claimed by {0}: skipped)").format(first.claimed_by)
        head = QStandardItem(label)
        head.setData(page, PageRole)
        head.setEditable(False)
        head.setCheckable(not claimed)  # its box sets its matches' and follows them
        head.setEnabled(not claimed)
        for number, match in rows:
            head.appendRow(self._match_row(number, match, enabled=not claimed))
        head.setCheckState(Qt.CheckState.Unchecked if claimed else Qt.CheckState.Checked)
        rest = [QStandardItem("") for _ in range(COLUMNS - 1)]
        for item in rest:
            item.setEditable(False)
            item.setEnabled(not claimed)
        return [head, *rest]

    def _match_row(self, number: int, match: ReplaceMatch, *, enabled: bool) -> list[QStandardItem]:
        check = QStandardItem(self.tr("p. {0}").format(match.page + 1))
        check.setData(number, MatchRole)
        check.setCheckable(enabled)
        check.setCheckState(Qt.CheckState.Checked if enabled else Qt.CheckState.Unchecked)
        texts = (match.before, f"{match.found} → {match.replacement}", match.after)
        cells = [check, *(QStandardItem(_one_line(text)) for text in texts)]
        for cell in cells:
            cell.setEditable(False)
            cell.setEnabled(enabled)
        return cells

    # -- what is accepted ---------------------------------------------------------------

    def _follow(self, item: QStandardItem) -> None:
        """A page's box sets its matches; a match's box sets its page's (partly checked:
        some of them). Qt's own auto-tristate does this for clicks only, not for keys
        or code, so the model does it once for all."""
        if self._following or not item.isCheckable() or item.column() != 0:
            return
        self._following = True
        try:
            if item.parent() is None:  # a page
                state = item.checkState()
                if state != Qt.CheckState.PartiallyChecked:
                    for row in range(item.rowCount()):
                        item.child(row, 0).setCheckState(state)
            else:
                head = item.parent()
                states = {head.child(row, 0).checkState() for row in range(head.rowCount())}
                one = states.pop() if len(states) == 1 else Qt.CheckState.PartiallyChecked
                head.setCheckState(one)
        finally:
            self._following = False

    def match_items(self) -> list[QStandardItem]:
        """Every match row's first cell, in order."""
        items: list[QStandardItem] = []
        for row in range(self.rowCount()):
            head = self.item(row, 0)
            items += [head.child(child, 0) for child in range(head.rowCount())]
        return items

    def chosen(self) -> list[ReplaceMatch]:
        """The matches whose boxes are checked, in page and text order."""
        return [
            self.matches[int(item.data(MatchRole))]
            for item in self.match_items()
            if item.isCheckable() and item.checkState() == Qt.CheckState.Checked
        ]

    def set_all(self, checked: bool) -> None:
        state = Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        for item in self.match_items():
            if item.isCheckable():
                item.setCheckState(state)

    def toggle(self, index: QModelIndex) -> None:
        """Space on a row: a match's box flips; a page's flips all of its matches."""
        item = self.itemFromIndex(index.siblingAtColumn(0))
        if item is None or not item.isCheckable():
            return
        on = item.checkState() != Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def approved_pages(self, matches: list[ReplaceMatch]) -> list[int]:
        return sorted({m.page for m in matches if m.approved})


def _one_line(text: str) -> str:
    return text.replace("\n", " ")
