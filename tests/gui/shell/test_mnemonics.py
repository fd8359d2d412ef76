"""Menu mnemonics: within one menu no two entries share an Alt letter, in English and
in zh_TW (issue 28: in 文字辨識 (R) appeared three times; in 審閱 (M), (R) and (P)
repeated, so Alt+letter only moved between them instead of choosing)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu

from backend import i18n
from gui.services import language

MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    """The Alt letter of a menu text ("&&" is a literal ampersand), upper case."""
    found = MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).upper() if found else None


def clashes(menu: QMenu, path: str = "") -> list[str]:
    """Every letter two visible entries of ``menu`` (or of a submenu) share."""
    title = f"{path} ▸ {menu.title()}" if path else menu.title()
    letters: dict[str, list[str]] = defaultdict(list)
    out: list[str] = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        letter = mnemonic(action.text())
        if letter:
            letters[letter].append(action.text())
        if action.menu() is not None:
            out += clashes(action.menu(), title)
    out += [f"{title}: {k} in {v}" for k, v in letters.items() if len(v) > 1]
    return out


@pytest.fixture(params=["en", "zh_TW"])
def lang(request: Any, qapp: QApplication) -> Iterator[str]:
    font = QGuiApplication.font()
    translators: list[QTranslator] = language.install(qapp, request.param)
    yield request.param
    for translator in translators:
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    QGuiApplication.setFont(font)
    i18n.set_language(i18n.ENGLISH)


def test_the_checker_finds_a_clash(qapp: QApplication) -> None:
    menu = QMenu("&Test")
    menu.addAction("&Run")
    menu.addAction("Re&name")
    menu.addAction("&Rerun")
    menu.addAction("Save && &run")
    assert mnemonic("保存(&S)…") == "S" and mnemonic("A && B") is None
    assert clashes(menu) == ["&Test: R in ['&Run', '&Rerun', 'Save && &run']"]


def test_no_menu_has_two_entries_with_one_mnemonic(make_window: Any, lang: str) -> None:
    window = make_window()
    found = [
        clash
        for action in window.menuBar().actions()
        if action.menu() is not None
        for clash in clashes(action.menu())
    ]
    assert not found, "\n".join(found)
