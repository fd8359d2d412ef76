"""In the zh_TW UI no visible text is English: every label, button, title, menu entry,
tooltip and placeholder of the main window and its docks is walked and any ASCII word
that is not a name (ProofDesk, vLLM, PDF…) fails the test. It catches what bypasses
tr() (issue 28: "Proxy(P)", F1's "The page list", Qt's "Look in:")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabBar,
    QWidget,
)

from backend import i18n
from gui.services import language

# Names and notation that stay as they are in Chinese (resources/translations/README.md).
ALLOWED = {
    "ProofDesk",
    "vLLM",
    "RapidOCR",
    "Tesseract",
    "OCR",
    "VLM",
    "PDF",
    "JSON",
    "JSONL",
    "TXT",
    "HTML",
    "DOCX",
    "Markdown",
    "CER",
    "GPU",
    "VRAM",
    "KV",
    "API",
    "URL",
    "HTTP",
    "HTTPS",
    "token",
    "tokens",
    "dpi",
    "px",
    "GiB",
    "MB",
    "GB",
    "Ctrl",
    "Shift",
    "Alt",
    "Esc",
    "Enter",
    "Tab",
    "Home",
    "End",
    "PgUp",
    "PgDown",
    "Del",
    "Backspace",
    "Space",
    "Qwen",
    "VL",
    "SHA",
    "fp",
    "bf",
    "int",
    "auto",
    "re",
    "Python",
    "transformers",
    "CPU",
    "CUDA",
    "Safetensors",
    "TLS",
    "JPEG",
    "PNG",
    "awq",
    "gptq",
    "bitsandbytes",
    "Token",
    "Return",
    "English",  # the English UI's name in the language menu, written in English
}
CODE = re.compile(
    r"https?://\S+|\{[^{}]*\}|--[\w-]+|[\w.-]+\.(?:json|jsonl|pdf|txt|md|py|review)\b"
    r"|\b[A-Z]\w*_\w+\b|\bF\d{1,2}\b|&\w|\([A-Z]\)|</?\w+[^>]*>|[A-Z]:"
    r"|\bb?float\d+\b|\bvllm [\w-]+|\bpip install \S+"  # dtypes and commands
    r"|\b[a-z]+(?:[-_][a-z]+)+\b|\bCUDA graph\b"  # options' values (max_pixels)
)
WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    rest = CODE.sub(" ", text)
    return [w for w in WORD.findall(rest) if w not in ALLOWED]


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of what a person reads in ``root`` and its children."""
    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__}:{widget.objectName()}"
        if isinstance(widget, QLabel):
            yield name, widget.text()
        if isinstance(widget, QAbstractButton):
            yield name, widget.text()
        if isinstance(widget, QGroupBox):
            yield name, widget.title()
        if isinstance(widget, QDockWidget):
            yield name, widget.windowTitle()
        if isinstance(widget, QLineEdit):
            yield name, widget.placeholderText()
        if isinstance(widget, QComboBox):
            yield from ((name, widget.itemText(i)) for i in range(widget.count()))
        if isinstance(widget, QTabBar):
            yield from ((name, widget.tabText(i)) for i in range(widget.count()))
        yield name + " (tooltip)", widget.toolTip()
        for action in widget.actions():
            yield f"{name} action", action.text()
            yield f"{name} action (tooltip)", action.toolTip()


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


def test_the_checker_finds_english_and_lets_names_be() -> None:
    assert english_words("代理伺服器(&P)：") == []
    assert english_words("Proxy(&P)：") == ["Proxy"]
    assert english_words("以 RapidOCR 辨識 {0} 頁（Ctrl+R）") == []
    assert english_words("The page list") == ["The", "page", "list"]


def test_no_english_in_the_zh_tw_window(make_window: Any, chinese: None) -> None:
    window = make_window()
    texts = list(visible_texts(window))
    texts += [("menu", a.text()) for a in window.findChildren(QAction)]
    assert len(texts) > 200  # the walk found the window's text: this test can fail
    english = sorted({(where, t) for where, t in texts if t and english_words(t)})
    assert english == [], "\n".join(f"{w}: {t!r}" for w, t in english)


# Dialogs that open without a document or a question first (the servers' "Proxy(P)").
DIALOGS = ("ocr_servers", "ocr_local", "ocr_planner", "marker_patterns", "shortcuts")


def test_no_english_in_the_zh_tw_dialogs(make_window: Any, chinese: None) -> None:
    window = make_window()
    before = set(QApplication.topLevelWidgets())
    for name in DIALOGS:
        window.actions_by_name[name].trigger()
    QApplication.processEvents()
    opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    assert len(opened) >= len(DIALOGS) - 1, opened  # they opened: this test can fail
    texts = [(f"{type(d).__name__} {where}", t) for d in opened for where, t in visible_texts(d)]
    for dialog in opened:
        dialog.close()
    english = sorted({(where, t) for where, t in texts if t and english_words(t)})
    assert english == [], "\n".join(f"{w}: {t!r}" for w, t in english)
