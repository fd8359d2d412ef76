"""What Enter in a cell costs the GUI thread, by what it does (no clock: the times are the
bench's, bench/table_view.py): it reads the edited row again, not the whole table, and
repaints the cells that changed, not every visible cell."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QEventLoop, QObject, QRect, Qt
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from backend.tables import find, table_at
from gui.shell.main_window import MainWindow
from gui.tables.table_panel import TablePanel
from tests.gui.tables.dock_helpers import TEXT, dock_of, put_cursor, window
from tests.gui.tables.grid_helpers import commit_posted, panel

__all__ = ["panel", "window"]  # the fixtures


class _Painted(QObject):
    """The region each paint event on a widget covered."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRegion] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.regions.append(QRegion(event.region()))
        return False


def _covers(region: QRegion, rect: QRect) -> bool:
    return QRegion(rect).subtracted(region).isEmpty()  # QRegion.contains: any overlap


def test_enter_repaints_the_cells_it_changed_not_the_grid(panel: TablePanel) -> None:
    view = panel.view
    view.go_to(1, 2)
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    QTest.keyClicks(editor, "9")
    panel.repaint()  # what is painted from here on is the Enter's
    painted, framed = _Painted(), _Painted()
    view.viewport().installEventFilter(painted)
    view.installEventFilter(framed)  # the view itself: its frame, and what shows through
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    assert QApplication.focusWidget() is view  # the grid has the keyboard back
    for _ in range(200):  # until the window's paint comes (Qt 6: on its platform's cue)
        if painted.regions:
            break
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    assert painted.regions
    view.viewport().removeEventFilter(painted)
    view.removeEventFilter(framed)
    union, frame = QRegion(), QRegion()
    for region in painted.regions:
        union = union.united(region)
    for region in framed.regions:
        frame = frame.united(region)
    # The editor's cell and the cell below it (the current one now): the focus frame
    # moved. Every visible cell painted again was the grid's focus-in (QAbstractItemView).
    assert _covers(union, view.visualRect(view.currentIndex()))
    assert not _covers(union, view.viewport().rect()), union.boundingRect()
    # nor the whole view (QWidget's focus-in: the frame, the corner, the scroll bars and
    # the dock behind them painted again): of the view itself, only its frame's edge
    edge = QRegion(view.rect()).subtracted(QRegion(view.contentsRect()))
    assert frame.subtracted(edge).isEmpty(), [r for r in frame.subtracted(edge)]


def test_enter_reads_the_edited_row_again_not_the_whole_table(window: MainWindow) -> None:
    w = window
    one = TEXT.index("| 1 |") + 2
    w.editor.editor.setFocus()
    put_cursor(w, one)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    view = dock_of(w).panel.view
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    QTest.keyClicks(editor, "12")
    reads = find._read.cache_info().misses  # each text read whole is a miss
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    text = w.editor.text()
    assert text == TEXT[:one] + "12" + TEXT[one + 1 :]
    assert find._read.cache_info().misses == reads  # the new text was not read whole
    # and the grid holds what reading it whole gives
    assert dock_of(w).panel.model.table == table_at(text, one)


def test_enter_far_down_a_one_line_html_table_leaves_the_line_to_be_laid_out_when_shown(
    window: MainWindow,
) -> None:
    # A model's 40×40 HTML table is one line of ~10,000 characters: laying it out took
    # 4-9 ms of each Enter. A cell whose wrapped row is below the transcript's visible
    # part changes nothing shown, so the line is laid out when it is next shown.
    w = window
    rows = "".join(
        "<tr>" + "".join(f"<td>{r * 40 + c:,}</td>" for c in range(40)) + "</tr>" for r in range(40)
    )
    text = "附表\n<table>" + rows + "</table>\n完。"
    w.editor.set_text(text)
    w.editor.editor.setFocus()
    put_cursor(w, text.index("<td>") + 4)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    line = w.editor.editor.document().findBlock(text.index("<table>"))
    assert line.layout().lineCount() > 0  # shown: laid out
    view = dock_of(w).panel.view
    view.go_to(39, 20)
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    QTest.keyClicks(editor, "12")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    at = text.index(f"<td>{39 * 40 + 20:,}</td>") + 4
    assert w.editor.text() == text[:at] + "12" + text[at + len(f"{39 * 40 + 20:,}") :]
    assert line.layout().lineCount() == 0  # not laid out again: nothing shown changed
    w.editor.editor.document().undo()  # one step, as typed
    assert w.editor.text() == text


def test_enter_on_the_last_row_shown_scrolls_without_repainting_every_cell(
    qapp: QApplication,
) -> None:
    # Enter goes down; from the last row shown the grid scrolls a row. Scrolled in the
    # turn the editor closed (its place still to be painted), Qt repainted the whole
    # viewport (3-4 ms of a 40×40 table's Enter, and its scroll bar); scrolled while
    # the editor is still open, the rows are moved and only the new one is painted.
    panel = TablePanel()
    panel.resize(500, 300)
    panel.show()
    rows = "".join(f"<tr><td>{r}</td><td>{r * 7}</td></tr>" for r in range(40))
    (table,) = find.find_tables("<table>" + rows + "</table>")
    panel.show_table(table)
    view = panel.view
    view.setFocus()
    panel.activateWindow()
    QApplication.processEvents()  # laid out: the viewport at its size
    bottom = view.viewport().height()
    last = view.rowAt(bottom - 1)
    view.go_to(last, 1)  # wholly shown now, at the bottom; the next row is not
    QApplication.processEvents()
    assert view.visualRect(view.model().index(last + 1, 1)).bottom() > bottom
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    QTest.keyClicks(editor, "9")
    panel.repaint()  # what is painted from here on is the Enter's
    painted = _Painted()
    view.viewport().installEventFilter(painted)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()
    for _ in range(200):  # until the window's paint comes (Qt 6: on its platform's cue)
        if painted.regions:
            break
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    view.viewport().removeEventFilter(painted)
    assert view.currentIndex().row() == last + 1
    assert view.visualRect(view.currentIndex()).bottom() < bottom  # scrolled to it
    union = QRegion()
    for region in painted.regions:
        union = union.united(region)
    assert union.boundingRect().height() < bottom // 2, union.boundingRect()
    panel.close()
    panel.deleteLater()
