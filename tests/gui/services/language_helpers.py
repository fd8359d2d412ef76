"""The ``installed`` fixture: translators a test installs, removed again afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from backend import i18n


@pytest.fixture
def installed(qapp: QApplication) -> Iterator[list[QTranslator]]:
    """Translators a test installs (append them); removed again, so the next test
    runs in English."""
    font = QGuiApplication.font()
    translators: list[QTranslator] = []
    yield translators
    for translator in translators:
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    QGuiApplication.setFont(font)
    i18n.set_language(i18n.ENGLISH)
