"""The Compare Runs report's table of pages (``gui.aids.eval_dialog``): one row per
page, each cell with a value to sort by (``SortRole``) besides the text shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from backend.i18n import and_join, list_join
from backend.review.diagnosis_names import kinds_named
from backend.review.percent import agreement_percent

if TYPE_CHECKING:
    from backend.review.run_eval import EvalReport, PageEval

AnyIndex = QModelIndex | QPersistentModelIndex
CATEGORIES = ("layout", "punctuation", "glyph", "substantive")  # DiffCategory values
SortRole = Qt.ItemDataRole.UserRole + 1  # a cell's value to sort by: numbers as numbers


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


class EvalPagesModel(QAbstractTableModel):
    """One row per page: agreement, differences by category, critical count, CER, and
    the whole-page problems named on side A's text."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pages: list[PageEval] = []
        self.gold = False

    def set_report(self, report: EvalReport | None) -> None:
        self.beginResetModel()
        self.pages = [] if report is None else list(report.pages)
        self.gold = bool(report and report.gold)
        self.endResetModel()

    def headers(self) -> list[str]:
        names = [
            self.tr("Page"),
            self.tr("Agreement"),
            self.tr("Layout"),
            self.tr("Punctuation"),
            self.tr("Glyph"),
            self.tr("Substantive"),
            self.tr("Critical"),
        ]
        return (
            names
            + ([self.tr("CER")] if self.gold else [])
            + [self.tr("Whole-page problems"), self.tr("Note")]
        )

    def numeric(self, column: int) -> bool:
        """A column of numbers (right-aligned, here and in the Markdown): all but the
        page and the two columns of words at the end."""
        return 0 < column < len(self.headers()) - 2

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.pages)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers())

    def row_values(self, p: PageEval) -> list[str]:
        counts = [
            str(p.differences.get(c, 0)) if p.agreement is not None else "" for c in CATEGORIES
        ]
        note = self.tr("no text for {0}").format(and_join(p.missing)) if p.missing else ""
        # Each kind once, named as the page list, the queue and the CLI name it.
        problems = list_join(kinds_named(p.diagnoses))
        values = [str(p.page + 1), agreement_percent(p.agreement), *counts, str(len(p.critical))]
        return values + ([percent(p.cer)] if self.gold else []) + [problems, note]

    def sort_values(self, p: PageEval) -> list[Any]:
        """``row_values`` as sorted: numbers by value (page 10 after page 9), no value
        below any (-1), words as shown."""
        missing = p.agreement is None
        counts = [-1 if missing else p.differences.get(c, 0) for c in CATEGORIES]
        agreement = -1.0 if p.agreement is None else p.agreement
        values: list[Any] = [p.page, agreement, *counts, len(p.critical)]
        cer = [-1.0 if p.cer is None else p.cer] if self.gold else []
        return values + cer + self.row_values(p)[-2:]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.pages):
            return None
        page = self.pages[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.row_values(page)[index.column()]
        if role == SortRole:
            return self.sort_values(page)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and self.numeric(index.column()):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers()[section]
        return None
