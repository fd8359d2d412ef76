"""The Table dock follows the transcript cursor into and out of tables, and Ctrl+T / Esc
move the keyboard between the transcript and the grid, on the same cell."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from backend.models import AltLine, AltText
from backend.review.values import PageReview
from backend.tables import Table, table_at
from gui.shell.main_window import MainWindow
from gui.tables import table_dock
from tests.gui.tables.dock_helpers import (
    BROKEN,
    HTML,
    MARKDOWN,
    TEXT,
    cursor_offset,
    dock_of,
    put_cursor,
    window,
)

__all__ = ["window"]  # the fixture


def _current(w: MainWindow) -> tuple[int, int]:
    index = dock_of(w).panel.view.currentIndex()
    return index.row(), index.column()


def test_the_dock_follows_the_cursor_into_and_out_of_tables(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    w.show_dock(dock.dock)
    panel = dock.panel
    put_cursor(w, TEXT.index("說明"))
    dock.refresh()
    assert panel.empty.isVisibleTo(panel) and panel.model.table is None

    put_cursor(w, TEXT.index("手機") + 1)  # Markdown: the rule is no row
    dock.refresh()
    assert not panel.empty.isVisibleTo(panel)
    assert (panel.model.rowCount(), panel.model.columnCount()) == (3, 2)
    assert _current(w) == (1, 0)
    assert panel.model.index(0, 1).data(Qt.ItemDataRole.FontRole).bold()  # the header row

    put_cursor(w, TEXT.index("300"))  # HTML with a colspan
    dock.refresh()
    assert panel.model.table is not None and panel.model.table.start == TEXT.index(HTML)
    assert panel.view.columnSpan(1, 0) == 2
    assert panel.model.index(1, 0).data() == "合計"
    assert _current(w) == (2, 1)

    put_cursor(w, TEXT.index("附表二"))
    dock.refresh()
    assert panel.empty.isVisibleTo(panel) and not panel.view.isVisibleTo(panel)


def test_following_waits_for_the_cursor_to_rest_and_not_while_hidden(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    put_cursor(w, TEXT.index("手機"))
    assert not dock._follow.isActive()  # hidden: nothing is read
    assert dock.panel.model.table is None
    w.show_dock(dock.dock)
    assert dock.panel.model.table is not None  # shown: read at once
    put_cursor(w, TEXT.index("300"))
    assert dock._follow.isActive()  # debounced: read when the timer fires
    assert dock.panel.model.table is not None
    assert dock.panel.model.table.start == TEXT.index(MARKDOWN)


def test_a_malformed_table_shows_its_notice(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    w.show_dock(dock.dock)
    put_cursor(w, TEXT.index("乙"))
    dock.refresh()
    assert dock.panel.notice.isVisibleTo(dock.panel)
    assert "</td>" in dock.panel.notice.label.text()
    assert dock.panel.model.index(0, 1).data() == "乙"  # read all the same
    put_cursor(w, TEXT.index("手機"))
    dock.refresh()
    assert not dock.panel.notice.isVisibleTo(dock.panel)
    assert BROKEN in TEXT


def test_ctrl_t_goes_to_the_cursors_cell_and_esc_comes_back_on_the_grids(
    window: MainWindow,
) -> None:
    w, dock = window, dock_of(window)
    w.editor.editor.setFocus()
    put_cursor(w, TEXT.index("數量"))
    assert w.actions_by_name["table_at_cursor"].shortcut().toString() == "Ctrl+T"
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert dock.dock.isVisible() and QApplication.focusWidget() is dock.panel.view
    assert _current(w) == (0, 1)
    view = dock.panel.view
    QTest.keyClick(view, Qt.Key.Key_Return)  # down to 1
    assert _current(w) == (1, 1)
    assert cursor_offset(w) == TEXT.index("數量")  # the transcript's stays till Esc
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is w.editor.editor
    assert cursor_offset(w) == TEXT.index("| 1 |") + 2
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is view
    QTest.keyClick(view, Qt.Key.Key_Tab)  # wraps to the next row
    assert _current(w) == (2, 0)
    QTest.keyClick(view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)  # the same key back
    assert QApplication.focusWidget() is w.editor.editor
    assert cursor_offset(w) == TEXT.index("| 刀 |") + 2


def _review_of_cells() -> PageReview:
    """An alternate that read the HTML table's cells as lines, with their boxes; 刀 twice
    (it is in both tables), so only the alignment can tell which 刀 is the HTML one's."""
    lines = (
        AltLine("300", 0, 3, BOX_300),
        AltLine("刀", 4, 5, BOX_KNIFE),
        AltLine("刀", 6, 7, None),
    )
    alt = AltText("300\n刀\n刀", "rapidocr", lines)
    knife = TEXT.index("刀", TEXT.index(HTML))
    return PageReview(0, None, alternate=alt, equal_blocks=((knife, 4, 1),))


BOX_300 = (0.6, 0.5, 0.7, 0.53)
BOX_KNIFE = (0.2, 0.5, 0.3, 0.53)


def test_the_grids_cell_is_marked_on_the_scan_where_a_line_reads_it(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    dock.set_review(_review_of_cells())
    put_cursor(w, TEXT.index("合計"))
    dock.open_grid()
    view, scene = dock.panel.view, w.page_view.sceneRect()

    def marked() -> tuple[float, ...] | None:
        rect = w.page_view.highlight_rect()
        if rect is None:
            return None
        return tuple(
            round(v, 3)
            for v in (
                rect.left() / scene.width(),
                rect.top() / scene.height(),
                rect.right() / scene.width(),
                rect.bottom() / scene.height(),
            )
        )

    assert marked() is None  # 合計: no line reads it
    QTest.keyClick(view, Qt.Key.Key_Tab)  # 刀: the alignment ties it to its line
    assert _current(w) == (2, 0) and marked() == BOX_KNIFE
    QTest.keyClick(view, Qt.Key.Key_Tab)  # 300: the one line reading exactly it
    assert marked() == BOX_300
    QTest.keyClick(view, Qt.Key.Key_Tab)  # wraps to 品名: nothing reads it, nothing marked
    assert _current(w) == (0, 0) and marked() is None
    dock.set_review(PageReview(3, None, alternate=_review_of_cells().alternate))
    QTest.keyClick(view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert marked() is None  # another page's review places nothing here


def test_ctrl_t_reads_the_table_once(window: MainWindow, monkeypatch: Any) -> None:
    w, dock = window, dock_of(window)
    reads: list[int] = []

    def counted(text: str, offset: int) -> Table | None:
        reads.append(offset)
        return table_at(text, offset)

    monkeypatch.setattr(table_dock, "table_at", counted)
    w.editor.editor.setFocus()
    put_cursor(w, TEXT.index("手機"))
    dock.open_grid()  # shows the dock (which reads) and goes to the cursor's cell
    assert reads == [TEXT.index("手機")] and _current(w) == (1, 0)
    dock.back_to_transcript()
    put_cursor(w, TEXT.index("300"))
    dock.open_grid()  # shown already, the cursor moved: read again
    assert len(reads) == 2 and _current(w) == (2, 1)
