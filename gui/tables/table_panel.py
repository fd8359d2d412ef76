"""What the Table dock holds: the grid, or a quiet line when the cursor is in no table.

Above the grid, a notice bar says what is wrong with a malformed table's markup
(the catalogue's message: an unclosed tag, ragged rows), and a line in the flag red
what the page's review finds wrong with the whole table (another number of rows
than the scan's: no cell to flag); below it, a line says why the last edit could
not be made. None stops the reader.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from backend.tables import Table
from gui.tables.grid_model import FLAG_BACKGROUND, TableGridModel
from gui.tables.grid_view import TableGridView
from gui.widgets.notice_bar import NoticeBar
from gui.widgets.theme import text_on


class TablePanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = TableGridModel(self)
        self.view = TableGridView(self.model, self)
        self.notice = NoticeBar(self)
        self.empty = QLabel(self.tr("No table at the cursor."), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)  # greyed: a state, not a message
        self.problem = QLabel(self)  # why the last table edit was refused
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.hide()
        # The review's finding over the whole table, on a bar of its own colour with its
        # own text colour (as the notice bar), readable in any theme.
        self.finding_bar = QFrame(self)
        self.finding_bar.setObjectName("table-finding")
        self.finding_bar.setStyleSheet(
            f"#table-finding {{ background: {FLAG_BACKGROUND.name()}; }}"
            f"#table-finding QLabel {{ color: {text_on(FLAG_BACKGROUND).name()}; }}"
        )
        self.finding = QLabel(self.finding_bar)
        self.finding.setWordWrap(True)
        self.finding.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout(self.finding_bar)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.finding)
        self.finding_bar.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.notice)
        layout.addWidget(self.finding_bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.problem)
        self.show_table(None)

    def show_table(self, table: Table | None, *, same_shape: bool = False) -> bool:
        """Show ``table`` (None: the quiet line); True when the grid was laid out afresh
        (another shape: the current cell is to be chosen again). ``same_shape``: the
        table shown, a cell's content changed; its notices are the same kinds too."""
        fresh = self.model.set_table(table, same_shape=same_shape)
        if fresh:
            self.view.show_spans()
        if same_shape:
            return fresh
        self.view.setVisible(table is not None)
        self.empty.setVisible(table is None)
        notices = [] if table is None else [n.message for n in table.notices]
        self.notice.show_notices(list(dict.fromkeys(notices)))  # one line per kind of fault
        return fresh

    def show_finding(self, details: str) -> None:
        """The review's findings over the whole table shown ("": none), one a line."""
        lines = [self.tr("Whole table: {0}").format(d) for d in details.splitlines() if d]
        self.finding.setText("\n".join(lines))
        self.finding.setAccessibleDescription(self.finding.text())
        self.finding_bar.setVisible(bool(lines) and self.view.isVisibleTo(self))

    def say_problem(self, message: str) -> None:
        """Why an edit was refused ("" hides it): shown until the next edit or table."""
        self.problem.setText(message)
        self.problem.setVisible(bool(message))
