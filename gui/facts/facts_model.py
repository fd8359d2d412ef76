"""The Facts dock's tree: each fact, its variants, and where each variant is read.

Three levels, each row knowing what it is (``LevelRole``): a fact (its kind, what it
belongs to, its majority value; a conflict is marked), a variant (its spelling, its
pages), an occurrence (a page and the span to select there).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from backend.i18n import list_join

LevelRole = Qt.ItemDataRole.UserRole + 1  # "fact", "variant" or "place"
GroupRole = Qt.ItemDataRole.UserRole + 2  # the row's group's index in ``groups``
VariantRole = Qt.ItemDataRole.UserRole + 3  # the variant's index in its group
PlaceRole = Qt.ItemDataRole.UserRole + 4  # (page, start, end) of an occurrence

Index = QModelIndex | QPersistentModelIndex
CONFLICT_MARK = "⚠"


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


class FactsModel(QStandardItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.groups: list[FactGroup] = []

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
        self.clear()
        self.groups = sorted(groups, key=lambda g: not g.conflict)
        for number, group in enumerate(self.groups):
            self.appendRow(self._fact_row(number, group))

    def _fact_row(self, number: int, group: FactGroup) -> QStandardItem:
        value = group.variants[0].value if group.variants else ""
        label = f" ({group.label})" if group.label else ""
        text = f"{self.kind_word(group.kind)}{label}: {value}"
        if group.conflict:
            text = f"{CONFLICT_MARK} " + text + " " + self.tr("— read differently")
        item = self._item(text, "fact", number)
        if group.conflict:
            item.setToolTip(self.tr("Its variants look like one value misread."))
        for v_number, variant in enumerate(group.variants):
            item.appendRow(self._variant_row(number, v_number, variant, group))
        return item

    def _variant_row(
        self, number: int, v_number: int, variant: FactVariant, group: FactGroup
    ) -> QStandardItem:
        pages = page_ranges(variant.pages)
        if v_number == 0 and len(group.variants) > 1:
            text = self.tr("{0}: p. {1} (the majority)").format(variant.value, pages)
        else:
            text = self.tr("{0}: p. {1}").format(variant.value, pages)
        item = self._item(text, "variant", number)
        item.setData(v_number, VariantRole)
        for fact in sorted(variant.places, key=lambda f: (f.page, f.start)):
            place = self._item(self._place_text(fact), "place", number)
            place.setData(v_number, VariantRole)
            place.setData((fact.page, fact.start, fact.end), PlaceRole)
            item.appendRow(place)
        return item

    def _place_text(self, fact: Fact) -> str:
        return self.tr("p. {0}: {1}").format(fact.page + 1, fact.value)

    @staticmethod
    def _item(text: str, level: str, group: int) -> QStandardItem:
        item = QStandardItem(text)
        item.setEditable(False)
        item.setData(level, LevelRole)
        item.setData(group, GroupRole)
        return item

    # -- what a row is ----------------------------------------------------------------------

    def group_at(self, index: Index) -> FactGroup | None:
        number = index.data(GroupRole)
        return self.groups[int(number)] if number is not None else None

    def variant_at(self, index: Index) -> FactVariant | None:
        group, number = self.group_at(index), index.data(VariantRole)
        return group.variants[int(number)] if group is not None and number is not None else None

    def conflicts(self) -> int:
        return sum(1 for g in self.groups if g.conflict)
