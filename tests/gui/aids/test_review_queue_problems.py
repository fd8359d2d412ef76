"""F12 / Shift+F12 step to whole-page problems as to critical items (issue 22), named so in
the menu and the F1 list, in the real window offscreen. A problem that starts where the
caret stands when a page opens (a block lost from the top of the page: a zero-width
diagnosis at 0; a page in Simplified characters from its first one) is the next item,
not one to step over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import VersionKind
from backend.review.values import Diagnosis, DiagnosisKind
from gui.aids.review_queue import ReviewQueue
from gui.shell.help_dialog import grouped_shortcuts
from gui.shell.main_window import MainWindow
from tests.backend.export.diagnosed_pages_helpers import CLEAN, HEADLESS, LOOPED, WHOLE
from tests.gui.aids.diagnosed_window_helpers import Rig as WindowRig
from tests.gui.conftest import wait_for

SIMPLIFIED = "应于本判决确定后给付原告新台币十二万元。\n被告不得再为请求。\n诉讼费用由被告负担。\n"


class Rig(WindowRig):
    def __init__(self, w: MainWindow, arun: Any) -> None:
        super().__init__(w, arun)
        self.queue: ReviewQueue = w.review_queue  # type: ignore[attr-defined]

    def f12(self, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """F12 (Shift: back), then wait until the step has arrived where it was heading."""
        QTest.keyClick(self.w.editor.editor, Qt.Key.Key_F12, modifiers)
        self.wait(lambda: self.queue._heading is None, "the step's arrival")

    def gone_to(self) -> tuple[int, Any]:
        """The page and the item of the queue's row F12 last went to."""
        assert self.queue.row >= 0
        return self.queue.model.items[self.queue.row]


@pytest.fixture
def rig(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[Rig]:
    """Page 1 lost its first lines (its alternate reads them), page 2 drifted into
    Simplified characters (no alternate), page 3 looped; the rest read right."""
    w: MainWindow = make_window(str(sample_pdf))
    readings = {0: (HEADLESS, WHOLE), 1: (SIMPLIFIED, None), 2: (LOOPED, CLEAN)}

    async def open_document() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        store = ws.session.store
        for page in range(ws.page_count):
            text, alternate = readings.get(page, (CLEAN, CLEAN))
            await ws.add_reading(page, text, {"engine": "vlm"})
            if alternate is not None:
                await ws.run_in_store(
                    lambda p=page, a=alternate: store.add_version(
                        p, VersionKind.ALTERNATE, a, {"engine": "x"}
                    )
                )
        w.show_page_state(await ws.page_state(0), ws.page_count)
        await w.review_queue.refresh()  # type: ignore[attr-defined]
        await w.runner.drain()

    arun(open_document())
    w.activateWindow()  # shortcuts work in the active window only
    w.editor.editor.setFocus()
    yield Rig(w, arun)


def test_f12_goes_to_the_problem_at_the_caret_of_a_page_just_opened(rig: Rig) -> None:
    kinds = {(p, f.kind) for p, f in rig.queue.model.items if isinstance(f, Diagnosis)}
    assert kinds == {
        (0, DiagnosisKind.MISSING_BLOCK),
        (1, DiagnosisKind.SCRIPT_DRIFT),
        (2, DiagnosisKind.REPETITION),
    }
    assert rig.w.controller.current == 0 and rig.selection() == (0, 0)
    seen = []
    for _step in range(2):  # page 1's critical item at 0 and its missing block, also at 0
        rig.f12()
        seen.append(rig.gone_to())
    assert [p for p, _f in seen] == [0, 0], "F12 stepped over page 1's items at the caret"
    block = next(f for _p, f in seen if isinstance(f, Diagnosis))
    assert block.kind is DiagnosisKind.MISSING_BLOCK and (block.start, block.end) == (0, 0)
    assert rig.w.controller.current == 0


def test_f12_selects_a_problem_that_starts_the_page(rig: Rig) -> None:
    rig.w.controller.go_to(1)
    rig.wait(lambda: rig.w.controller.current == 1, "page 2")
    rig.w.editor.editor.setFocus()
    assert rig.selection() == (0, 0)
    rig.f12()
    page, drift = rig.gone_to()
    assert page == 1 and isinstance(drift, Diagnosis), "F12 stepped over page 2's problem"
    assert drift.kind is DiagnosisKind.SCRIPT_DRIFT and drift.start == 0
    assert rig.w.controller.current == 1 and rig.selection() == (drift.start, drift.end)
    rig.f12()  # shown now: the next is on page 3 (its critical items, then its loop)
    assert rig.gone_to()[0] == 2
    while not isinstance(rig.gone_to()[1], Diagnosis):
        rig.f12()
        assert rig.gone_to()[0] == 2, "F12 stepped over page 3's loop"
    page, loop = rig.gone_to()
    assert loop.kind is DiagnosisKind.REPETITION
    assert rig.w.controller.current == 2 and rig.selection() == (loop.start, loop.end)
    while rig.gone_to()[0] == 2:  # back past page 3's items: the drift
        rig.f12(Qt.KeyboardModifier.ShiftModifier)
    assert rig.gone_to() == (1, drift) and rig.selection() == (drift.start, drift.end)


def test_the_actions_are_named_for_what_they_step_to(rig: Rig) -> None:
    actions = rig.w.actions_by_name
    assert actions["critical_next"].text().replace("&", "") == "Next Critical Item or Page Problem"
    assert (
        actions["critical_previous"].text().replace("&", "")
        == "Previous Critical Item or Page Problem"
    )
    listed = dict(row for _menu, rows in grouped_shortcuts(actions.values()) for row in rows)
    assert listed["Next Critical Item or Page Problem"] == "F12"
    assert listed["Previous Critical Item or Page Problem"] == "Shift+F12"
