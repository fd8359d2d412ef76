"""Review ▸ Marker Patterns…: the texts that mean "the model could not read this".

One pattern a line: plain text matches itself, ``re:`` starts a regular
expression. Each line is checked as it is typed; a bad one is named inline
and OK stays disabled until it is fixed, so a saved set always compiles.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from backend.review.markers import DEFAULT_PATTERNS, MarkerSet
from gui.services.aids_hub import AidsHub
from gui.widgets.theme import ALERT, color_css
from gui.widgets.transcript_editor import cjk_font


def parse_patterns(text: str) -> tuple[list[str], int | None, str]:
    """(patterns, line number of the first bad one or None, why it is bad)."""
    patterns: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        pattern = line.strip()
        if not pattern:
            continue
        try:
            MarkerSet.from_patterns([pattern])
        except ValueError as exc:
            return patterns, number, str(exc)
        patterns.append(pattern)
    return patterns, None, ""


class MarkersDialog(QDialog):
    def __init__(self, hub: AidsHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.setWindowTitle(self.tr("Marker Patterns"))
        intro = QLabel(
            self.tr(
                "Text the model writes where it could not read the page. One pattern a line; "
                "start a line with re: for a regular expression, e.g. re:【[?？]+】"
            ),
            self,
        )
        intro.setWordWrap(True)
        self.editor = QPlainTextEdit(self)
        self.editor.setFont(cjk_font(12))
        self.editor.setAccessibleName(self.tr("Marker patterns, one a line"))
        self.editor.setPlainText("\n".join(hub.marker_patterns()))
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet(color_css(ALERT))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults,
            self,
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.defaults_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.defaults_button.clicked.connect(self.restore_defaults)
        self.editor.textChanged.connect(self.check)
        layout = QVBoxLayout(self)
        for widget in (intro, self.editor, self.error, self.buttons):
            layout.addWidget(widget)
        self.resize(520, 360)
        self.check()

    def check(self) -> bool:
        patterns, bad_line, why = parse_patterns(self.editor.toPlainText())
        if bad_line is not None:
            self.error.setText(self.tr("Line {0}: {1}").format(bad_line, why))
        elif not patterns:
            self.error.setText(self.tr("No patterns: nothing will be marked."))
        else:
            self.error.setText("")
        self.ok_button.setEnabled(bad_line is None)
        return bad_line is None

    def restore_defaults(self) -> None:
        self.editor.setPlainText("\n".join(DEFAULT_PATTERNS))

    def accept(self) -> None:
        if not self.check():
            return
        patterns, _, _ = parse_patterns(self.editor.toPlainText())
        self.hub.set_marker_patterns(None if tuple(patterns) == DEFAULT_PATTERNS else patterns)
        super().accept()
