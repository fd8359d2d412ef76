"""One table of the transcript as a Qt grid model: what the Table dock's view shows.

The model holds no text of its own: it shows a ``Table`` (a reading of the
transcript's markup) and, when the reader edits a cell, asks for the edit
(``cell_edit_wanted``) instead of changing itself. The dock applies the edit to
the transcript and hands back the table read again, so the grid and the text
never disagree.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from backend.tables import Table, TableCell

AnyIndex = QModelIndex | QPersistentModelIndex
HEADER_BACKGROUND = QColor(226, 232, 240)  # a light slate: header rows read apart
HEADER_TEXT = QColor(20, 20, 20)  # its own text colour, readable on the light fill in any theme


class TableGridModel(QAbstractTableModel):
    # (row, column, value): the reader typed ``value`` into the cell at (row, column)
    cell_edit_wanted = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table: Table | None = None
        # Grid position → the cell filling it: ``Table.cell_at`` walks every cell, which
        # for a 40×40 table's 1,600 positions would be 2.5 million steps on each paint.
        self._at: dict[tuple[int, int], TableCell] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    def set_table(self, table: Table | None) -> bool:
        """Show ``table``. A table of the same shape (a cell's text changed) only
        repaints, so the current cell and an open editor stay; another shape resets
        the grid. True when it was reset."""
        at: dict[tuple[int, int], TableCell] = {}
        for cell in () if table is None else table.cells:
            for r in range(cell.row, cell.row + cell.row_span):
                for c in range(cell.column, cell.column + cell.column_span):
                    at.setdefault((r, c), cell)  # overlapping spans: the first wins
        if table is not None and self.table is not None and _shape(table) == _shape(self.table):
            self.table, self._at = table, at
            last = self.index(len(table.rows) - 1, table.columns - 1)
            self.dataChanged.emit(self.index(0, 0), last)
            return False
        self.beginResetModel()
        self.table, self._at = table, at
        self.endResetModel()
        return True

    def cell(self, row: int, column: int) -> TableCell | None:
        """The cell filling (row, column), or None (a ragged row's gap)."""
        return self._at.get((row, column))

    def spans(self) -> list[tuple[int, int, int, int]]:
        """(row, column, row span, column span) of every cell that fills more than one place."""
        if self.table is None:
            return []
        return [
            (c.row, c.column, c.row_span, c.column_span)
            for c in self.table.cells
            if c.row_span > 1 or c.column_span > 1
        ]

    # -- QAbstractTableModel ----------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else len(self.table.rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else self.table.columns

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self.cell(index.row(), index.column()) if index.isValid() else None
        if cell is None or (cell.row, cell.column) != (index.row(), index.column()):
            return None  # a gap, or a place a merged cell covers: drawn by its first place
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return cell.value
        if cell.header and role == Qt.ItemDataRole.FontRole:
            return self._bold
        if cell.header and role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(HEADER_BACKGROUND)
        if cell.header and role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(HEADER_TEXT)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        cell = self.cell(index.row(), index.column())
        if cell is None:  # a gap: nothing in the markup to edit
            return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        cell = self.cell(index.row(), index.column()) if index.isValid() else None
        if cell is None or role != Qt.ItemDataRole.EditRole or str(value) == cell.value:
            return False
        # The transcript changes; the table read from it comes back through ``set_table``.
        self.cell_edit_wanted.emit(cell.row, cell.column, str(value))
        return True

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return _column_name(section)
        return str(section + 1)


def _shape(table: Table) -> tuple[object, ...]:
    """What the grid's layout depends on: its size and where each cell sits and spans."""
    return (
        len(table.rows),
        table.columns,
        tuple((c.row, c.column, c.row_span, c.column_span, c.header) for c in table.cells),
    )


def _column_name(index: int) -> str:
    """A, B, …, Z, AA, AB, …: as a spreadsheet names its columns."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name
