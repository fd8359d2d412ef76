"""Helpers shared by the Compare-dock tests: wait for a fresh review, press a key."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for


def wait_reviewed(w: MainWindow, arun: Any) -> None:
    """Until the review shown is of the page and the text in the editor now."""
    for _ in range(3):  # a result for older text is dropped and a new one scheduled
        arun(wait_for(w.aids.review_is_fresh, what="the page's review"))
        arun(w.runner.drain())
        if w.aids.review_is_fresh():
            assert w.aids.review is not None and w.aids.review.page == w.controller.current
            return


def press(w: MainWindow, key: Qt.Key, modifiers: Any = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(w.editor.editor, key, modifiers)


def accept_answering(w: MainWindow, arun: Any, dialogs: Any, answer: str = "Yes") -> None:
    """Alt+Enter, answering the question it may ask (a critical term, a deletion) with
    ``answer``; returns once the acceptance (or its refusal) is done."""
    dialogs.answers.append(answer)
    asked = len(dialogs["question"])
    if asked:  # offscreen, a closed box can keep the keys from the window's shortcuts
        w.actions_by_name["accept_alternate"].trigger()
    else:
        press(w, Qt.Key.Key_Return, Qt.KeyboardModifier.AltModifier)
    arun(w.runner.drain())
    if len(dialogs["question"]) == asked:
        dialogs.answers.remove(answer)  # nothing was asked: keep no stale answer
    else:  # offscreen, the closed box keeps the focus: give it back, as a click would
        w.activateWindow()
        w.editor.editor.setFocus()
