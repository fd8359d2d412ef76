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
  the edited row read again, and the repaints this asks for: the changed cells, the
  transcript), turn by turn of the event loop (``_turns``): the longest turn is the
  stall (p99 and median of ``COMMITS``); all its turns together are shown too.
  Baseline: the same kind of edit applied to the transcript's document alone, with
  its repaint: its longest turn.
- re-read: what the debounced follow costs once typing in the transcript pauses
  with the dock shown (``refresh`` and a repaint); median of ``RUNS``.
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from backend.tables import set_cell, table_at
from bench.make_doc import Docs
from bench.table import Row, percentile
from gui.app import settle_collector
from gui.tables.apply_edit import apply_to_document
from gui.tables.table_dock import TableDock
from gui.widgets.page_view import PageView
from gui.widgets.transcript_editor import TranscriptEditor

SIZE = 40
RUNS = 15
KEYS = 300
COMMITS = 100
TURNS_AFTER = 3  # event-loop turns measured after Enter's own
PAUSE_S = 0.006  # between them, off the clock: the window's paint timer is due
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


class _FullCollections:
    """Counts the garbage collector's full (generation 2) passes while it is open: one
    takes 20-35 ms on this bench's heap, whatever set it off, and which Enter it falls
    in is the collector's choice (every 50-100 Enters here)."""

    def __init__(self) -> None:
        self.count = 0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            self.count += 1

    def close(self) -> None:
        gc.callbacks.remove(self._seen)


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
        self._threshold = gc.get_threshold()
        self.editor.set_text(text)
        self.at = text.index("|", len(PROSE)) + 2 if "|" in text else text.index("<td>") + 4
        self._settle()
        settle_collector()  # as the app does once its window is up

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

    def commits(self) -> tuple[list[float], list[float], list[float], list[bool]]:
        """Per Enter: the longest turn of the event loop it took, and all its turns
        together; and the baseline: the same kind of edit applied to the document, its
        longest turn."""
        view = self.dock.panel.view
        self._open()
        stalls, totals, alone, collected = [], [], [], []
        full = _FullCollections()
        for i in range(COMMITS):
            view.go_to(1 + i % (SIZE - 1), i % SIZE)
            QTest.keyClick(view, Qt.Key.Key_F2)
            editor = QApplication.focusWidget()
            assert editor is not None and editor is not view
            self._type(editor, "9")  # and its repaint, not Enter's
            before = full.count
            turns = self._enter(editor)
            collected.append(full.count > before)
            stalls.append(max(turns))
            totals.append(sum(turns))
            table = self.dock.panel.model.table
            assert table is not None
            text = self.editor.text()
            edit = set_cell(text, table, 1, 1, str(i))
            document = self.editor.editor.document()
            apply = lambda d=document, t=text, e=edit: apply_to_document(d, t, e)  # noqa: E731
            alone.append(max(self._turns(apply)))
            document.undo()
            self._turns(lambda: None)
        full.close()
        return stalls, totals, alone, collected

    def _type(self, editor: QWidget, keys: str) -> None:
        self._turns(lambda: QTest.keyClicks(editor, keys))

    def _enter(self, editor: QWidget) -> list[float]:
        """Enter in a cell editor, turn by turn of the event loop."""
        return self._turns(lambda: QTest.keyClick(editor, Qt.Key.Key_Return))

    def _turns(self, first: Callable[[], object]) -> list[float]:
        """``first`` and the event loop's turn it starts (``processEvents`` runs one: the
        events posted, the timers due), then ``TURNS_AFTER`` turns more, each after a
        pause off the clock: Qt 6 repaints a window when its platform says (an update
        request, on a timer on the offscreen platform), often in a later turn, and
        what a widget puts off to a timer runs there too. Each turn is a stall of its
        own: input is read between them."""
        t0 = time.perf_counter()
        first()
        self.app.processEvents()
        turns = [time.perf_counter() - t0]
        for _ in range(TURNS_AFTER):
            time.sleep(PAUSE_S)
            t0 = time.perf_counter()
            self.app.processEvents()
            turns.append(time.perf_counter() - t0)
        return turns

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
        gc.unfreeze()  # the benchmarks after this one run with Python's own collector
        gc.set_threshold(*self._threshold)


def _rows(kind: str, text: str) -> list[Row]:
    bench = _Bench(text)
    try:
        opened, parsed = bench.open_ms(), bench.parse_ms()
        cell, transcript = bench.cell_keys(), bench.transcript_keys()
        committed, whole, alone, collected = bench.commits()
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
        Row(f"Enter: cell edit into the transcript, re-read, repaint ({kind}): longest "
            f"event-loop turn, p99 of {COMMITS}",
            percentile(committed, 0.99) * ms, percentile(alone, 0.99) * ms, goal="≤ 16 ms",
            baseline_name="the edit applied to the transcript alone"),
        Row(f"Enter, as above ({kind}): longest turn, p99 of the {collected.count(False)} "
            "in which no full garbage collection ran",
            percentile([t for t, c in zip(committed, collected, strict=True) if not c], 0.99) * ms,
            percentile(alone, 0.99) * ms,
            baseline_name="the edit applied to the transcript alone"),
        Row(f"Enter, as above ({kind}): longest turn, median",
            med(committed) * ms, med(alone) * ms,
            baseline_name="the edit applied to the transcript alone"),
        Row(f"Enter, as above ({kind}): all its turns together, median",
            med(whole) * ms, med(alone) * ms,
            baseline_name="the edit applied to the transcript alone"),
        Row(f"re-read once transcript typing pauses, dock shown ({kind}), median",
            med(reread) * ms, med(parsed) * ms, baseline_name="reading the table alone"),
    ]  # fmt: skip


def run(docs: Docs | None = None) -> list[Row]:
    return _rows("Markdown", markdown_page()) + _rows("HTML", html_page())


if __name__ == "__main__":
    from bench.table import markdown

    print(markdown(run(), "Table dock (offscreen Qt)"))
