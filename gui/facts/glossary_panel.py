"""The document's glossary in the Facts dock: the terms the reviewer added (a name, a
place, a company), which the facts and the checks then read; add, remove, export and
import (a case of many files shares one)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class GlossaryPanel(QWidget):
    add_wanted = Signal(str)
    remove_wanted = Signal(str)
    export_wanted = Signal()
    import_wanted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(self.tr("Glossary of this document"), self)
        self.terms = QListWidget(self)
        self.terms.setAccessibleName(self.tr("Glossary terms"))
        self.field = QLineEdit(self)
        self.field.setPlaceholderText(self.tr("A name, a place, a company…"))
        self.add_button = QPushButton(self.tr("&Add Term"), self)
        self.remove_button = QPushButton(self.tr("Re&move Term"), self)
        self.export_button = QPushButton(self.tr("E&xport…"), self)
        self.import_button = QPushButton(self.tr("&Import…"), self)
        self.field.returnPressed.connect(self._add)
        self.add_button.clicked.connect(self._add)
        self.remove_button.clicked.connect(self._remove)
        self.export_button.clicked.connect(self.export_wanted)
        self.import_button.clicked.connect(self.import_wanted)
        self.terms.installEventFilter(self)
        adding = QHBoxLayout()
        adding.addWidget(self.field, 1)
        adding.addWidget(self.add_button)
        buttons = QHBoxLayout()
        for button in (self.remove_button, self.export_button, self.import_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.terms, 1)
        layout.addLayout(adding)
        layout.addLayout(buttons)

    def set_terms(self, terms: list[str]) -> None:
        self.terms.clear()
        self.terms.addItems(terms)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Delete on a term removes it, as in any list.
        if (
            watched is self.terms
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Delete
        ):
            self._remove()
            return True
        return False

    def _add(self) -> None:
        term = self.field.text().strip()
        if term:
            self.add_wanted.emit(term)
            self.field.clear()

    def _remove(self) -> None:
        item = self.terms.currentItem()
        if item is not None:
            self.remove_wanted.emit(item.text())
