"""A new reading next to the page's working text, for the reviewer to accept or not.

Left: the working text as it is. Right: the new reading with the character
diff marked (``history_panel.diff_html``: struck-through red is what would go,
underlined green what would come). A region's reading is not a whole page, so
it is shown plain, to insert at the cursor or to replace the selection with.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from backend.engines.base import Reading
from backend.safe_text import placeholders
from gui.widgets.diff_html import diff_html
from gui.widgets.theme import ALERT, MUTED, WARNING, set_color
from gui.widgets.transcript_editor import cjk_font

ACCEPT_KEYS = ("Ctrl+Shift+Return", "Ctrl+Shift+Enter")


class ReadingCompare(QWidget):
    accept_clicked = Signal()
    keep_clicked = Signal()
    insert_clicked = Signal()
    replace_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.current_title = QLabel(self.tr("Working text now"), self)
        self.new_title = QLabel(self)
        self.current = QPlainTextEdit(self)
        self.current.setReadOnly(True)
        self.current.setFont(cjk_font(11))
        self.current.setAccessibleName(self.tr("Working text now"))
        self.new = QTextBrowser(self)
        self.new.setFont(cjk_font(11))
        self.new.setAccessibleName(self.tr("New reading"))
        self.warnings = QLabel(self)
        self.warnings.setWordWrap(True)
        set_color(self.warnings, WARNING)
        self.usage = QLabel(self)
        self.usage.setWordWrap(True)
        set_color(self.usage, MUTED)
        self.accept_button = QPushButton(self.tr("Accept new reading"), self)
        self.accept_button.setToolTip(self.tr("Make it the working text (Ctrl+Shift+Return)"))
        self.insert_button = QPushButton(self.tr("Insert"), self)
        self.insert_button.setToolTip(self.tr("Insert the region's text at the cursor"))
        self.replace_button = QPushButton(self.tr("Replace selection"), self)
        self.replace_button.setToolTip(self.tr("Replace the selected text with the region's text"))
        self.keep_button = QPushButton(self)
        self.keep_button.setToolTip(self.tr("The new reading stays in the page's history (Esc)"))
        self.accept_button.clicked.connect(self.accept_clicked)
        self.keep_button.clicked.connect(self.keep_clicked)
        self.insert_button.clicked.connect(self.insert_clicked)
        self.replace_button.clicked.connect(self.replace_clicked)
        for keys in ACCEPT_KEYS:  # anywhere in the window, while the comparison is shown
            QShortcut(QKeySequence(keys), self, self._accept_by_key)
        left, right = QWidget(self), QWidget(self)
        for side, label, view in (
            (left, self.current_title, self.current),
            (right, self.new_title, self.new),
        ):
            column = QVBoxLayout(side)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(label)
            column.addWidget(view)
        self._left = left
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(left)
        split.addWidget(right)
        buttons = QHBoxLayout()
        for button in (self.accept_button, self.insert_button, self.replace_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.keep_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.title, split, self.warnings, self.usage):
            layout.addWidget(widget)
        layout.setStretch(1, 1)
        layout.addLayout(buttons)

    def show_page_reading(
        self, page: int, current: str, reading: Reading, *, stored: bool, error: str = ""
    ) -> None:
        self.title.setText(self.tr("New reading of page {0}").format(page + 1))
        self.new_title.setText(self.tr("New reading (changes marked)"))
        self._left.show()
        self.current.setPlainText(current)
        self.new.setHtml(diff_html(current, reading.text))
        self.accept_button.show()
        self.accept_button.setEnabled(stored)
        self.insert_button.hide()
        self.replace_button.hide()
        self.keep_button.setText(self.tr("Keep current"))
        self._describe(reading, error)
        self.show()

    def show_region_reading(self, page: int, reading: Reading, *, error: str = "") -> None:
        self.title.setText(self.tr("Reading of a region of page {0}").format(page + 1))
        self.new_title.setText(self.tr("Text of the region"))
        self._left.hide()
        self.new.setPlainText(reading.text)
        self.accept_button.hide()
        self.insert_button.show()
        self.replace_button.show()
        self.keep_button.setText(self.tr("Close"))
        self._describe(reading, error)
        self.show()

    def set_busy(self, busy: bool) -> None:
        for button in (self.accept_button, self.insert_button, self.replace_button):
            button.setEnabled(not busy)
        self.keep_button.setEnabled(not busy)

    def _accept_by_key(self) -> None:
        if self.accept_button.isVisible() and self.accept_button.isEnabled():
            self.accept_button.click()

    def _describe(self, reading: Reading, error: str) -> None:
        warnings = self.warnings_for(reading)
        if error:
            warnings.insert(0, error)
        set_color(self.warnings, ALERT if error else WARNING)
        self.warnings.setText(placeholders("\n".join(warnings)))  # quotes the server
        self.warnings.setVisible(bool(warnings))
        self.usage.setText(self.usage_for(reading))

    def warnings_for(self, reading: Reading) -> list[str]:
        found = []
        if reading.truncated:
            found.append(
                self.tr(
                    "Cut off at the token limit ({0:,} tokens): the end of the page is missing. "
                    "Raise max tokens and run again."
                ).format(reading.completion_tokens or 0)
            )
        elif reading.ended_early:  # vLLM's "abort", "repetition"...
            found.append(
                self.tr(
                    "The server ended the answer early (finish reason “{0}”): the end of the "
                    "page may be missing. Run it again."
                ).format(reading.finish_reason)
            )
        if reading.reasoning:
            found.append(
                self.tr(
                    "The model's thinking ({0:,} characters) was found and left out of the text; "
                    "it is kept in the version's details."
                ).format(len(reading.reasoning))
            )
        if not reading.text.strip():
            found.append(self.tr("The reading is empty."))
        found.extend(reading.notes)
        return found

    def usage_for(self, reading: Reading) -> str:
        parts = [
            self.tr("prompt {0} tokens").format(_count(reading.prompt_tokens)),
            self.tr("answer {0} tokens").format(_count(reading.completion_tokens)),
            self.tr("{0:.1f} s").format(reading.latency_s),
        ]
        if reading.first_token_s is not None:
            parts.append(self.tr("first token after {0:.1f} s").format(reading.first_token_s))
        if reading.model:
            parts.append(reading.model)
        return " · ".join(parts)


def _count(n: int | None) -> str:
    return "?" if n is None else f"{n:,}"
