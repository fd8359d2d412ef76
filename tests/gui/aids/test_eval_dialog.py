"""The compare-runs report: two stored runs (or a run and gold text) over chosen pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from backend.models import VersionKind
from gui.aids.eval_dialog import EvalDialog
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for

RUN_A = {
    0: "第一條　當事人得上訴。",
    1: "第二條　被告應給付新臺幣三萬元。",
    2: "第三條　本判決確定。",
}
RUN_B = {
    0: "第一條 當事人得上訴。",  # layout only (the space)
    1: "第二條　被告不給付新臺幣三萬元。",  # a modal word: critical
    2: "第三條　本判決確定。",
}


@pytest.fixture
def window(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[MainWindow]:
    w: MainWindow = make_window(str(sample_pdf))

    async def open_with_two_runs() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        for page, text in RUN_A.items():
            await ws.add_reading(page, text, {"engine": "vlm", "model": "model-a"})
        store = ws.session.store
        for page, text in RUN_B.items():
            await ws.run_in_store(
                lambda p=page, t=text: store.add_version(
                    p, VersionKind.ALTERNATE, t, {"engine": "rapidocr"}
                )
            )
        await w.runner.drain()

    arun(open_with_two_runs())
    yield w


def _open(window: MainWindow, arun: Any) -> EvalDialog:
    dialog = window.run_comparison.open_dialog()
    assert dialog is not None
    arun(window.runner.drain())  # the choices are read on the store's thread
    return dialog


def _compare(window: MainWindow, arun: Any, dialog: EvalDialog) -> None:
    dialog.run_button.click()
    assert dialog.busy and not dialog.run_button.isEnabled()  # no second run meanwhile

    async def until_done() -> None:
        await wait_for(lambda: not dialog.busy, what="the comparison")
        await window.runner.drain()

    arun(until_done())
    assert dialog.run_button.isEnabled()


def test_the_choices_are_what_the_document_has(window: MainWindow, arun: Any) -> None:
    dialog = _open(window, arun)
    items = [dialog.a_combo.itemText(i) for i in range(dialog.a_combo.count())]
    assert items[0] == "current"
    assert {"kind:ocr", "kind:alternate", "engine:vlm", "engine:rapidocr", "model:model-a"} <= set(
        items
    )
    dialog.close()


def test_two_stored_runs_are_compared_page_by_page(window: MainWindow, arun: Any) -> None:
    dialog = _open(window, arun)
    dialog.a_combo.setCurrentText("model:model-a")
    dialog.b_combo.setCurrentText("engine:rapidocr")
    dialog.pages_field.setText("1-3, 5")
    _compare(window, arun, dialog)
    model = dialog.pages_model
    assert model.rowCount() == 4
    headers = model.headers()
    assert "CER" not in headers  # no gold: no error rate

    def cell(row: int, name: str) -> str:
        return str(model.index(row, headers.index(name)).data())

    assert [cell(r, "Page") for r in range(4)] == ["1", "2", "3", "5"]
    assert cell(2, "Agreement") == "100.0%"
    assert cell(0, "Layout") == "1" and cell(0, "Substantive") == "0"
    assert cell(1, "Substantive") == "1" and cell(1, "Critical") == "1"
    assert cell(3, "Agreement") == "—" and "no text for" in cell(3, "Note")
    assert dialog.critical_model.rowCount() == 1
    assert dialog.critical_model.index(0, 0).data() == "2"
    assert "應" in dialog.critical_model.index(0, 2).data()
    summary = dialog.summary.text()
    assert "3 of 4 page(s) compared" in summary and "1 critical disagreement(s)" in summary
    dialog.copy_button.click()
    markdown = QApplication.clipboard().text()
    assert markdown.startswith("## Run comparison: `model:model-a` vs `engine:rapidocr`")
    assert "| Page | Agreement |" in markdown
    # One item for the error, as the Compare dock lists it: the term and its difference.
    assert "| 2 |" in markdown and "- p. 2 (Modal word · Difference):" in markdown
    dialog.close()


def test_against_gold_text_the_report_has_the_error_rate(
    window: MainWindow, arun: Any, tmp_path: Path
) -> None:
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "page-0001.txt").write_text(RUN_A[0], encoding="utf-8")
    (gold / "page-0002.txt").write_text(RUN_B[1], encoding="utf-8")
    dialog = _open(window, arun)
    dialog.a_combo.setCurrentText("kind:ocr")
    dialog.b_combo.setCurrentText(str(gold))
    dialog.pages_field.setText("1-2")
    _compare(window, arun, dialog)
    headers = dialog.pages_model.headers()
    cer = headers.index("CER")
    assert dialog.pages_model.index(0, cer).data() == "0.0%"
    assert dialog.pages_model.index(1, cer).data() != "0.0%"
    assert " · CER " in dialog.summary.text()
    dialog.close()


def test_a_bad_selector_or_page_range_is_explained(window: MainWindow, arun: Any) -> None:
    errors: list[str] = []
    window.runner.error.disconnect()  # read the message here rather than in a box
    window.runner.error.connect(errors.append)
    dialog = _open(window, arun)
    dialog.pages_field.setText("2-99")
    dialog.run_button.click()
    assert "is not a page or page range" in dialog.summary.text()
    dialog.pages_field.setText("1, abc")
    dialog.run_button.click()
    assert dialog.summary.text() == "“abc” is not a page or page range."
    dialog.pages_field.setText("")
    dialog.a_combo.setCurrentText("kind:nonsense")
    _compare(window, arun, dialog)
    assert errors and "nonsense" in errors[-1]
    assert dialog.summary.text() == "The comparison failed."
    assert not dialog.copy_button.isEnabled()
    dialog.close()


def test_the_comparison_runs_a_few_pages_per_store_call(
    window: MainWindow, arun: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gui.aids.eval_dialog import default_evaluate
    from gui.services import workspace

    monkeypatch.setattr(workspace, "REVIEW_CHUNK_PAGES", 2)
    calls: list[Any] = []

    def recording(session: Any, a: str, b: str, pages: Any) -> Any:
        calls.append(pages)
        return default_evaluate(session, a, b, pages)

    ws = window.controller.workspace
    assert ws is not None
    dialog = EvalDialog(ws, window.runner.run, window, evaluate=recording)
    dialog.set_choices(["current", "model:model-a", "engine:rapidocr"])
    dialog.a_combo.setCurrentText("model:model-a")
    dialog.b_combo.setCurrentText("engine:rapidocr")
    _compare(window, arun, dialog)
    assert all(pages is not None and len(pages) <= 2 for pages in calls)
    assert [p for pages in calls for p in pages] == list(range(ws.page_count))
    assert dialog.report is not None
    assert [p.page for p in dialog.report.pages] == list(range(ws.page_count))
    assert sum(len(p.critical) for p in dialog.report.pages) == 1
    dialog.close()


def test_closing_the_dialog_mid_run_stops_it_quietly(window: MainWindow, arun: Any) -> None:
    import threading

    from PySide6.QtCore import Qt

    from gui.aids.eval_dialog import default_evaluate

    errors: list[str] = []
    window.runner.error.disconnect()
    window.runner.error.connect(errors.append)
    started, release = threading.Event(), threading.Event()

    def slow(session: Any, a: str, b: str, pages: Any) -> Any:
        started.set()
        release.wait(10)
        return default_evaluate(session, a, b, pages)

    ws = window.controller.workspace
    assert ws is not None
    dialog = EvalDialog(ws, window.runner.run, window, evaluate=slow)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.set_choices(["current", "model:model-a", "engine:rapidocr"])
    dialog.run_button.click()
    arun(wait_for(started.is_set, what="the comparison to start"))
    deleted: list[bool] = []
    dialog.destroyed.connect(lambda: deleted.append(True))
    dialog.reject()  # Esc
    # The dialog is gone before the comparison ends (not a pause that load can outlast).
    arun(wait_for(lambda: bool(deleted), what="the dialog to be deleted"))
    release.set()
    arun(window.runner.drain())
    assert errors == []


SENTENCE = "被告應於本判決確定後給付原告新臺幣十二萬元。"
CLEAN = "第一條\n" + SENTENCE + "\n被告不得再為請求。\n"
LOOPED = "第一條\n" + SENTENCE * 40 + "\n"  # a model stuck in a loop


def test_each_pages_whole_page_problems_are_named_sorted_and_copied(
    window: MainWindow, arun: Any, tmp_path: Path
) -> None:
    """Issue 22: a page read in a loop says so in its row (named as the page list and the
    queue name it), sorts first by that column, and is named in the Markdown."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    ws: Any = window.controller.workspace
    arun(ws.add_reading(3, LOOPED, {"engine": "vlm", "model": "model-a"}))
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "page-0001.txt").write_text(RUN_A[0], encoding="utf-8")
    (gold / "page-0004.txt").write_text(CLEAN, encoding="utf-8")
    dialog = _open(window, arun)
    dialog.show()
    dialog.a_combo.setCurrentText("model:model-a")
    dialog.b_combo.setCurrentText(str(gold))
    dialog.pages_field.setText("1, 4")
    _compare(window, arun, dialog)
    view = dialog.pages_view
    headers = dialog.pages_model.headers()
    problems = headers.index("Whole-page problems")

    def shown(column: int) -> list[str]:
        return [str(view.model().index(r, column).data()) for r in range(view.model().rowCount())]

    assert shown(0) == ["1", "4"] and shown(problems) == ["", "repetition"]
    view.sortByColumn(problems, Qt.SortOrder.DescendingOrder)  # a click on its header
    assert shown(0) == ["4", "1"]
    view.setFocus()  # the keyboard walks the rows as sorted
    QTest.keyClick(view, Qt.Key.Key_Home)
    QTest.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1 and view.currentIndex().siblingAtColumn(0).data() == "1"
    dialog.copy_button.click()
    markdown = QApplication.clipboard().text()
    assert "| Whole-page problems | Note |" in markdown and "|---|---|" in markdown
    rows = [line for line in markdown.splitlines() if line.startswith("| 4 |")]
    assert len(rows) == 1 and rows[0].endswith("| repetition |  |")
    assert markdown.index("| 4 |") < markdown.index("| 1 |")  # in the order shown
    dialog.close()
