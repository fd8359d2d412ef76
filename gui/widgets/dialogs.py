"""Dialogs that can be awaited without a nested event loop.

``QDialog.exec()`` inside a coroutine runs a second event loop while the task
is still "executing"; any other task that wakes up meanwhile (an autosave)
fails with "Cannot enter into task ... while another task is being executed"
and never runs again. These helpers ``open()`` the dialog and await its
``finished`` signal instead, so every other task keeps running.

A message often quotes a server or a file (an error body, a model id, a file
name): it is shown as plain text with control characters as visible symbols
(``backend.safe_text.placeholders``), never as markup or raw escape codes.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from backend.safe_text import placeholders


async def _finished(dialog: QDialog) -> int:
    future: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def done(result: int) -> None:
        if not future.done():
            future.set_result(result)

    dialog.finished.connect(done)
    dialog.open()
    try:
        return await future
    finally:
        dialog.finished.disconnect(done)
        dialog.deleteLater()


async def ask_text(parent: QWidget, title: str, label: str, *, secret: bool = False) -> str | None:
    """A line of text (``secret`` hides it, for passwords); None when cancelled."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    if secret:
        dialog.setTextEchoMode(QLineEdit.EchoMode.Password)
    accepted = await _finished(dialog) == QDialog.DialogCode.Accepted
    return dialog.textValue() if accepted else None


async def ask_int(
    parent: QWidget, title: str, label: str, value: int, low: int, high: int
) -> int | None:
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setInputMode(QInputDialog.InputMode.IntInput)
    dialog.setIntRange(low, high)
    dialog.setIntValue(value)
    accepted = await _finished(dialog) == QDialog.DialogCode.Accepted
    return dialog.intValue() if accepted else None


def _question(parent: QWidget, title: str, text: str, default_yes: bool) -> QMessageBox:
    box = QMessageBox(
        QMessageBox.Icon.Question,
        placeholders(title),
        placeholders(text),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # "<b>" in a file name is not markup
    default = QMessageBox.StandardButton.Yes if default_yes else QMessageBox.StandardButton.No
    box.setDefaultButton(default)  # No unless asked: the safe answer by default
    return box


async def ask_yes_no(parent: QWidget, title: str, text: str, *, default_yes: bool = False) -> bool:
    """Yes or No; Enter answers No unless ``default_yes`` (a step the user asked for
    and can stop, not one that loses or overwrites anything)."""
    box = _question(parent, title, text, default_yes)
    yes = box.button(QMessageBox.StandardButton.Yes)
    await _finished(box)
    return box.clickedButton() is yes


async def ask_yes_no_or(parent: QWidget, title: str, text: str, other: str) -> bool | None:
    """Yes (True), No (False) or a third answer, the button ``other`` (None): going to
    deal with what the question is about. Enter and Esc answer No."""
    box = _question(parent, title, text, False)
    third = box.addButton(other, QMessageBox.ButtonRole.ActionRole)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    yes = box.button(QMessageBox.StandardButton.Yes)
    await _finished(box)
    clicked = box.clickedButton()
    return None if clicked is third else clicked is yes


def show_message(parent: QWidget, title: str, text: str, *, warning: bool = False) -> QMessageBox:
    """Show a message without waiting for it to be dismissed."""
    icon = QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information
    box = QMessageBox(
        icon, placeholders(title), placeholders(text), QMessageBox.StandardButton.Ok, parent
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # a server's "<a href=…>" is not a link
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def show_message_once(
    parent: QWidget, title: str, text: str, *, warning: bool = False
) -> QMessageBox:
    """``show_message``, unless a box of ``parent`` already says these words: that one is
    raised instead. One cause often fails several tasks at once (a login the team server
    refuses fails every background read), and each used to stack its own identical box."""
    shown_title, shown_text = placeholders(title), placeholders(text)
    for box in parent.findChildren(QMessageBox):
        if box.isVisible() and box.text() == shown_text and box.windowTitle() == shown_title:
            box.raise_()
            return box
    return show_message(parent, title, text, warning=warning)
