"""The Publish dock's list: one row per finding, unreviewed ones first.

A table model over the ``PublishState``'s items: kind, page (1-based), the text, the
decision in force (a finding whose region the reviewer marked on the scan says so) and
the text's context on the page. Unreviewed findings come first, each
group in document order, so the reviewer works down from the top and what is left is
always in view.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.publish.decisions import Decision, Reviewed, Scope, where
from backend.publish.model import PersonalKind
from backend.session.publish import PublishState

Index = QModelIndex | QPersistentModelIndex
CONTEXT = 12  # characters each side of a finding (as ``proofdesk publish --review``)
KIND, PAGE, TEXT, DECISION, CONTEXT_COLUMN = range(5)  # the context last: it stretches
FLAT = str.maketrans("\n\t", "  ")


class PublishModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state: PublishState | None = None
        self.rows: list[Reviewed] = []
        self.regions: set[tuple[int, int, str]] = set()  # places marked on the scan

    def set_state(self, state: PublishState | None) -> None:
        self.beginResetModel()
        self.state = state
        items = state.items if state is not None else ()
        # Stable sort: document order kept inside each group.
        self.rows = sorted(items, key=lambda r: r.decision is not None)
        self.regions = _regions(state)
        self.endResetModel()

    def has_region(self, item: Reviewed) -> bool:
        f = item.finding
        return (f.page, f.start, f.text) in self.regions

    def unreviewed(self) -> int:
        return sum(1 for r in self.rows if r.decision is None)

    def kind_word(self, kind: PersonalKind) -> str:
        return {
            PersonalKind.PERSON: self.tr("Person"),
            PersonalKind.NATIONAL_ID: self.tr("ID number"),
            PersonalKind.RESIDENT_ID: self.tr("Resident certificate number"),
            PersonalKind.PHONE: self.tr("Phone number"),
            PersonalKind.ADDRESS: self.tr("Address"),
            PersonalKind.BIRTH_DATE: self.tr("Date of birth"),
            PersonalKind.ACCOUNT: self.tr("Account number"),
            PersonalKind.PLATE: self.tr("Licence plate"),
            PersonalKind.EMAIL: self.tr("E-mail address"),
        }[kind]

    def decision_word(self, decision: Decision | None) -> str:
        if decision is None:
            return self.tr("Unreviewed")
        return {
            Decision.ACCEPT: self.tr("Masked"),
            Decision.SKIP: self.tr("Kept"),
            Decision.MARK: self.tr("Marked"),
        }[decision]

    def context(self, item: Reviewed) -> str:
        f = item.finding
        text = self.state.pages[f.page] if self.state is not None else ""
        before = text[max(0, f.start - CONTEXT) : f.start].translate(FLAT)
        after = text[f.end : f.end + CONTEXT].translate(FLAT)
        # Square brackets, as ``proofdesk publish --review``: 【】 are the markers' (【模糊】).
        return f"…{before}[{f.text}]{after}…"

    # -- QAbstractTableModel ------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 5

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        item = self.rows[index.row()]
        column = index.column()
        if column == KIND:
            return self.kind_word(item.finding.kind)
        if column == PAGE:
            return str(item.finding.page + 1)
        if column == TEXT:
            return item.finding.text
        if column == DECISION:
            if item.masked and self.has_region(item):
                return self.tr("Masked (region on the scan)")
            return self.decision_word(item.decision)
        return self.context(item)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (
            self.tr("Kind"),
            self.tr("Page"),
            self.tr("Text"),
            self.tr("Decision"),
            self.tr("Context"),
        )[section]


def _regions(state: PublishState | None) -> set[tuple[int, int, str]]:
    """The places (page, start, text) of the findings with a region marked on the scan,
    where each stands now (as ``backend.export.deidentify`` finds them for the PDF)."""
    if state is None:
        return set()
    out = set()
    for d in state.decisions:
        if (
            d.box
            and d.scope is Scope.PLACE
            and d.page is not None
            and 0 <= d.page < len(state.pages)
        ):
            at = where(state.pages[d.page], d)
            if at is not None:
                out.add((d.page, at, d.text))
    return out
