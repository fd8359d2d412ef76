"""A page the review diagnoses (issue 22 point 1: a model stuck in a loop) is shown as
such wherever a page's review shows, in the real window offscreen: the page list's ⚠
(its kind in the tooltip, the row red), first in the riskiest-pages order, an item of
the review queue F12 goes to, a list above the Compare dock's flags that Enter goes
from, and approval's one question (the reviewer can still approve)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import ReviewStatus, VersionKind
from backend.review.values import Diagnosis
from gui.review.page_list_model import DIAGNOSED
from gui.shell.main_window import MainWindow
from gui.widgets.theme import CRITICAL, qcolor
from tests.gui.aids.diagnosed_window_helpers import SICK, Rig
from tests.gui.aids.review_helpers import press
from tests.gui.conftest import wait_for

SENTENCE = "被告應於本判決確定後給付原告新臺幣十二萬元。"
CLEAN = "第一條\n" + SENTENCE + "\n被告不得再為請求。\n"
LOOPED = "第一條\n" + SENTENCE * 40 + "\n"  # a model stuck in a loop


@pytest.fixture
def rig(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[Rig]:
    """Every page read as CLEAN and checked by an agreeing alternate, but page 2, whose
    model looped (its alternate reads the sentence once)."""
    w: MainWindow = make_window(str(sample_pdf))

    async def open_document() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        store = ws.session.store
        for page in range(ws.page_count):
            await ws.add_reading(page, LOOPED if page == SICK else CLEAN, {"engine": "vlm"})
            await ws.run_in_store(
                lambda p=page: store.add_version(p, VersionKind.ALTERNATE, CLEAN, {"engine": "x"})
            )
        w.show_page_state(await ws.page_state(0), ws.page_count)
        await w.review_queue.refresh()  # type: ignore[attr-defined]
        await w.runner.drain()

    arun(open_document())
    w.activateWindow()
    w.editor.editor.setFocus()
    yield Rig(w, arun)


def test_the_page_list_marks_the_diagnosed_page_and_names_the_kind(rig: Rig) -> None:
    model = rig.w.page_list_model
    rig.wait(lambda: model.diagnosed(SICK), "the page list's summaries")
    row = model.index(model.row_of(SICK))
    assert DIAGNOSED in str(row.data())
    assert "Whole-page problem: repetition" in str(row.data(Qt.ItemDataRole.ToolTipRole))
    assert row.data(Qt.ItemDataRole.ForegroundRole) == qcolor(CRITICAL)
    clean = model.index(model.row_of(0))
    assert DIAGNOSED not in str(clean.data()) and not model.diagnosed(0)
    assert DIAGNOSED in str(row.data(Qt.ItemDataRole.ToolTipRole))  # the legend explains it


def test_the_riskiest_pages_first_puts_the_diagnosed_page_first(rig: Rig) -> None:
    model = rig.w.page_list_model
    rig.wait(lambda: model.diagnosed(SICK), "the page list's summaries")
    rig.w.actions_by_name["by_risk"].setChecked(True)
    assert model.page_at(0) == SICK
    assert DIAGNOSED in str(model.index(0).data())


def test_the_review_queue_lists_the_diagnosis_and_f12_goes_to_its_span(rig: Rig) -> None:
    queue: Any = rig.w.review_queue  # type: ignore[attr-defined]
    rows = [queue.model.index(r, 1).data() for r in range(queue.model.rowCount())]
    # The loop comes first; the alternate's last line the loop displaced is the other item.
    assert rows[0] == "Whole page: repetition" and rows.count("Whole page: repetition") == 1
    page, item = queue.model.index(0, 0).data(Qt.ItemDataRole.UserRole)
    assert page == SICK and isinstance(item, Diagnosis)
    assert "1 whole-page problem(s)" in queue.panel.summary.text()
    QTest.keyClick(rig.w.editor.editor, Qt.Key.Key_F12)
    rig.wait(
        lambda: rig.w.controller.current == SICK and rig.selection() == (item.start, item.end),
        "the loop's span selected on page 2",
    )


def test_the_compare_dock_lists_the_diagnosis_and_enter_goes_to_it(rig: Rig) -> None:
    panel = rig.w.review_ui.panel  # type: ignore[attr-defined]
    rig.w.actions_by_name["compare"].trigger()
    assert not panel.diagnosis_list.isVisibleTo(panel)  # page 1 is clean: no list
    rig.wait(lambda: rig.w.page_list_model.diagnosed(SICK), "the document's summaries")
    assert "1 page(s) with a whole-page problem" in panel.summary.text()
    rig.go(SICK)
    loop = rig.loop()
    assert panel.diagnosis_list.isVisibleTo(panel)
    shown = panel.diagnoses_model.index(0).data()
    assert "Whole page" in shown and "repetition" in shown and loop.detail in shown
    rig.w.editor.editor.setTextCursor(rig.w.editor.editor.textCursor())  # caret at 0
    view = panel.diagnosis_list
    view.setFocus()
    view.setCurrentIndex(panel.diagnoses_model.index(0))
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert rig.selection() == (loop.start, loop.end)


def test_approving_asks_about_the_diagnosis_and_can_approve_anyway(rig: Rig, dialogs: Any) -> None:
    rig.go(SICK)
    loop = rig.loop()
    store: Any = rig.w.controller.workspace.session.store  # type: ignore[union-attr]
    dialogs.answers = ["No"]
    press(rig.w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    rig.wait(lambda: len(dialogs["question"]) == 1, "the question")
    asked = dialogs["question"][0]
    assert "1 whole-page problem(s)" in asked and "repetition" in asked and loop.detail in asked
    assert store.status(SICK) is not ReviewStatus.APPROVED
    dialogs.answers = ["Yes"]  # offscreen, the closed box can keep the key: the action
    rig.w.actions_by_name["approve_next"].trigger()
    rig.wait(lambda: store.status(SICK) is ReviewStatus.APPROVED, "approved anyway")
    assert len(dialogs["question"]) == 2
