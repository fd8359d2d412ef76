"""A non-modal bar above the workspace for notes about the open document
(repaired, moved, recovered after a crash). It never blocks the keyboard flow."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from backend.safe_text import placeholders


class NoticeBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice-bar")
        self.setStyleSheet("#notice-bar { background: #fff4c2; border-bottom: 1px solid #d9c36a; }")
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
        if not notices:
            self.hide()
            return
        self.label.setText(placeholders("\n".join(notices)))
        self.show()
