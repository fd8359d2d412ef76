"""One table of the transcript as a Qt grid model: what the Table dock's view shows.

The model holds no text of its own: it shows a ``Table`` (a reading of the
transcript's markup) and, when the reader edits a cell, asks for the edit
(``cell_edit_wanted``) instead of changing itself. The dock applies the edit to
the transcript and hands back the table read again, so the grid and the text
never disagree.

Cells the page's review finds out of place (``cell_flags``) are painted in the
transcript's critical-flag red, with what is wrong as their tooltip and accessible
description; a row flagged as a whole has every place and its number flagged.
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
from gui.tables.cell_flags import NO_FLAGS, CellFlags
from gui.widgets.theme import text_on

AnyIndex = QModelIndex | QPersistentModelIndex
_Role = Qt.ItemDataRole
_DISPLAY, _EDIT, _FONT = _Role.DisplayRole, _Role.EditRole, _Role.FontRole
_BACKGROUND, _FOREGROUND = _Role.BackgroundRole, _Role.ForegroundRole
_TIP, _DESCRIPTION = _Role.ToolTipRole, _Role.AccessibleDescriptionRole
_ROLES = frozenset(
    int(r) for r in (_DISPLAY, _EDIT, _FONT, _BACKGROUND, _FOREGROUND, _TIP, _DESCRIPTION)
)
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_SELECTABLE = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDITABLE = _SELECTABLE | Qt.ItemFlag.ItemIsEditable
HEADER_BACKGROUND = QColor(226, 232, 240)  # a light slate: header rows read apart
HEADER_TEXT = QColor(20, 20, 20)  # its own text colour, readable on the light fill in any theme
# A flagged cell: the transcript's legal-critical flag red (gui.aids.diff_highlight's
# CRITICAL_BG; features import no other feature's module), its text ``text_on`` it as
# there, so it reads in a dark theme too. A cell out of place is as grave: an amount
# under another column.
FLAG_BACKGROUND = QColor("#ef9a9a")
ROW_FLAG = "\u26a0 {0}"  # a flagged row's number: a sign besides the colour


class TableGridModel(QAbstractTableModel):
    # (row, column, value): the reader typed ``value`` into the cell at (row, column)
    cell_edit_wanted = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table: Table | None = None
        # Grid position → the cell that starts there: ``Table.cell_at`` walks every cell,
        # which for a 40×40 table's 1,600 places would be 2.5 million steps a paint.
        self._starts: dict[tuple[int, int], TableCell] = {}
        self._covered: dict[tuple[int, int], TableCell] = {}  # places a merged cell fills
        self._shape: tuple[object, ...] = ()
        self._bold = QFont()
        self._bold.setBold(True)
        self._header_fill, self._header_text = QBrush(HEADER_BACKGROUND), QBrush(HEADER_TEXT)
        self._flag_fill, self._flag_text = QBrush(FLAG_BACKGROUND), QBrush(text_on(FLAG_BACKGROUND))
        self.findings: CellFlags = NO_FLAGS
        self.continued: tuple[str, ...] = ()  # the header it continues (the page before's)
        self._flagged: dict[tuple[int, int], str] = {}  # ``flags.cells``, looked up per paint

    def set_flags(self, flags: CellFlags) -> None:
        """Flag the cells ``flags`` names (of the table shown); only the places whose
        flag came, went or changed are repainted."""
        old = self.findings
        self.findings, self._flagged = flags, flags.cells  # a whole table's too: F8 stops
        if flags is old or (not flags.cells and not old.cells):
            return
        rows, columns = self.rowCount(), self.columnCount()
        for place in old.cells.keys() | flags.cells.keys():
            changed = old.cells.get(place) != flags.cells.get(place)
            if changed and place[0] < rows and place[1] < columns:
                index = self.index(*place)
                self.dataChanged.emit(index, index)
        for row in old.rows.keys() | flags.rows.keys():
            if row < rows and old.rows.get(row) != flags.rows.get(row):
                self.headerDataChanged.emit(Qt.Orientation.Vertical, row, row)

    def set_table(self, table: Table | None, *, same_shape: bool = False) -> bool:
        """Show ``table``. A table of the same shape (a cell's text changed) repaints only
        the cells whose value changed, so the current cell and an open editor stay;
        another shape resets the grid. True when it was reset. ``same_shape``: the
        caller knows the shape is the one shown (its cells' places are not compared)."""
        if same_shape and table is not None and self.table is not None:
            return self._same_shape(table)
        cells = () if table is None else table.cells
        starts = {(c.row, c.column): c for c in cells}
        covered: dict[tuple[int, int], TableCell] = {}
        for cell in cells:
            if cell.row_span > 1 or cell.column_span > 1:
                for r in range(cell.row, cell.row + cell.row_span):
                    for c in range(cell.column, cell.column + cell.column_span):
                        covered.setdefault((r, c), cell)
        shape = () if table is None else _shape(table)
        if table is not None and self.table is not None and shape == self._shape:
            old, self.table, self._starts, self._covered = self._starts, table, starts, covered
            for place, cell in starts.items():
                if old[place].value != cell.value:
                    index = self.index(*place)
                    self.dataChanged.emit(index, index)
            return False
        self.beginResetModel()
        self.table, self._starts, self._covered, self._shape = table, starts, covered, shape
        self.findings, self._flagged = NO_FLAGS, {}  # another table: the dock flags it afresh
        self.endResetModel()
        return True

    def _same_shape(self, table: Table) -> bool:
        """``table`` in place of the one shown, whose places and spans it keeps: only
        the cells whose value changed are repainted, and no shape is compared."""
        old = self._starts
        starts: dict[tuple[int, int], TableCell] = {}
        covered: dict[tuple[int, int], TableCell] = {}
        for row in table.rows:
            for cell in row.cells:
                starts[(cell.row, cell.column)] = cell
                if cell.row_span > 1 or cell.column_span > 1:
                    for r in range(cell.row, cell.row + cell.row_span):
                        for c in range(cell.column, cell.column + cell.column_span):
                            covered.setdefault((r, c), cell)
        self.table, self._starts, self._covered = table, starts, covered
        for place, cell in starts.items():
            if old[place].value != cell.value:
                index = self.index(*place)
                self.dataChanged.emit(index, index)
        return False

    def cell(self, row: int, column: int) -> TableCell | None:
        """The cell filling (row, column), or None (a ragged row's gap)."""
        return self._starts.get((row, column)) or self._covered.get((row, column))

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
        # Called for every role of every cell painted: the common misses leave first.
        if role not in _ROLES:
            return None
        place = (index.row(), index.column())
        cell = self._starts.get(place)
        if role in (_DISPLAY, _EDIT):
            # None: a gap, or a place a merged cell covers: drawn by its first place.
            return None if cell is None else cell.value
        flag = self._flagged.get(place) if self._flagged else None
        if flag is not None and role != _FONT:  # a gap of a row flagged whole is flagged too
            if role == _BACKGROUND:
                return self._flag_fill
            return self._flag_text if role == _FOREGROUND else flag
        if cell is None or not cell.header:
            return None
        if role == _FONT:
            return self._bold
        if role == _BACKGROUND:
            return self._header_fill
        return self._header_text if role == _FOREGROUND else None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return _NO_FLAGS
        if (index.row(), index.column()) in self._starts:
            return _EDITABLE
        return _SELECTABLE  # a gap or a covered place: nothing in the markup to edit there

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
        if orientation == Qt.Orientation.Horizontal:
            return self._column_header(section, role)
        flag = self.findings.rows.get(section)
        if role == _DISPLAY:
            return str(section + 1) if flag is None else ROW_FLAG.format(section + 1)
        if flag is None:
            return None
        if role == _BACKGROUND:
            return self._flag_fill
        if role == _FOREGROUND:
            return self._flag_text
        return flag if role in (_TIP, _DESCRIPTION) else None

    def set_continued(self, header: tuple[str, ...]) -> None:
        """The header of the table the page before ends with, which the table shown
        continues (``backend.tables.continued``; () when none): shown over its columns."""
        if header != self.continued:
            self.continued = header
            if self.columnCount():
                self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def _column_header(self, section: int, role: int) -> Any:
        name = _column_name(section)
        words = self.continued[section] if section < len(self.continued) else ""
        if role == _DISPLAY:
            return f"{name} {words}" if words else name
        if role in (_TIP, _DESCRIPTION) and self.continued:
            return self.tr("The table on the page before has this header: {0}").format(words or "—")
        return None


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
