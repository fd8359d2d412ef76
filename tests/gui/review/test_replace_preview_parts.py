"""The find & replace preview's parts: a page someone else claimed is shown and never
checked; a page's box checks all of its matches; a long search is cancelled with Esc
(the dialog stays open, nothing found is shown) and the next Esc closes it."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.session.replace import ReplaceMatch, ReplaceOutcome, ReplaceQuery
from gui.review.replace_dialog import EXPANDED_MATCHES, Progress, ReplaceDialog
from gui.review.replace_model import ReplaceModel
from gui.services.tasks import TaskRunner
from tests.gui.conftest import wait_for


def _match(page: int, start: int, *, approved: bool = False, claimed: str | None = None) -> Any:
    return ReplaceMatch(page, start, start + 2, "甲乙", "丙丁", "前", "後", "h", approved, claimed)


def test_a_claimed_page_is_shown_and_never_checked(qapp: Any) -> None:
    model = ReplaceModel()
    model.set_matches([_match(0, 1), _match(0, 5), _match(3, 0, claimed="王小明")])
    claimed = model.index(1, 0)
    assert "王小明" in claimed.data() and not model.flags(claimed)  # greyed, not checkable
    assert not model.flags(model.index(0, 0, claimed))
    assert [(m.page, m.start) for m in model.chosen()] == [(0, 1), (0, 5)]
    model.set_all(True)  # "Check all" leaves it out too
    assert [m.page for m in model.chosen()] == [0, 0]
    assert not model.setData(claimed, Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert [m.page for m in model.chosen()] == [0, 0]
    page = model.index(0, 0)
    check = Qt.ItemDataRole.CheckStateRole
    model.setData(page, Qt.CheckState.Unchecked, check)  # a page's box: all of its matches
    assert model.chosen() == []
    model.setData(model.index(1, 0, page), Qt.CheckState.Checked, check)
    assert page.data(check) == Qt.CheckState.PartiallyChecked
    assert [(m.page, m.start) for m in model.chosen()] == [(0, 5)]
    model.setData(page, Qt.CheckState.Checked, check)  # from "partly": all of them
    assert page.data(check) == Qt.CheckState.Checked and len(model.chosen()) == 2


def test_esc_cancels_a_long_search_then_closes(qapp: Any, loop: Any, arun: Any) -> None:
    release = asyncio.Event()
    started: list[ReplaceQuery] = []

    async def find(query: ReplaceQuery, progress: Progress) -> list[ReplaceMatch]:
        started.append(query)
        progress(250, 3000)
        await release.wait()  # a search over many pages, still going
        return [_match(0, 0)]

    async def apply(*_args: Any) -> ReplaceOutcome:
        raise AssertionError("nothing is applied")

    async def confirm(_q: str) -> bool:
        return False

    runner = TaskRunner()
    dialog = ReplaceDialog(find, apply, confirm, runner.run)
    dialog.set_document(3000, 0)
    dialog.show()
    dialog.find_field.setText("甲乙")
    QTest.keyClick(dialog.find_field, Qt.Key.Key_Return)
    arun(wait_for(lambda: dialog.progress.value() == 250, what="the search's progress"))
    assert dialog.searching and dialog.progress.isVisible() and dialog.cancel_button.isVisible()
    assert started[0].pages is None  # all pages
    QTest.keyClick(dialog.view, Qt.Key.Key_Escape)
    arun(runner.drain())
    assert not dialog.searching and dialog.isVisible()  # cancelled, still open
    assert dialog.model.matches == [] and "cancelled" in dialog.summary.text()
    release.set()
    QTest.keyClick(dialog.view, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_a_preview_of_many_matches_opens_the_first_pages_only(
    qapp: Any, loop: Any, arun: Any
) -> None:
    # 3,000 pages × 3 matches: every match listed; the first pages open up to the budget
    # (opening them all took 0.3-0.7 s), the rest folded; Check None / All reach them all.
    many = [_match(page, at) for page in range(3000) for at in (0, 10, 20)]

    async def find(_query: ReplaceQuery, _progress: Progress) -> list[ReplaceMatch]:
        return many

    async def unused(*_args: Any) -> Any:
        raise AssertionError("not in this test")

    runner = TaskRunner()
    dialog = ReplaceDialog(find, unused, unused, runner.run)
    dialog.set_document(3000, 0)
    dialog.find_field.setText("甲乙")
    dialog.preview()
    arun(runner.drain())
    model, view = dialog.model, dialog.view
    assert len(model.matches) == 9000 and model.rowCount() == 3000
    opened = [row for row in range(3000) if view.isExpanded(model.index(row, 0))]
    assert opened == list(range(EXPANDED_MATCHES // 3))
    dialog.check_none.click()
    check = Qt.ItemDataRole.CheckStateRole
    last = model.index(2, 0, model.index(2999, 0))
    assert model.chosen() == [] and last.data(check) == Qt.CheckState.Unchecked
    assert "0 checked" in dialog.summary.text() and not dialog.apply_button.isEnabled()
    dialog.check_all.click()
    assert len(model.chosen()) == 9000 and last.data(check) == Qt.CheckState.Checked
