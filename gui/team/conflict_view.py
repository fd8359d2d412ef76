"""A save that met a newer version: both are kept; this shows the later writer
what the other person saved against their own text, as a diff."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from backend.store.postgres.errors import SaveConflictError
from gui.widgets.diff_html import diff_html


class ConflictView(QDialog):
    def __init__(self, conflict: SaveConflictError, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Page changed by someone else"))
        message = QLabel(str(conflict), self)
        message.setWordWrap(True)
        legend = QLabel(
            self.tr("Struck through: only in {name}'s version. Underlined: only in yours.").format(
                name=conflict.theirs.author
            ),
            self,
        )
        legend.setWordWrap(True)
        self.diff = QTextBrowser(self)
        self.diff.setHtml(diff_html(conflict.theirs.text, conflict.mine.text))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        for widget in (message, legend, self.diff, buttons):
            layout.addWidget(widget)
        self.resize(640, 420)
