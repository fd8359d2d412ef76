"""Review ▸ Statistics…: the dialog opens from the menu on a store with a known history,
shows its figures (computed by ``backend.stats``) and its charts; Esc closes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from gui.shell.main_window import MainWindow
from gui.stats.stats_dialog import StatsDialog
from tests.backend.stats.known_history import PAGES, POOLED_CER_A, write_known_history
from tests.gui.conftest import wait_for
from tests.pdf_factory import text_pdf


def _open_with_history(make_window: Any, arun: Any, tmp_path: Path) -> MainWindow:
    pdf = text_pdf(tmp_path / "judgment.pdf", ["one", "two", "three"][:PAGES])
    w: MainWindow = make_window(str(pdf))

    async def open_and_write() -> None:
        assert await w.opener.open(pdf)
        await wait_for(lambda: w.controller.current == 0, what="the first page")
        ws: Any = w.controller.workspace
        await ws.run_in_store(lambda: write_known_history(ws.session.store))

    arun(open_and_write())
    return w


def _dialog() -> StatsDialog:
    found = [d for d in QApplication.topLevelWidgets() if isinstance(d, StatsDialog)]
    assert len(found) == 1
    return found[0]


def test_the_dialog_from_the_menu_shows_the_known_figures_and_the_charts(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    w = _open_with_history(make_window, arun, tmp_path)
    w.actions_by_name["statistics"].trigger()
    dialog = _dialog()
    assert dialog.isVisible()
    arun(wait_for(lambda: bool(dialog.charts), what="the charts", timeout=120))
    assert dialog.summary.text().startswith("3 pages: 2 approved, 1 to go.")
    by_model = dialog.tables["model"]
    header = [by_model.headerData(i, Qt.Orientation.Horizontal) for i in range(8)]
    assert header[:2] == ["engine", "model"]
    rows = {by_model.item(r, 1).text(): r for r in range(by_model.rowCount())}
    assert set(rows) == {"A", "B"}
    pooled = header.index("pooled CER")
    assert by_model.item(rows["A"], pooled).text() == POOLED_CER_A
    assert by_model.item(rows["B"], pooled).text() == "–"  # read, never approved
    people = dialog.tables["person"]
    assert [people.item(0, c).text() for c in range(4)] == ["ana", "2", "45", "2"]
    assert dialog.tables["page"].rowCount() == 3
    pages = dialog.tables["page"]
    head = [pages.headerData(i, Qt.Orientation.Horizontal) for i in range(pages.columnCount())]
    raised = head.index("items raised")
    # Approved with no critical outcomes stored (history written directly): unknown, not 0;
    # page 3 is not approved: nothing to know.
    assert [pages.item(r, raised).text() for r in range(3)] == ["unknown", "unknown", "–"]
    # The charts the history has figures for, shown as pictures.
    assert [c.name for c in dialog.charts] == [
        "cer_model", "cer_prompt", "time_per_page", "corrections", "progress",
    ]  # fmt: skip
    labels = dialog.chart_box.findChildren(QLabel)
    shown = [lbl for lbl in labels if lbl.pixmap() is not None and not lbl.pixmap().isNull()]
    assert len(shown) == 5
    assert shown[0].pixmap().width() >= 600


def test_esc_closes_the_dialog_while_it_computes(
    make_window: Any, arun: Any, tmp_path: Path, qtbot: Any
) -> None:
    w = _open_with_history(make_window, arun, tmp_path)
    w.actions_by_name["statistics"].trigger()
    dialog = _dialog()
    dialog.activateWindow()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.closed and not dialog.isVisible()
    arun(w.runner.drain())  # its work was cancelled, nothing touched the closed dialog
