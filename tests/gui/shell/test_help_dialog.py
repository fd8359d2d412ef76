"""F1: each shortcut with its one primary key, and every symbol the page list draws
explained (issue 28: no entry for ‼, "Ctrl+Z, F14, 復原" for Undo, and the heading
"The page list" in English in the zh_TW UI)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from backend import i18n
from backend.models import ReviewStatus
from backend.session.document_review import PageSummary
from gui.review.page_list_model import STATUS_MARKS, PageListModel
from gui.services import language
from gui.shell.help_dialog import HelpDialog, PageListLegend, grouped_shortcuts


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    font = QGuiApplication.font()
    translators: list[QTranslator] = language.install(qapp, "zh_TW")
    yield
    for translator in translators:
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    QGuiApplication.setFont(font)
    i18n.set_language(i18n.ENGLISH)


def _symbols(text: str) -> set[str]:
    """The symbols in a page-list row or a legend entry, numbers and spaces aside."""
    return set(re.sub(r"[\d\s.%]", "", text)) | ({"%"} if "%" in text else set())


def test_every_symbol_the_page_list_draws_is_explained(qapp: QApplication) -> None:
    model = PageListModel(3)
    model.set_statuses(list(ReviewStatus)[:3])
    model.set_review_summaries(
        [
            PageSummary(0, 0.92, markers=2, critical=1, diffs=3, low_confidence=0),
            PageSummary(
                1, 1.0, markers=0, critical=0, diffs=0, low_confidence=0, same_reading=True
            ),
        ]
    )
    drawn = set().union(*(_symbols(model.data(model.index(r)).split(None, 1)[1]) for r in range(3)))
    drawn |= set(STATUS_MARKS.values())
    legend = PageListLegend().rows()
    explained = set().union(*(_symbols(symbol) for symbol, _ in legend))
    assert {"‼", "=", "◆", "%"} <= drawn  # the rows above drew every badge
    assert drawn - explained == set()
    assert "92.0%" in dict(legend)  # written as the badge writes it


def test_each_shortcut_shows_the_apps_keys_not_qts_alternates(make_window: Any) -> None:
    window = make_window()
    groups = grouped_shortcuts(window.actions_by_name.values())
    rows = dict(row for _, group in groups for row in group)
    assert rows["Undo"] == "Ctrl+Z"  # not "Ctrl+Z, F14, Undo"
    assert rows["Next Page"] == "Ctrl+PgDown, Alt+Right"  # both are the app's own
    assert rows["Previous Page"] == "Ctrl+PgUp, Alt+Left"


def test_the_help_is_in_chinese_in_the_zh_tw_ui(make_window: Any, chinese: None) -> None:
    window = make_window()
    dialog = HelpDialog(window.actions_by_name.values(), window)
    html = dialog.browser.toHtml()
    dialog.close()
    headings = re.findall(r"<h3[^>]*>(?:<[^>]+>)*([^<]*)<", html)
    assert "頁面清單" in headings
    assert [h for h in headings if re.search(r"[A-Za-z]{2}", h)] == []
