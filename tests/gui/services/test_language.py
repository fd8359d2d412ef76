"""The UI language: the system's by default, a saved choice overrides it, and one choice
translates Qt's strings, ProofDesk's and the backend's messages together."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from PySide6.QtCore import QCoreApplication, QFileInfo, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QFileDialog, QFileIconProvider, QLabel, QMenu

from backend import i18n
from gui.services import language
from gui.services.settings import GuiSettings
from gui.shell.main_window import MainWindow
from tests.conftest import ROOT
from tests.gui.services.language_helpers import installed

__all__ = ["installed"]  # the fixture


def test_proofdesk_lang_wins_then_the_saved_choice_then_the_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PROOFDESK_LANG", "zh_TW")
    assert language.choose_language("en") == "zh_TW"  # one run in Chinese
    assert language.choose_language("") == "zh_TW"
    monkeypatch.setenv("PROOFDESK_LANG", "")
    assert language.choose_language("en") == "en"
    monkeypatch.setattr(language, "system_ui_language", lambda: "zh_TW")
    assert language.choose_language("") == "zh_TW"
    assert language.choose_language("zh_HK") == "zh_TW"


def test_the_system_language_list_is_read_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    def system(*names: str) -> None:
        monkeypatch.setattr(QLocale, "system", lambda: _Locale(list(names)))

    system("zh-Hant-TW", "en-US")
    assert language.system_ui_language() == "zh_TW"
    system("en-GB", "zh-TW")
    assert language.system_ui_language() == "en"  # English is the user's first language
    system("zh-Hans-CN", "zh-TW")
    assert language.system_ui_language() == "zh_TW"  # Traditional beats English for them
    system("de-DE")
    assert language.system_ui_language() == "en"


class _Locale:
    def __init__(self, names: list[str]) -> None:
        self.names = names

    def uiLanguages(self) -> list[str]:  # Qt's name
        return self.names


def test_installing_zh_tw_translates_qt_proofdesk_and_the_backend(
    qapp: QApplication, installed: list[QTranslator]
) -> None:
    installed += language.install(qapp, "zh_TW")
    assert len(installed) == 3, "proofdesk_zh_TW.qm, Qt's qtbase_zh_TW.qm and its gaps"
    assert QCoreApplication.translate("MenuTitles", "&File") == "檔案(&F)"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"  # Qt's own
    assert i18n.current_language() == "zh_TW"
    assert i18n._("The export was cancelled; nothing was written.") == (
        "匯出已取消；未寫入任何內容。"
    )
    assert QLocale().name() == "zh_TW"  # numbers and dates in the user's format
    assert "Noto Sans CJK TC" in QGuiApplication.font().families()


def test_english_installs_no_translator(qapp: QApplication, installed: list[QTranslator]) -> None:
    installed += language.install(qapp, "en")
    assert installed == []
    assert QCoreApplication.translate("MenuTitles", "&File") == "&File"
    assert i18n._("The export was cancelled; nothing was written.").startswith("The export")


def test_view_language_saves_the_choice(
    make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gui.widgets import dialogs

    told: list[str] = []
    monkeypatch.setattr(dialogs, "show_message", lambda _w, _t, text, **_k: told.append(text))
    window = make_window()
    view = window.menuBar().findChild(QMenu, "menu-view")
    assert view is not None
    names = [a.text() for a in view.actions()]
    assert "繁體中文" in names and "English" in names  # each language in its own script
    chinese = window.actions_by_name["language_zh_TW"]
    system = window.actions_by_name["language_system"]
    assert system.isChecked() and not chinese.isChecked()
    chinese.trigger()
    assert GuiSettings().language == "zh_TW"
    assert chinese.isChecked() and not system.isChecked()
    assert told and "next start" in told[0]
    system.trigger()
    assert GuiSettings().language == ""


def test_the_lang_option_beats_the_environment_and_settings(
    qapp: QApplication, installed: list[QTranslator], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gui.app import install_translations

    GuiSettings().language = "en"
    monkeypatch.setenv("PROOFDESK_LANG", "en")
    seen: list[str] = []
    monkeypatch.setattr(language, "install", lambda _app, lang: seen.append(lang) or [])
    assert install_translations(qapp, "zh_TW") == "zh_TW"
    assert install_translations(qapp, None) == "en"
    assert seen == ["zh_TW", "en"]


def test_qts_file_dialog_is_in_chinese(qapp: QApplication, installed: list[QTranslator]) -> None:
    """Issue 28: "Look in:", "Files of type:" and "Folder" were English in the zh_TW UI.
    Qt's qtbase_zh_TW.qm is older than Qt 6: it translates "Look in:", but Qt 6 asks
    for "&Look in:"; and QFileIconProvider became QAbstractFileIconProvider."""
    installed += language.install(qapp, "zh_TW")
    dialog = QFileDialog(None, "x", str(ROOT))
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setViewMode(QFileDialog.ViewMode.Detail)
    dialog.show()
    try:
        labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        assert "尋找於(&L)：" in labels and "檔案型態(&T)：" in labels
        english = [t for t in labels if re.search(r"[A-Za-z]{2}", t)]
        assert english == [], english
    finally:
        dialog.close()
    assert QFileIconProvider().type(QFileInfo(str(ROOT))) == "資料夾"  # the type column
