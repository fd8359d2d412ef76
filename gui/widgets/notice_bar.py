"""A non-modal bar above the workspace for notes about the open document
(repaired, moved, recovered after a crash). It never blocks the keyboard flow."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from backend.safe_text import placeholders


class NoticeBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice-bar")
        # Its own text colour too: the theme's (white in a dark theme) is unreadable on yellow.
        self.setStyleSheet(
            "#notice-bar { background: #fff4c2; border-bottom: 1px solid #d9c36a; }"
            "#notice-bar QLabel, #notice-bar QToolButton { color: #3d3300; }"
        )
        self.transient = False  # about one action (an import): gone on the next page
        self._timer = QTimer(self, singleShot=True)
        self._timer.timeout.connect(self.page_changed)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # notices quote the file
        close = QToolButton(self)
        close.setText("✕")
        close.setToolTip(self.tr("Dismiss"))
        close.clicked.connect(self.hide)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.label, 1)
        row.addWidget(close)
        self.hide()

    def show_notices(self, notices: list[str]) -> None:
        """Notes about the document: they stay until dismissed."""
        self.transient = False
        self._timer.stop()
        if not notices:
            self.hide()
            return
        self.label.setText(placeholders("\n".join(notices)))
        self.show()

    def show_transient(self, text: str, ms: int = 10_000) -> None:
        """A note about one action: hidden after ``ms`` (0: no timeout) or on a page change."""
        self.show_notices([text] if text else [])
        self.transient = bool(text)
        if text and ms:
            self._timer.start(ms)

    def page_changed(self) -> None:
        if self.transient:
            self.transient = False
            self.hide()
