"""The Table dock on a 40×40 table: opening it in the grid, and the GUI thread's stall
per keystroke in a cell (issue 23's goals: ≤ 100 ms and ≤ 16 ms p99).

Real widgets on the offscreen Qt platform: the transcript editor, the page view and
the Table dock in a plain QMainWindow standing in for the window (the dock needs
only ``gui.context.Host``). The page holds prose, then a 40×40 table (Markdown, then
HTML with a merged cell every fifth row), then prose.

- open: ``TableDock.open_grid`` (Ctrl+T's slot: read the table at the cursor, lay the
  grid out with its spans, focus it) and a synchronous repaint of the grid, on a dock
  hidden and emptied before each run; median of ``RUNS``. Baseline: reading the
  table alone (``backend.tables.table_at``).
- keystroke: a key typed into the cell editor, and the events it posts; p99 of
  ``KEYS``. Baseline: a key typed into the transcript with the dock hidden.
- Enter: the commit (``set_cell``, the edit applied to the transcript's document,
  the table read again, and the repaints this posts: the cell, the transcript);
  p99 and median of ``COMMITS``. Baseline: the same edit applied to the transcript's
  document alone, with its repaint.
- re-read: what the debounced follow costs once typing in the transcript pauses
  with the dock shown (``refresh`` and a repaint); median of ``RUNS``.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from backend.tables import TextEdit, set_cell, table_at
from bench.make_doc import Docs
from bench.table import Row, percentile
from gui.tables.apply_edit import apply_to_document
from gui.tables.table_dock import TableDock
from gui.widgets.page_view import PageView
from gui.widgets.transcript_editor import TranscriptEditor

SIZE = 40
RUNS = 15
KEYS = 300
COMMITS = 40
PROSE = "本院審理後認定事實如下，附表所列扣案物品及金額均經核對無誤。\n" * 30


def markdown_page(size: int = SIZE) -> str:
    head = "| " + " | ".join(f"欄{c + 1}" for c in range(size)) + " |"
    rule = "|" + "---|" * size
    rows = [
        "| " + " | ".join(f"{(r * size + c) * 37 % 100000:,}" for c in range(size)) + " |"
        for r in range(size - 1)
    ]
    return PROSE + "\n".join([head, rule, *rows]) + "\n" + PROSE


def html_page(size: int = SIZE) -> str:
    rows = ["<tr>" + "".join(f"<th>欄{c + 1}</th>" for c in range(size)) + "</tr>"]
    for r in range(size - 1):
        if r % 5 == 0:  # a merged cell: one fewer <td>
            cells = ['<td colspan="2">合計</td>'] + [f"<td>{r * c}</td>" for c in range(size - 2)]
        else:
            cells = [f"<td>{r * c:,}</td>" for c in range(size)]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return PROSE + "<table>" + "".join(rows) + "</table>\n" + PROSE


class _Host(QMainWindow):
    """The window as ``gui.context.Host`` sees it: docks, messages, a parent."""

    def add_dock(
        self,
        widget: QWidget,
        title: str,
        name: str,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        dock.hide()
        return dock

    def show_dock(self, dock: QDockWidget, height_share: float | None = None) -> None:
        dock.show()
        dock.raise_()

    def tabify_docks(self, first: QDockWidget, second: QDockWidget) -> None:
        self.tabifyDockWidget(first, second)

    def add_status_widget(self, widget: QWidget) -> None:
        self.statusBar().addPermanentWidget(widget)

    def show_message(self, text: str, ms: int = 5000) -> None:
        self.statusBar().showMessage(text, ms)

    def show_error(self, message: str) -> None:
        self.statusBar().showMessage(message)

    async def confirm(self, question: str) -> bool:
        return False

    def dialog_parent(self) -> QWidget:
        return self


def _timed(work: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    work()
    return time.perf_counter() - t0


class _Bench:
    def __init__(self, text: str) -> None:
        self.app = QApplication.instance() or QApplication([])
        self.host = _Host()
        self.editor = TranscriptEditor(self.host)
        self.host.setCentralWidget(self.editor)
        self.dock = TableDock(self.host, self.editor, PageView(self.host), lambda: 0)
        self.host.resize(1400, 900)
        self.host.show()
        self.text = text
        self.editor.set_text(text)
        self.at = text.index("|", len(PROSE)) + 2 if "|" in text else text.index("<td>") + 4
        self._settle()

    def _settle(self) -> None:
        for _ in range(3):
            self.app.processEvents()

    def _put_cursor(self, shift: int = 0) -> None:
        edit = self.editor.editor
        cursor = edit.textCursor()
        cursor.setPosition(self.at + shift)
        edit.setTextCursor(cursor)

    def _open(self) -> None:
        """Ctrl+T with the transcript cursor in the table's first body cell."""
        self.editor.editor.setFocus()
        self._put_cursor()
        self.dock.open_grid()

    def open_ms(self) -> list[float]:
        times = []
        for run in range(RUNS):
            self.dock.dock.hide()
            self.dock.panel.show_table(None)
            self.editor.editor.setFocus()
            self._put_cursor(run % 2)  # the cursor moved: the table is read (not the last read)
            self._settle()
            times.append(_timed(self._open_and_paint))
        return times

    def _open_and_paint(self) -> None:
        self.dock.open_grid()
        self.dock.panel.view.viewport().repaint()

    def parse_ms(self) -> list[float]:
        return [_timed(lambda: table_at(self.text, self.at)) for _ in range(RUNS)]

    def keystrokes(self, widget: QWidget) -> list[float]:
        times = []
        for i in range(KEYS):
            t0 = time.perf_counter()
            QTest.keyClicks(widget, "1234567890"[i % 10])
            self.app.processEvents()  # and what the key posted (its repaint)
            times.append(time.perf_counter() - t0)
        return times

    def cell_keys(self) -> list[float]:
        view = self.dock.panel.view
        self._open()
        view.go_to(5, 5)
        QTest.keyClick(view, Qt.Key.Key_F2)
        editor = QApplication.focusWidget()
        assert editor is not None and editor is not view
        times = self.keystrokes(editor)
        QTest.keyClick(editor, Qt.Key.Key_Escape)  # the edit dropped: the page unchanged
        return times

    def transcript_keys(self) -> list[float]:
        self.dock.dock.hide()
        self.editor.editor.setFocus()
        self._put_cursor()
        times = self.keystrokes(self.editor.editor)
        self.editor.set_text(self.text)
        return times

    def commits(self) -> tuple[list[float], list[float]]:
        view = self.dock.panel.view
        self._open()
        times, alone = [], []
        for i in range(COMMITS):
            view.go_to(1 + i % (SIZE - 1), i % SIZE)
            QTest.keyClick(view, Qt.Key.Key_F2)
            editor = QApplication.focusWidget()
            assert editor is not None and editor is not view
            QTest.keyClicks(editor, "9")
            QCoreApplication.sendPostedEvents(None, 0)  # the typing's own repaint, not Enter's
            t0 = time.perf_counter()
            self._enter(editor)
            times.append(time.perf_counter() - t0)
            table = self.dock.panel.model.table
            assert table is not None
            text = self.editor.text()
            edit = set_cell(text, table, 1, 1, str(i))
            document = self.editor.editor.document()
            t0 = time.perf_counter()
            self._apply(document, text, edit)
            alone.append(time.perf_counter() - t0)
            document.undo()
            QCoreApplication.sendPostedEvents(None, 0)
        return times, alone

    @staticmethod
    def _apply(document: QTextDocument, text: str, edit: TextEdit) -> None:
        apply_to_document(document, text, edit)
        QCoreApplication.sendPostedEvents(None, 0)

    def _enter(self, editor: QWidget) -> None:
        """Enter in a cell editor. Qt posts the commit, and the repaints it asks for (the
        changed cell, the transcript): all delivered here, as the event loop would."""
        QTest.keyClick(editor, Qt.Key.Key_Return)
        QCoreApplication.sendPostedEvents(None, 0)

    def reread_ms(self) -> list[float]:
        self._open()
        self.editor.editor.setFocus()
        times = []
        for run in range(RUNS):
            self._put_cursor(run % 2)  # as typing moves it: the table is read again
            times.append(_timed(self._reread_and_paint))
        return times

    def _reread_and_paint(self) -> None:
        self.dock.refresh()
        self.dock.panel.view.viewport().repaint()

    def close(self) -> None:
        self.host.close()
        self.host.deleteLater()
        self._settle()


