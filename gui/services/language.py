"""The UI language: chosen once at start-up, for Qt's strings and the backend's alike.

Order: ``--lang`` or ``PROOFDESK_LANG`` (one run), then the choice saved in
settings (View ▸ Language), then the system's UI languages
(``QLocale.system().uiLanguages()``: on Linux ``LANGUAGE``/``LC_ALL``/
``LC_MESSAGES``/``LANG``, on Windows and macOS the user's language list).
Traditional Chinese (zh_TW, zh_HK, zh_Hant…) gets the zh_TW catalogue;
everything else English, the only other UI.

Installs ProofDesk's ``.qm``, Qt's own ``qtbase_zh_TW.qm`` (standard
buttons and dialogs) and ours for what Qt's lacks (``qtbase_gaps``), sets the
default QLocale (numbers and dates), and tells
``backend.i18n`` so backend messages follow the UI.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication

from backend import i18n

log = logging.getLogger(__name__)

TRANSLATIONS = Path(__file__).resolve().parent.parent.parent / "resources" / "translations"
SYSTEM = ""  # the saved choice meaning "follow the system"
# Han text in the UI in Traditional Chinese glyph forms, whatever the UI language:
# fontconfig's fallback picks the Japanese face of Noto CJK, and Windows falls back
# by the user's language. The UI's own family stays first for Latin text.
TRADITIONAL_FAMILIES = (
    "Noto Sans CJK TC",
    "Noto Sans TC",
    "Source Han Sans TC",
    "Microsoft JhengHei UI",
    "Microsoft JhengHei",
    "PingFang TC",
    "Heiti TC",
)


def system_ui_language() -> str:
    """The shipped language the system asks for first (English when none of ours)."""
    for name in QLocale.system().uiLanguages():
        language = i18n.language_for(name)
        if language == i18n.TRADITIONAL_CHINESE:
            return language
        if language is not None and not name.lower().startswith("zh"):
            return i18n.ENGLISH  # the user's first language is not Chinese
    return i18n.ENGLISH


def choose_language(saved: str = SYSTEM) -> str:
    """The UI language: ``PROOFDESK_LANG`` for this run, else ``saved`` (settings), else
    the system's."""
    for wish in (os.environ.get("PROOFDESK_LANG", ""), saved):
        language = i18n.language_for(wish) if wish else None
        if language is not None:
            return language
    return system_ui_language()


def install(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Translate the app into ``language``; returns the translators installed."""
    i18n.set_language(language)
    use_traditional_glyphs(app)
    locale = QLocale(language)
    QLocale.setDefault(locale)
    installed: list[QTranslator] = []
    if language == i18n.ENGLISH:
        return installed
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    # qtbase_gaps: Qt 6 strings Qt's own zh_TW catalogue lacks (the file dialog's
    # "&Look in:", "Files of &type:", "Folder"); see the .ts file's note.
    catalogues = (("proofdesk", str(TRANSLATIONS)), ("qtbase", qt_dir))
    for name, folder in (*catalogues, ("qtbase_gaps", str(TRANSLATIONS))):
        translator = QTranslator(app)
        if translator.load(locale, name, "_", folder):
            app.installTranslator(translator)
            installed.append(translator)
        else:  # a missing .qm: run scripts/compile_translations.sh (setup.sh does)
            log.warning("no %s translation for %s in %s", name, language, folder)
    return installed


def use_traditional_glyphs(app: QCoreApplication) -> None:
    """Name the Traditional Chinese faces after the UI font, for every widget."""
    if not isinstance(app, QGuiApplication):
        return
    font = QGuiApplication.font()
    families = [f for f in font.families() if f not in TRADITIONAL_FAMILIES]
    font.setFamilies([*(families or [font.family()]), *TRADITIONAL_FAMILIES])
    QGuiApplication.setFont(font)
