"""The Facts dock (issue 24 point 3) in the window: a conflict is listed and marked; a
click (or Enter) on a place goes to its page and selects its span; Enter on a variant
offers to make it agree, through the replace dialog's preview, which changes nothing."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from gui.facts.facts_dock import FactsDock
from gui.facts.facts_model import CONFLICT_MARK, LevelRole, page_ranges
from gui.facts.source import FactsCalls
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for
from tests.gui.window_support import opened

RIGHT, WRONG = "一一四年度訴字第五六號", "一一四年度訴字第五八號"
TEXTS = {p: f"臺灣臺北地方法院民事判決　{RIGHT}\n原告林○○" for p in (0, 1, 2, 3)}
TEXTS[4] = f"臺灣臺北地方法院民事判決　{WRONG}\n原告林○○"
AT = TEXTS[0].index(RIGHT)


def _case_numbers() -> FactGroup:
    def variant(value: str, pages: tuple[int, ...]) -> FactVariant:
        places = tuple(
            Fact(FactKind.CASE_NUMBER, value, p, AT, AT + len(value), key=value) for p in pages
        )
        return FactVariant(value, value, places)

    return FactGroup(
        FactKind.CASE_NUMBER,
        "",
        (variant(RIGHT, (0, 1, 2, 3)), variant(WRONG, (4,))),
        conflict=True,
    )


def _party() -> FactGroup:
    fact = Fact(FactKind.PARTY, "林○○", 0, len(TEXTS[0]) - 3, len(TEXTS[0]), "原告", "林○○")
    return FactGroup(FactKind.PARTY, "原告", (FactVariant("林○○", "林○○", (fact,)),))


def _dock(w: MainWindow, arun: Any, groups: list[FactGroup]) -> FactsDock:
    """A Facts dock in the window over these facts (the text they were read from is the
    store's: the places are real places)."""
    changed: list[Collection[int]] = []

    async def read() -> tuple[list[FactGroup], list[str]]:
        return groups, []

    async def none() -> list[str]:
        return []

    async def took(pages: Collection[int]) -> None:
        changed.append(pages)

    async def unused(*_args: Any) -> Any:
        raise AssertionError("not in this test")

    calls = FactsCalls(1, read, took, none, unused, unused, unused)
    dock = FactsDock(w, w.controller, w.runner, lambda: calls)
    dock.agree_wanted.connect(w.replace.offer)
    w.show_dock(dock.dock)
    arun(w.runner.drain())
    return dock


def test_a_conflict_is_listed_and_a_click_goes_to_its_page_and_span(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, TEXTS)
    dock = _dock(w, arun, [_party(), _case_numbers()])
    model, view = dock.model, dock.view
    first = model.index(0, 0)  # the conflict first, whatever the order given
    assert first.data().startswith(CONFLICT_MARK) and RIGHT in first.data()
    assert "1 read differently" in dock.panel.summary.text()
    assert view.isExpanded(first)  # a conflict is open; the rest folded
    assert not view.isExpanded(model.index(1, 0))
    minority = model.index(1, 0, first)
    assert minority.data().startswith(WRONG) and minority.data().endswith("5")
    place = model.index(0, 0, minority)
    assert place.data(LevelRole) == "place" and place.data() == f"p. 5: {WRONG}"
    assert place.parent() == minority and minority.parent() == first
    view.expand(minority)
    rect = view.visualRect(place)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.center()))
    arun(wait_for(lambda: w.controller.current == 4, what="page 5"))
    arun(w.runner.drain())
    cursor = w.editor.editor.textCursor()
    assert cursor.selectedText() == WRONG
    assert cursor.selectionStart() == AT
    # Enter on a place of the majority: page 2, its span.
    view.setCurrentIndex(model.index(1, 0, model.index(0, 0, first)))
    QTest.keyClick(view, Qt.Key.Key_Return)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    assert w.editor.editor.textCursor().selectedText() == RIGHT


def test_enter_on_a_variant_offers_to_make_it_agree(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, TEXTS)
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    dock = _dock(w, arun, [_case_numbers()])
    view, model = dock.view, dock.model
    first = model.index(0, 0)
    view.setCurrentIndex(model.index(0, 0, first))  # the majority: nothing to offer
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert not w.replace.dialog.isVisible()
    assert "most pages" in w.statusBar().currentMessage()
    view.setCurrentIndex(model.index(1, 0, first))  # the minority's spelling
    QTest.keyClick(view, Qt.Key.Key_Return)
    arun(w.runner.drain())
    dialog = w.replace.dialog
    assert dialog.isVisible()
    assert (dialog.find_field.text(), dialog.replace_field.text()) == (WRONG, RIGHT)
    assert dialog.range_field.text() == "5" and dialog.some_pages.isChecked()
    assert [(m.page, m.start, m.replacement) for m in dialog.model.matches] == [(4, AT, RIGHT)]
    assert store.page_state(4).text == TEXTS[4]  # a preview: nothing written yet
    dialog.apply_button.click()
    arun(w.runner.drain())
    assert store.page_state(4).text == TEXTS[0]


def test_page_ranges_read_as_typed() -> None:
    assert page_ranges([0, 1, 2, 6, 8, 9]) == "1-3, 7, 9-10"
    assert page_ranges([4]) == "5" and page_ranges([]) == ""