def _rows(kind: str, text: str) -> list[Row]:
    bench = _Bench(text)
    try:
        opened, parsed = bench.open_ms(), bench.parse_ms()
        cell, transcript = bench.cell_keys(), bench.transcript_keys()
        committed, alone = bench.commits()
        reread = bench.reread_ms()
    finally:
        bench.close()
    ms = 1000.0
    med = statistics.median
    return [
        Row(f"open a {SIZE}×{SIZE} {kind} table in the grid (Ctrl+T to painted), median",
            med(opened) * ms, med(parsed) * ms, goal="≤ 100 ms",
            baseline_name="reading the table alone"),
        Row(f"keystroke in a cell ({kind}), p99 of {KEYS}",
            percentile(cell, 0.99) * ms, percentile(transcript, 0.99) * ms, goal="≤ 16 ms",
            baseline_name="a keystroke in the transcript"),
        Row(f"Enter: cell edit into the transcript, re-read, repaint ({kind}), p99 of {COMMITS}",
            percentile(committed, 0.99) * ms, percentile(alone, 0.99) * ms, goal="≤ 16 ms",
            baseline_name="the edit applied to the transcript alone"),
        Row(f"Enter, as above ({kind}), median",
            med(committed) * ms, med(alone) * ms,
            baseline_name="the edit applied to the transcript alone"),
        Row(f"re-read once transcript typing pauses, dock shown ({kind}), median",
            med(reread) * ms, med(parsed) * ms, baseline_name="reading the table alone"),
    ]  # fmt: skip


def run(docs: Docs | None = None) -> list[Row]:
    return _rows("Markdown", markdown_page()) + _rows("HTML", html_page())


if __name__ == "__main__":
    from bench.table import markdown

    print(markdown(run(), "Table dock (offscreen Qt)"))
