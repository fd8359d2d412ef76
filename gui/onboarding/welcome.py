"""The first-run panel: where to look (page list, transcript, Compare, review queue)
and where transcripts come from (a server, a local one, or the offline engine).

A dock beside the transcript (a tab over History), not a dialog: it never blocks
the keyboard, takes no height from the page on a laptop screen, and the reviewer
reads the page beside it. Dismissed once, it stays away; Help ▸ Getting Started
brings it back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class WelcomePanel(QWidget):
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome-panel")
        self.guide = QLabel(self)
        self.guide.setTextFormat(Qt.TextFormat.RichText)
        self.guide.setWordWrap(True)
        self.guide.setText(self._guide_html())
        self.show_aids = QPushButton(self.tr("Show Compare and the Review Queue"), self)
        self.choice_label = QLabel(self.tr("Where do your transcripts come from?"), self)
        self.choice_label.setWordWrap(True)
        self.connect_server = QPushButton(self.tr("Connect to a vLLM server…"), self)
        self.start_local = QPushButton(self.tr("Start a local vLLM server…"), self)
        self.use_offline = QPushButton(self.tr("Use the offline engine (no server)"), self)
        self.use_offline.setToolTip(
            self.tr(
                "RapidOCR reads the pages on this computer. Less accurate than a VLM, but "
                "it needs no server: OCR ▸ Transcribe with the Offline Engine."
            )
        )
        self.close_button = QPushButton(self.tr("Got it"), self)
        self.close_button.clicked.connect(self.dismissed.emit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.guide)
        layout.addWidget(self.show_aids)
        layout.addSpacing(8)
        layout.addWidget(self.choice_label)
        for button in (self.connect_server, self.start_local, self.use_offline):
            button.setAutoDefault(False)
            layout.addWidget(button)
        layout.addStretch(1)
        closing = QHBoxLayout()
        closing.addStretch(1)
        closing.addWidget(self.close_button)
        layout.addLayout(closing)

    def _guide_html(self) -> str:
        points = [
            self.tr(
                "<b>Pages</b> (left): ○ not reviewed, ✓ approved, 92.0% agreement with the "
                "offline engine, ◆2 markers of unreadable text left. F1 explains every symbol."
            ),
            self.tr(
                "<b>Transcript</b> (right): correct it beside the scan; typing is saved as you "
                "go. Ctrl+Enter approves the page and goes to the next."
            ),
            self.tr(
                "<b>Compare</b> (Ctrl+D): where the transcript and the offline engine's reading "
                "differ; F8 goes to the next difference, F7 to the next 【blurry】 marker."
            ),
            self.tr(
                "<b>Review queue</b> (Ctrl+Shift+K): every legal-critical disagreement "
                "(得/應, amounts, dates, case numbers) in the document; F12 goes to the next."
            ),
        ]
        return "<ul style='margin:0'>" + "".join(f"<li>{p}</li>" for p in points) + "</ul>"

    def connect_choices(
        self,
        servers: Callable[[], object],
        local: Callable[[], object],
        offline: Callable[[], object],
        aids: Callable[[], object],
    ) -> None:
        self.connect_server.clicked.connect(lambda: servers())
        self.start_local.clicked.connect(lambda: local())
        self.use_offline.clicked.connect(lambda: offline())
        self.show_aids.clicked.connect(lambda: aids())
