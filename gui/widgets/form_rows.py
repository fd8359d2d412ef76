"""A form row whose field is a layout (a box and its button) keeps its mnemonic.

``QFormLayout.addRow("&Save as:", layout)`` cannot give the label a buddy, so the
label showed a literal "&Save as:" and Alt+S did nothing. Here the label gets the
row's input as its buddy: the "&" is drawn as an underline and the key focuses it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QLayout, QWidget


def add_row(form: QFormLayout, text: str, field: QLayout | QWidget, buddy: QWidget) -> QLabel:
    label = QLabel(text, buddy.parentWidget())
    label.setBuddy(buddy)
    form.addRow(label, field)
    return label
