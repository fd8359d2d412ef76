"""The Facts dock's tree: each fact, its variants, and where each variant is read.

Three levels, each row knowing what it is (``LevelRole``): a fact (its kind, what it
belongs to, its majority value; a conflict is marked), a variant (its spelling, its
pages), a place (a page and the span to select there).

A model over the groups, not a ``QStandardItemModel``: a 3,000-page file holds
~110,000 places, whose items took 3 s to make on the GUI thread after every save.
Here new groups are one reset; a row's text is made when a view asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from backend.i18n import list_join

LevelRole = Qt.ItemDataRole.UserRole + 1  # "fact", "variant" or "place"
GroupRole = Qt.ItemDataRole.UserRole + 2  # the row's group's index in ``groups``
VariantRole = Qt.ItemDataRole.UserRole + 3  # the variant's index in its group
PlaceRole = Qt.ItemDataRole.UserRole + 4  # (page, start, end) of a place

Index = QModelIndex | QPersistentModelIndex
CONFLICT_MARK = "⚠"
# A row's internal id says whose child it is: 0 a fact; 1 + g a variant of fact g;
# PLACES + n a place of the n-th variant of the document (``_variants[n]``).
PLACES = 1 << 40


def page_ranges(pages: Sequence[int]) -> str:
    """0-based pages as a reviewer types them, 1-based: (0, 1, 2, 6) → "1-3, 7" ("1-3、7"
    in Chinese: the page-range fields read either)."""
    parts: list[str] = []
    ordered = sorted(set(pages))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        first, last = ordered[i] + 1, ordered[j] + 1
        parts.append(str(first) if first == last else f"{first}-{last}")
        i = j + 1
    return list_join(parts)


class FactsModel(QAbstractItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.groups: list[FactGroup] = []
        self._first_variant: list[int] = []  # per group: its first variant's number
        self._variants: list[tuple[int, int]] = []  # per variant number: (group, variant)
        self._places: dict[int, tuple[Fact, ...]] = {}  # a variant's places, in page order

    def kind_word(self, kind: FactKind) -> str:
        return {
            FactKind.CASE_NUMBER: self.tr("Case number"),
            FactKind.PARTY: self.tr("Party"),
            FactKind.AMOUNT: self.tr("Amount"),
            FactKind.DATE: self.tr("Date"),
            FactKind.STATUTE: self.tr("Statute"),
            FactKind.EXHIBIT: self.tr("Exhibit"),
            FactKind.GLOSSARY: self.tr("Glossary term"),
        }.get(kind, kind.value)

    def set_groups(self, groups: Sequence[FactGroup]) -> None:
        """Show ``groups``: the conflicts first (what needs the reviewer), then the rest."""
        self.beginResetModel()
        self.groups = sorted(groups, key=lambda g: not g.conflict)
        self._first_variant, self._variants, self._places = [], [], {}
        for g, group in enumerate(self.groups):
            self._first_variant.append(len(self._variants))
            self._variants += [(g, v) for v in range(len(group.variants))]
        self.endResetModel()

    # -- the tree ------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        if parent.internalId() == 0:  # a fact: its variants
            return self.createIndex(row, column, 1 + parent.row())
        g = parent.internalId() - 1  # a variant: its places
        return self.createIndex(row, column, PLACES + self._first_variant[g] + parent.row())

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        key = index.internalId()
        if key < PLACES:
            return self.createIndex(key - 1, 0, 0)
        g, v = self._variants[key - PLACES]
        return self.createIndex(v, 0, 1 + g)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self.groups)
        if parent.column() != 0:
            return 0
        key = parent.internalId()
        if key == 0:
            return len(self.groups[parent.row()].variants)
        if key < PLACES:
            return len(self.groups[key - 1].variants[parent.row()].places)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 1

    def _where(self, index: Index) -> tuple[str, int, int, int]:
        """(level, group, variant, place) of a row (-1 where it has none)."""
        key = index.internalId()
        if key == 0:
            return "fact", index.row(), -1, -1
        if key < PLACES:
            return "variant", key - 1, index.row(), -1
        g, v = self._variants[key - PLACES]
        return "place", g, v, index.row()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        level, g, v, p = self._where(index)
        if role == Qt.ItemDataRole.DisplayRole:
            group = self.groups[g]
            if level == "fact":
                return self._fact_text(group)
            if level == "variant":
                return self._variant_text(group, v)
            return self._place_text(self._sorted(g, v)[p])
        if role == Qt.ItemDataRole.ToolTipRole and level == "fact" and self.groups[g].conflict:
            return self.tr("Its variants look like one value misread.")
        if role == LevelRole:
            return level
        if role == GroupRole:
            return g
        if role == VariantRole:
            return v if v >= 0 else None
        if role == PlaceRole and level == "place":
            fact = self._sorted(g, v)[p]
            return (fact.page, fact.start, fact.end)
        return None

    def _fact_text(self, group: FactGroup) -> str:
        value = group.variants[0].value if group.variants else ""
        label = f" ({group.label})" if group.label else ""
        text = f"{self.kind_word(group.kind)}{label}: {value}"
        if group.conflict:
            text = f"{CONFLICT_MARK} " + text + " " + self.tr("— read differently")
        return text

    def _variant_text(self, group: FactGroup, v: int) -> str:
        variant = group.variants[v]
        pages = page_ranges(variant.pages)
        if v == 0 and len(group.variants) > 1:
            return self.tr("{0}: p. {1} (the majority)").format(variant.value, pages)
        return self.tr("{0}: p. {1}").format(variant.value, pages)

    def _place_text(self, fact: Fact) -> str:
        return self.tr("p. {0}: {1}").format(fact.page + 1, fact.value)

    def _sorted(self, g: int, v: int) -> tuple[Fact, ...]:
        number = self._first_variant[g] + v
        if number not in self._places:  # sorted once asked for (most are never opened)
            places = self.groups[g].variants[v].places
            self._places[number] = tuple(sorted(places, key=lambda f: (f.page, f.start)))
        return self._places[number]

    # -- what a row is ----------------------------------------------------------------------

    def group_at(self, index: Index) -> FactGroup | None:
        return self.groups[self._where(index)[1]] if index.isValid() else None

    def variant_at(self, index: Index) -> FactVariant | None:
        if not index.isValid():
            return None
        _level, g, v, _p = self._where(index)
        return self.groups[g].variants[v] if v >= 0 else None

    def conflicts(self) -> int:
        return sum(1 for g in self.groups if g.conflict)
