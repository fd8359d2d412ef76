"""The document-wide review queue: every legal-critical disagreement, walked by keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import VersionKind
from backend.review.values import Flag, FlagKind, PageReview
from gui.aids.image_link import utf16_to_code_points
from gui.aids.review_queue import ReviewQueue
from gui.aids.review_queue_model import ReviewQueueModel
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for

TEXT = "第一條　當事人得上訴。\n第二條　被告應給付。"
ALT = TEXT.replace("應", "不")  # a modal word the other engine reads differently
AT = TEXT.index("應")
PAGES = (1, 4)  # 0-based: pages 2 and 5 disagree
# F12 / Shift+F12 (Ctrl+F8 was KDE Plasma's: docs/SHORTCUTS.md)
NEXT = Qt.KeyboardModifier.NoModifier
PREVIOUS = Qt.KeyboardModifier.ShiftModifier


class QueueRig:
    def __init__(self, w: MainWindow, arun: Any) -> None:
        self.w, self.arun = w, arun
        self.queue: ReviewQueue = w.review_queue  # type: ignore[attr-defined]

    def wait(self, condition: Any, what: str, timeout: float = 20) -> None:
        async def whole() -> None:
            try:
                await wait_for(condition, timeout, what)
            finally:
                await self.w.runner.drain()

        self.arun(whole())

    def selection(self) -> tuple[int, int]:
        editor = self.w.editor.editor
        cursor, text = editor.textCursor(), editor.toPlainText()
        return (
            utf16_to_code_points(text, cursor.selectionStart()),
            utf16_to_code_points(text, cursor.selectionEnd()),
        )

    def key(self, modifiers: Qt.KeyboardModifier) -> None:
        QTest.keyClick(self.w.editor.editor, Qt.Key.Key_F12, modifiers)

    def at_flag(self, page: int) -> bool:
        return self.w.controller.current == page and self.selection() == (AT, AT + 1)


@pytest.fixture
def rig(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[QueueRig]:
    w: MainWindow = make_window(str(sample_pdf))

    async def open_with_disagreements() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        store = ws.session.store
        for page in range(ws.page_count):
            await ws.add_reading(page, TEXT, {"engine": "vlm"})
        for page in PAGES:
            await ws.run_in_store(
                lambda p=page: store.add_version(
                    p, VersionKind.ALTERNATE, ALT, {"engine": "rapidocr"}
                )
            )
        w.show_page_state(await ws.page_state(0), ws.page_count)
        await w.review_queue.refresh()  # type: ignore[attr-defined]
        await w.runner.drain()

    arun(open_with_disagreements())
    w.activateWindow()  # shortcuts work in the active window only
    w.editor.editor.setFocus()
    yield QueueRig(w, arun)


def test_the_queue_lists_every_critical_flag_across_pages(rig: QueueRig) -> None:
    model = rig.queue.model
    assert model.rowCount() == 2
    assert [model.index(r, 0).data() for r in range(2)] == ["2", "5"]
    assert model.index(0, 1).data() == "Modal word · Difference"  # one error, both kinds
    assert "應" in model.index(0, 2).data() and "不" in model.index(0, 2).data()
    page, flag = model.index(1, 0).data(Qt.ItemDataRole.UserRole)
    assert page == 4 and flag.kind is FlagKind.CRITICAL and (flag.start, flag.end) == (AT, AT + 1)
    assert "2 legal-critical item(s) on 2 page(s)" in rig.queue.panel.summary.text()


def test_f12_walks_the_queue_across_pages(rig: QueueRig) -> None:
    rig.key(NEXT)
    rig.wait(lambda: rig.at_flag(1), "the first critical item, on page 2")
    assert rig.queue.panel.view.currentIndex().row() == 0
    rig.key(NEXT)
    rig.wait(lambda: rig.at_flag(4), "the second, on page 5")
    rig.key(NEXT)  # past the last: round to the first
    rig.wait(lambda: rig.at_flag(1), "wrapped to page 2")
    assert "Wrapped" in rig.w.statusBar().currentMessage()
    rig.key(PREVIOUS)  # back from the first: the last
    rig.wait(lambda: rig.at_flag(4), "back to page 5")
    rig.key(PREVIOUS)
    rig.wait(lambda: rig.at_flag(1), "back to page 2")


def test_the_next_item_counts_from_the_cursor(rig: QueueRig) -> None:
    rig.w.controller.go_to(3)  # between the two pages
    rig.wait(lambda: rig.w.controller.current == 3, "page 4")
    rig.key(NEXT)
    rig.wait(lambda: rig.at_flag(4), "the item after page 4")
    rig.w.controller.go_to(3)
    rig.wait(lambda: rig.w.controller.current == 3, "page 4 again")
    rig.key(PREVIOUS)
    rig.wait(lambda: rig.at_flag(1), "the item before page 4")


def test_enter_in_the_list_goes_to_the_item(rig: QueueRig) -> None:
    dock = rig.w.review_queue_dock  # type: ignore[attr-defined]
    rig.w.actions_by_name["review_queue"].trigger()
    assert dock.isVisible()
    view = rig.queue.panel.view
    view.setFocus()
    view.setCurrentIndex(rig.queue.model.index(1, 0))
    assert rig.w.controller.current == 0  # choosing a row alone does not navigate
    QTest.keyClick(view, Qt.Key.Key_Return)
    rig.wait(lambda: rig.at_flag(4), "the chosen item on page 5")


def test_the_queue_follows_the_text(rig: QueueRig) -> None:
    ws: Any = rig.w.controller.workspace
    rig.arun(ws.save_draft(1, ALT))  # the reviewer agrees with the other reading on page 2
    rig.wait(lambda: rig.queue.model.rowCount() == 1, "the queue refreshed")
    assert rig.queue.model.items[0][0] == 4
    # A fresh review of one page (from the aids hub) updates just that page's rows.
    flag = Flag(0, 3, FlagKind.CRITICAL, "article number differs", 0, 3, "第三條", "article")
    rig.queue.set_review(PageReview(page=2, agreement=0.9, flags=(flag,)))
    assert [p for p, _f in rig.queue.model.items] == [2, 4]
    assert rig.queue.model.index(0, 1).data() == "Article"
    rig.queue.set_review(PageReview(page=4, agreement=1.0))
    assert [p for p, _f in rig.queue.model.items] == [2]


def test_an_empty_queue_says_so(qtbot: Any) -> None:
    model = ReviewQueueModel()
    model.set_items([])
    assert model.rowCount() == 0
    model.replace_page(3, [Flag(1, 2, FlagKind.CRITICAL, "x", category="number")])
    assert model.rowCount() == 1 and model.index(0, 1).data() == "Number"


def test_the_item_gone_to_stays_selected_through_a_refresh(rig: QueueRig) -> None:
    # Going to an item saves the page on the way; the queue's refresh that follows came
    # after F12 now and then (under load) and cleared the selected row.
    rig.key(NEXT)
    rig.wait(lambda: rig.at_flag(1), "the first critical item, on page 2")
    assert rig.queue.panel.view.currentIndex().row() == 0
    rig.arun(rig.queue.refresh())  # the refresh, driven here rather than left to its timer
    assert rig.queue.panel.view.currentIndex().row() == 0 and rig.queue.row == 0
