"""The Table dock's grid: a QTableView that moves like a spreadsheet.

Tab / Shift+Tab go to the next / previous cell (a merged cell is one stop; the
end of a row wraps to the next), Enter commits an edit and goes down, F2 or
typing starts an edit, and Esc (outside an edit) hands the keyboard back to the
transcript (``leave_wanted``). F8 / Shift+F8 go to the next / previous flagged
cell (``flag_step_wanted``), as they go to the next / previous flag in the
transcript: the window's own F8 is not asked while the grid has the keyboard.
In the cell editor they commit what was typed first, as Enter and Tab do.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QRegion
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QStyledItemDelegate,
    QTableView,
    QWidget,
)

from gui.tables.grid_model import TableGridModel

AnyIndex = QModelIndex | QPersistentModelIndex
Cursor = QAbstractItemView.CursorAction
Hint = QAbstractItemDelegate.EndEditHint
_NO_MODIFIER = Qt.KeyboardModifier.NoModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier
Place = tuple[int, int]


def flag_key(event: QKeyEvent) -> int:
    """1 for F8, -1 for Shift+F8, else 0."""
    if event.key() != Qt.Key.Key_F8:
        return 0
    modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if modifiers == _NO_MODIFIER:
        return 1
    return -1 if modifiers == _SHIFT else 0


class _CellDelegate(QStyledItemDelegate):
    """The cell editor's keys (the delegate filters its editor's events): F8 / Shift+F8
    there are the grid's, not the window's Next Difference."""

    def __init__(self, view: TableGridView) -> None:
        super().__init__(view)
        self._view = view

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if isinstance(event, QKeyEvent) and (step := flag_key(event)):
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # a key for the editor: the window's shortcut is not run
                return True
            if event.type() == QEvent.Type.KeyPress:
                self._view.step_from_editor(step)
                return True
        return super().eventFilter(editor, event)


class TableGridView(QTableView):
    leave_wanted = Signal()  # Esc outside an edit: back to the transcript
    flag_step_wanted = Signal(int)  # F8 (1) / Shift+F8 (-1) outside an edit

    def __init__(self, model: TableGridModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.grid = model
        self.setTabKeyNavigation(True)  # Tab moves between cells, not out of the grid
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed  # F2
            | QAbstractItemView.EditTrigger.AnyKeyPressed  # typing replaces the value
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)  # 中文 typed starts an edit
        self.setWordWrap(True)
        self.setAccessibleName(self.tr("Table cells"))
        self.setItemDelegate(_CellDelegate(self))

    def show_spans(self) -> None:
        """Draw the model's merged cells (after each new table: a reset forgets them)."""
        self.clearSpans()
        for row, column, rows, columns in self.grid.spans():
            self.setSpan(row, column, rows, columns)

    def go_to(self, row: int, column: int) -> None:
        """Make (row, column), clamped to the grid, the current cell."""
        rows, columns = self.grid.rowCount(), self.grid.columnCount()
        if not rows or not columns:
            return
        index = self.grid.index(min(max(row, 0), rows - 1), min(max(column, 0), columns - 1))
        self.setCurrentIndex(index)
        self.scrollTo(index)

    def go_to_flag(self, step: int) -> bool:
        """The next (``step`` 1) or previous (-1) flagged cell after the current one in
        reading order, wrapping round; False when no cell is flagged."""
        place = self._flag_after(step)
        if place is not None:
            self.go_to(*place)
        return place is not None

    def _flag_after(self, step: int) -> Place | None:
        stops = self.grid.findings.stops()
        if not stops:
            return None
        here = self.currentIndex()
        at = (here.row(), here.column()) if here.isValid() else (-1, -1)
        if step > 0:
            return next((p for p in stops if p > at), stops[0])
        return next((p for p in reversed(stops) if p < at), stops[-1])

    def step_from_editor(self, step: int) -> None:
        """F8 / Shift+F8 in the cell editor: what was typed is committed, then the next /
        previous flagged cell. Found before the commit: an edit leaves the grid unflagged
        until the page's next review, and a cell's new content leaves every place where
        it was, so the reviewer goes on through the findings being fixed."""
        place = self._flag_after(step)
        self.finish_edit()
        if place is None:
            self.flag_step_wanted.emit(step)  # none: the dock says why
        else:
            self.go_to(*place)

    def finish_edit(self) -> None:
        """Commit the cell editor, if one is open: a row or column edit made while a cell
        is being typed keeps what was typed, as a spreadsheet does (the grid's reset
        after the edit would close the editor and drop it)."""
        if self.state() != QAbstractItemView.State.EditingState:
            return
        editor = self.indexWidget(self.currentIndex())
        if editor is not None:
            self.commitData(editor)
            super().closeEditor(editor, Hint.NoHint)

    # -- moving -------------------------------------------------------------------------------

    def moveCursor(self, action: Cursor, modifiers: Qt.KeyboardModifier) -> QModelIndex:
        if action in (Cursor.MoveNext, Cursor.MovePrevious):
            step = 1 if action is Cursor.MoveNext else -1
            return self._next_stop(self.currentIndex(), step)
        return super().moveCursor(action, modifiers)

    def _next_stop(self, index: QModelIndex, step: int) -> QModelIndex:
        """The next (or previous) place a cell starts, in reading order, wrapping at the end."""
        rows, columns = self.grid.rowCount(), self.grid.columnCount()
        total = rows * columns
        if not total:
            return QModelIndex()
        at = index.row() * columns + index.column() if index.isValid() else -step
        here = self.grid.cell(index.row(), index.column()) if index.isValid() else None
        for _ in range(total):
            at = (at + step) % total
            row, column = divmod(at, columns)
            cell = self.grid.cell(row, column)
            # A stop: where a cell starts (a merged cell once), or a ragged row's gap.
            if cell is None or (cell is not here and (cell.row, cell.column) == (row, column)):
                return self.grid.index(row, column)
        return index

    def _flag_step(self, event: QKeyEvent) -> int:
        """1 for F8, -1 for Shift+F8 outside an edit (in one: the editor's), else 0."""
        if self.state() == QAbstractItemView.State.EditingState:
            return 0
        return flag_key(event)

    def event(self, event: QEvent) -> bool:
        # F8 is also the window's Next Difference: taken here as a key, not a shortcut.
        override = event.type() == QEvent.Type.ShortcutOverride
        if override and isinstance(event, QKeyEvent) and self._flag_step(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if step := self._flag_step(event):
            self.flag_step_wanted.emit(step)
            event.accept()
            return
        key = event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
            # In an edit, the editor passed Enter on: the delegate has posted the commit,
            # whose closeEditor goes down. Moving now would commit it at once, and then
            # the posted close would go down a second time (or, on the last row, not at all).
            if self.state() != QAbstractItemView.State.EditingState:
                self._step_down()
            event.accept()
            return
        if key == Qt.Key.Key_Escape and plain:
            self.leave_wanted.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    # -- focus: the current cell's frame alone is repainted -----------------------------------

    def focusInEvent(self, event: QFocusEvent) -> None:
        """QAbstractItemView repaints its whole viewport when the focus comes or goes, and
        QWidget the whole view (frame, scroll bars, the dock behind them): each Enter (the
        cell editor closes, the grid takes the focus back) painted every visible cell and
        the dock again, half of the Enter's stall in a 40×40 table (bench). What the focus
        changes is the current cell's focus frame (a selected cell's colour follows the
        window's activation, not the focus) and the view's frame, so those alone are
        repainted. With no current cell, Qt's own handling chooses one."""
        if not self.currentIndex().isValid():
            super().focusInEvent(event)
            return
        self._focus_changed()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        if not self.currentIndex().isValid():
            super().focusOutEvent(event)
            return
        self._focus_changed()

    def _focus_changed(self) -> None:
        self.viewport().update(self.visualRect(self.currentIndex()))
        frame = QRegion(self.rect()).subtracted(QRegion(self.contentsRect()))
        self.update(frame)  # a style may draw the focus on the frame

    def closeEditor(self, editor: QWidget, hint: Hint) -> None:
        """Enter commits and goes down; Tab / Shift+Tab commit and go on, without
        opening the next cell's editor (a spreadsheet's way)."""
        editing = self.state() == QAbstractItemView.State.EditingState
        target = self._after_edit(hint) if editing else None
        if target is not None and target.isValid():
            # Scrolled to while the editor is still open: the rows shown move and only
            # the new one is painted. Scrolled once the editor had closed (its place
            # still to be painted), Qt repainted the whole viewport: 3-4 ms of an Enter
            # on a 40x40 table's last row shown (bench; its scroll bar is repainted
            # either way).
            self.scrollTo(target)
        super().closeEditor(editor, Hint.NoHint)
        # not editing: a posted close of an editor closed already (the current moved)
        if target is not None and target.isValid():
            self.setCurrentIndex(target)

    def _after_edit(self, hint: Hint) -> QModelIndex | None:
        """Where the current cell goes when an edit ends with ``hint``; None: it stays."""
        if hint is Hint.SubmitModelCache:
            return super().moveCursor(Cursor.MoveDown, Qt.KeyboardModifier.NoModifier)
        if hint in (Hint.EditNextItem, Hint.EditPreviousItem):
            return self._next_stop(self.currentIndex(), 1 if hint is Hint.EditNextItem else -1)
        return None

    def _step_down(self) -> None:
        index = super().moveCursor(Cursor.MoveDown, Qt.KeyboardModifier.NoModifier)
        if index.isValid():
            self.setCurrentIndex(index)
