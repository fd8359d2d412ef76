"""The Table dock: the transcript's table at the cursor as a grid, beside the scan.

The transcript stays the one source of truth. The grid shows a reading of the
table's markup (``backend.tables.table_at``); a cell typed into becomes a
``TextEdit`` (``backend.tables.set_cell``, or a row/column edit) applied to the
editor's own document in one undo step, so Ctrl+Z in the transcript undoes it and
autosave saves it as typed text; then the table is read again.

The grid follows the transcript cursor, read again only while the dock is shown
and only once the cursor rests (``FOLLOW_MS``); back in the transcript (Esc, or
Ctrl+T again), its cursor is on the grid's cell.

The page's review flags the cells its table findings name (``cell_flags``), only
while the review is of the page and the very text the table shown was read from:
an edit, here or in the transcript, leaves the grid unflagged until the page's
next review. F8 / Shift+F8 in the grid step through the flagged cells.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QObject, QTimer
from PySide6.QtWidgets import QApplication

from backend import tables
from backend.errors import ProofDeskError
from backend.models import LayoutRegions, box_union
from backend.review.values import PageReview
from backend.tables import Table, TableCell, TextEdit, table_at
from gui.context import ActionSpec, Host
from gui.tables.apply_edit import apply_to_document, utf16_position
from gui.tables.cell_flags import NO_FLAGS, TABLE_STOP, cell_flags, with_rows
from gui.tables.grid_actions import GridActions
from gui.tables.region_mark import RegionMark
from gui.tables.reread import after_set_cell
from gui.tables.scan_boxes import Box, cell_boxes, table_region
from gui.tables.table_panel import TablePanel
from gui.tables.whole_table import NOTHING, continued_header, whole_table_marks
from gui.widgets.page_view import PageView
from gui.widgets.transcript_editor import TranscriptEditor

FOLLOW_MS = 150  # a cursor held down or typing re-reads the table once it rests
OPEN_KEYS = ("Ctrl+T",)  # T for table; docs/SHORTCUTS.md: no desktop takes it

Make = Callable[[str, Table], TextEdit]  # (the transcript, its table) → the edit


def _no_layout(_page: int) -> LayoutRegions | None:
    return None


class TableDock(QObject):
    def __init__(
        self,
        host: Host,
        editor: TranscriptEditor,
        page_view: PageView,
        current_page: Callable[[], int],
        layout: Callable[[int], LayoutRegions | None] | None = None,
    ) -> None:
        """``layout``: the page's layout when known (never detects), for the table's
        region on the scan; None: no layout is ever known."""
        parent = host.dialog_parent()
        super().__init__(parent)
        self.host, self.editor, self.page_view = host, editor, page_view
        self._current_page = current_page
        self.panel = TablePanel(parent)
        self.dock = host.add_dock(self.panel, self.tr("Table"), "table")
        self.review: PageReview | None = None
        self._reviewed: str | None = None  # the text ``review`` was made of
        self.layout_of = layout or _no_layout
        self._layout: LayoutRegions | None = None  # the review's page's, when it came
        # The last table region found: (where its table starts, the review, the layout, it).
        self._region: tuple[object, object, object, Box | None] | None = None
        self.region_mark = RegionMark(page_view)
        self._uncounted = NOTHING  # the rows a finding over the whole table marks
        self._text: str | None = None  # the transcript the table shown was read from
        # The last table read at the cursor: (the transcript, the cursor's offset, the table).
        self._read: tuple[str, int, Table | None] | None = None
        self._follow = QTimer(self, singleShot=True, interval=FOLLOW_MS)
        self._follow.timeout.connect(self.refresh)
        edit = editor.editor
        edit.cursorPositionChanged.connect(self._schedule)
        edit.textChanged.connect(self._schedule)
        self.dock.visibilityChanged.connect(self._shown)
        view = self.panel.view
        view.selectionModel().currentChanged.connect(self._current_changed)
        view.leave_wanted.connect(self.back_to_transcript)
        view.flag_step_wanted.connect(self.step_flag)
        self.panel.model.cell_edit_wanted.connect(self.set_cell)
        self.grid_actions = GridActions(
            view,
            {
                "table_row_above": lambda: self.insert_row(below=False),
                "table_row_below": lambda: self.insert_row(below=True),
                "table_delete_row": self.delete_row,
                "table_column_left": lambda: self.insert_column(right=False),
                "table_column_right": lambda: self.insert_column(right=True),
                "table_delete_column": self.delete_column,
                "table_merge_right": lambda: self.merge(down=False),
                "table_merge_down": lambda: self.merge(down=True),
                "table_split": self.split,
            },
        )

    # -- following the transcript ---------------------------------------------------------

    def _shown(self, visible: bool) -> None:
        if visible:
            self.refresh()

    def _schedule(self) -> None:
        if self.dock.isVisible():  # hidden, nothing is read: typing costs nothing
            self._follow.start()

    def refresh(self) -> None:
        """Show the table at the transcript cursor (now; the timer calls it when the cursor
        rests). With the keyboard in the grid, its current cell stays where it is."""
        self._follow.stop()
        if not self.dock.isVisible():
            return
        text = self.editor.text()
        offset = self._cursor_offset(text)
        at = None if self.grid_focused() else offset
        read = self._read
        if read is not None and read[1] == offset and read[0] == text:
            table = read[2]  # Ctrl+T showing the dock: read by its visibilityChanged just now
        else:
            table = table_at(text, offset)
        self._show(table, text, at=at)
        self._read = (text, offset, table)

    def _show(
        self,
        table: Table | None,
        text: str,
        *,
        at: int | None = None,
        place: tuple[int, int] | None = None,
        same_shape: bool = False,
    ) -> None:
        """Show ``table`` read from ``text``; the current cell: the one at offset ``at``,
        else ``place`` (row, column), else where it was. ``same_shape``: ``table`` is the
        one shown with a cell's content changed (the grid need not compare shapes)."""
        self._follow.stop()  # what it would read is read
        self._read = None
        view = self.panel.view
        was = view.currentIndex()
        self._text = text
        fresh = self.panel.show_table(table, same_shape=same_shape)
        self._show_flags()
        if table is None:
            self.region_mark.show(None)  # no table in the grid: none outlined on the scan
            return
        cell = table.cell_at_offset(at) if at is not None else None
        if cell is not None:
            place = (cell.row, cell.column)
        elif place is None and (fresh or not was.isValid()):
            place = (max(was.row(), 0), max(was.column(), 0))
        if place is not None:
            view.go_to(*place)

    def _cursor_offset(self, text: str) -> int:
        units = self.editor.editor.textCursor().position()
        head = text.encode("utf-16-le")[: units * 2].decode("utf-16-le", errors="ignore")
        return len(head)

    def grid_focused(self) -> bool:
        focus = QApplication.focusWidget()
        view = self.panel.view
        return focus is not None and (focus is view or view.isAncestorOf(focus))

    def current_cell(self) -> TableCell | None:
        index = self.panel.view.currentIndex()
        return self.panel.model.cell(index.row(), index.column()) if index.isValid() else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        """Moving in the grid marks the cell on the scan. The transcript cursor goes to the
        cell only when the keyboard goes back (``back_to_transcript``): moving it on each
        step scrolled and repainted the transcript, half of an Enter's stall (bench)."""
        if self.grid_focused():
            self.mark_on_scan(self.panel.model.cell(current.row(), current.column()))

    def _put_cursor(self, cell: TableCell) -> None:
        edit = self.editor.editor
        cursor = edit.textCursor()
        cursor.setPosition(utf16_position(edit.toPlainText(), cell.start))
        edit.setTextCursor(cursor)

    # -- the scan ---------------------------------------------------------------------------

    def set_review(self, review: PageReview | None, text: str | None = None) -> None:
        """The page's review, made of ``text`` (None: the transcript as it is now, as
        the hub sends a review only for it): its table findings flag cells, its
        alternate's line boxes place cells on the scan, inside the table's region of
        the page's layout (asked for here: a page's layout found later reviews the
        page again)."""
        self.review = review
        self._reviewed = None if review is None else self.editor.text() if text is None else text
        self._layout = None if review is None else self.layout_of(review.page)
        self._show_flags()
        if self.region_mark.box is not None:  # outlined: of this review's page, or none
            self.mark_on_scan(self.current_cell() if self.grid_focused() else None)

    def mark_on_scan(self, cell: TableCell | None) -> None:
        review, layout = self.review, self._layout
        if review is not None and review.page != self._current_page():
            review = layout = None  # a late review of the page just left
        region = None if cell is None else self._table_region(review, layout)
        whole = cell is not None and bool(self.panel.model.findings.table)
        short = self._uncounted.short if whole else None
        self.region_mark.show(region, critical=whole, rows=short)
        boxes = [] if cell is None else cell_boxes(cell, review, region)
        self.page_view.set_highlight(box_union(boxes))

    def _show_flags(self) -> None:
        """Flag the cells of the table shown that the review's findings name, when the
        review is of this page and of the text the table was read from (else none:
        its offsets would name other cells)."""
        review, model = self.review, self.panel.model
        fresh = (
            review is not None
            and model.table is not None
            and review.page == self._current_page()
            and self._reviewed == self._text
        )
        flags = cell_flags(model.table, review) if fresh else NO_FLAGS
        self._uncounted = NOTHING
        if flags.table and model.table is not None and self._text is not None:
            self._uncounted = whole_table_marks(model.table, self._text, self._layout)
            beyond = self.tr("a row past the page's table's last (its rows counted from the top)")
            flags = with_rows(flags, self._uncounted.extra, beyond, model.table.columns)
        model.set_flags(flags)
        self.panel.show_finding(flags.table)
        model.set_continued(continued_header(model.table, self._text, review) if fresh else ())

    def step_flag(self, step: int) -> None:
        """F8 / Shift+F8 in the grid: the next / previous flagged cell, or why none. At
        the stop of a finding over the whole table, what it is (the line above the
        grid) is said in the status bar too, as a flagged cell's tooltip is not."""
        view = self.panel.view
        if view.go_to_flag(step):
            here = view.currentIndex()
            if self.panel.model.findings.table and (here.row(), here.column()) == TABLE_STOP:
                self.host.show_message(self.panel.finding.text(), 8000)
            return
        if self.review is not None and self._reviewed != self._text:
            message = self.tr("The table's findings come back when the page is reviewed again.")
        else:
            message = self.tr("No cell of this table is flagged.")
        self.host.show_message(message, 5000)

    def _table_region(self, review: PageReview | None, layout: LayoutRegions | None) -> Box | None:
        # Found once per table, review and layout: a cell edited (Enter) is the same
        # table on the scan, so the key is where its markup starts, not the reading.
        table, last = self.panel.model.table, self._region
        start = None if table is None else table.start
        if last is not None and last[0] == start and last[1] is review and last[2] is layout:
            return last[3]
        region = table_region(table, review, layout)
        self._region = (start, review, layout, region)
        return region

    # -- the keyboard between transcript and grid ---------------------------------------------

    def open_grid(self) -> None:
        """Ctrl+T: the grid on the cursor's cell; pressed in the grid, back to the transcript."""
        if self.grid_focused():
            self.back_to_transcript()
            return
        self.host.show_dock(self.dock)
        self.refresh()  # on the cursor's cell, even with the dock shown already
        self.panel.view.setFocus()
        self.mark_on_scan(self.current_cell())

    def back_to_transcript(self) -> None:
        cell = self.current_cell()
        if cell is not None:
            self._put_cursor(cell)
        self.editor.editor.setFocus()

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec("view", "table_dock", group="docks", action=self.dock.toggleViewAction()),
            ActionSpec(
                "edit", "table_at_cursor", self.tr("&Table at Cursor"), self.open_grid, OPEN_KEYS
            ),
        ]

    # -- edits: the transcript changes, the table is read again ------------------------------

    def set_cell(self, row: int, column: int, value: str) -> bool:
        return self._edit(
            lambda text, t: tables.set_cell(text, t, row, column, value), (row, column), cell=True
        )

    def insert_row(self, below: bool) -> bool:
        row, column = self._place()
        return self._edit(
            lambda text, t: tables.insert_row(text, t, row, below=below),
            (row + below, column),
        )

    def delete_row(self) -> bool:
        row, column = self._place()
        return self._edit(lambda text, t: tables.delete_row(text, t, row), (row, column))

    def insert_column(self, right: bool) -> bool:
        row, column = self._place()
        return self._edit(
            lambda text, t: tables.insert_column(text, t, column, right=right),
            (row, column + right),
        )

    def delete_column(self) -> bool:
        row, column = self._place()
        return self._edit(lambda text, t: tables.delete_column(text, t, column), (row, column))

    def merge(self, down: bool) -> bool:
        row, column = self._place()
        return self._edit(
            lambda text, t: tables.merge_cells(text, t, row, column, down=down), (row, column)
        )

    def split(self) -> bool:
        row, column = self._place()
        return self._edit(lambda text, t: tables.split_cell(text, t, row, column), (row, column))

    def _place(self) -> tuple[int, int]:
        """The current cell's top-left corner (a merged cell is edited as a whole), once
        what is being typed in it is in the transcript."""
        self.panel.view.finish_edit()
        cell = self.current_cell()
        if cell is not None:
            return cell.row, cell.column
        index = self.panel.view.currentIndex()
        return max(index.row(), 0), max(index.column(), 0)

    def _edit(self, make: Make, place: tuple[int, int], *, cell: bool = False) -> bool:
        """Apply ``make``'s edit to the transcript as one undo step, or say why not.
        ``cell``: the edit is one cell's content (Enter), so only its row is read again
        (``after_set_cell``) and, the grid's shape unchanged, only its cell repainted."""
        text = self.editor.text()
        if text != self._text:  # typed in the transcript since: read the table again
            self.refresh()
        table = self.panel.model.table
        if table is None:
            return False
        if self.editor.editor.isReadOnly():
            return self._refuse(self.tr("This page's text cannot be changed now."))
        try:
            edit = make(text, table)
        except ProofDeskError as exc:  # merging in Markdown, say: nothing changes
            return self._refuse(str(exc))
        self.panel.say_problem("")
        apply_to_document(self.editor.editor.document(), text, edit)
        text = self.editor.text()
        quick = after_set_cell(text, table, edit) if cell else None
        after = table_at(text, edit.start) if quick is None else quick
        self._show(after, text, place=place, same_shape=quick is not None)
        return True

    def _refuse(self, message: str) -> bool:
        self.panel.say_problem(message)
        self.host.show_message(message, 8000)
        return False
