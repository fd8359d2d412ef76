"""The transcript editor: a plain-text editor with a Traditional Chinese font and a find bar.

``text_edited`` fires only for the reviewer's own edits, never when a page's
text is loaded, so loading a page can never count as (or trigger) an edit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QKeySequence,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from backend.safe_text import admit, placeholders
from gui.widgets.notice_bar import NoticeBar
from gui.widgets.transcript_layout import DeferringLayout

# Fontconfig's fallback picks the Japanese face of Noto CJK; name the TC faces first.
CJK_FAMILIES = [
    "Noto Sans CJK TC",
    "Noto Sans TC",
    "Noto Serif CJK TC",
    "Microsoft JhengHei",
    "PingFang TC",
    "Noto Sans CJK JP",
    "sans-serif",
]


def cjk_font(point_size: int = 13) -> QFont:
    font = QFont()
    font.setFamilies(CJK_FAMILIES)
    font.setPointSize(point_size)
    return font


class _AdmittingEdit(QPlainTextEdit):
    """A plain-text edit whose pastes and drops pass the boundary (``safe_text.admit``):
    a paste is text from outside, as a server's answer is."""

    characters_replaced = Signal(int)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if not source.hasText():
            super().insertFromMimeData(source)
            return
        admitted = admit(source.text())
        self.textCursor().insertText(admitted.text)
        self.ensureCursorVisible()
        if admitted.replaced:
            self.characters_replaced.emit(admitted.replaced)


def _deferring_document(edit: QPlainTextEdit) -> DeferringLayout:
    """Give ``edit`` a document whose layout leaves a long line's change below what is
    shown until it is shown (the Table dock's Enter in a one-line HTML table), set up as
    Qt sets up its own: the viewport as its paint device, and no text width until the
    editor is shown and sized (``setDocument`` takes the viewport's width now: a text
    set before the editor was shown then came scrolled a line down)."""
    document = QTextDocument(edit)
    layout = DeferringLayout(document, edit)
    layout.setPaintDevice(edit.viewport())
    document.setDocumentLayout(layout)
    viewport = edit.viewport()
    size = viewport.size()
    viewport.resize(0, size.height())
    edit.setDocument(document)
    viewport.resize(size)  # hidden still: its resize event comes when it is shown
    return layout  # PySide does not hand it to the document: to be held by the caller


class TranscriptEditor(QWidget):
    text_edited = Signal(str)
    # A paste had this many characters a transcript may not hold: they became "\ufffd".
    characters_replaced = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = _AdmittingEdit(self)
        self._layout = _deferring_document(self.editor)
        self.editor.characters_replaced.connect(self.characters_replaced)
        self.editor.setFont(cjk_font())
        self.editor.setAccessibleName(self.tr("Transcript"))
        self.editor.setPlaceholderText(self.tr("No transcript for this page yet."))
        self._loading = False
        # Named layers of highlights (review aids, image links, ...), drawn in the
        # order each layer was first set; see ``set_highlights``.
        self._layers: dict[str, list[QTextEdit.ExtraSelection]] = {}
        self.editor.textChanged.connect(self._on_text_changed)
        self._build_find_bar()
        # About the text being edited (e.g. an approved page taken back): above it, never
        # a dialog, so typing goes on. Hidden when another text is loaded.
        self.notice = NoticeBar(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.notice)
        layout.addWidget(self.editor)
        layout.addWidget(self.find_bar)

    def _build_find_bar(self) -> None:
        self.find_bar = QWidget(self)
        self.find_field = QLineEdit(self.find_bar)
        self.find_field.setPlaceholderText(self.tr("Find in page"))
        self.find_field.returnPressed.connect(lambda: self.find_next())
        self.find_status = QLabel(self.find_bar)
        prev_button = _tool_button(self.find_bar, "↑", self.tr("Previous match"))
        next_button = _tool_button(self.find_bar, "↓", self.tr("Next match"))
        close_button = _tool_button(self.find_bar, "✕", self.tr("Close (Esc)"))
        prev_button.clicked.connect(lambda: self.find_next(backward=True))
        next_button.clicked.connect(lambda: self.find_next())
        close_button.clicked.connect(self.hide_find)
        row = QHBoxLayout(self.find_bar)
        row.setContentsMargins(4, 2, 4, 2)
        for widget in (self.find_field, self.find_status, prev_button, next_button, close_button):
            row.addWidget(widget)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self.find_bar, self.hide_find)
        self.find_bar.hide()

    # -- loading and reading ----------------------------------------------------------

    def set_text(self, text: str) -> None:
        """Show a page's text; the undo history starts fresh for each page.

        Highlights belong to the text they were computed for: all layers are cleared.
        """
        self._loading = True
        self.notice.hide()
        try:
            self._layers.clear()
            self.editor.setExtraSelections([])
            # Text stored before the boundary existed may still hold controls or bidi
            # overrides: shown as visible symbols, never applied. One symbol for one
            # character, so every offset the review aids computed still fits.
            self.editor.setPlainText(placeholders(text))
        finally:
            self._loading = False

    def text(self) -> str:
        return self.editor.toPlainText()

    # -- highlights ---------------------------------------------------------------------

    def set_highlights(self, layer: str, spans: Sequence[tuple[int, int, QTextCharFormat]]) -> None:
        """Replace one layer of highlights; ``spans`` are (start, end, format) in code points.

        Extra selections hold cursors, so a highlight moves with the text typed
        before it until the layer is set again.
        """
        self._layers[layer] = extra_selections(self.editor, spans)
        self.editor.setExtraSelections([s for each in self._layers.values() for s in each])

    def highlights(self, layer: str) -> list[tuple[int, int, QTextCharFormat]]:
        """A layer's spans as they are now, in UTF-16 positions (for tests and tools)."""
        return [
            (s.cursor.selectionStart(), s.cursor.selectionEnd(), s.format)
            for s in self._layers.get(layer, [])
        ]

    def _on_text_changed(self) -> None:
        if not self._loading:
            self.text_edited.emit(self.editor.toPlainText())

    # -- find in page ---------------------------------------------------------------------

    def show_find(self) -> None:
        selected = self.editor.textCursor().selectedText()
        if selected:
            self.find_field.setText(selected)
        self.find_bar.show()
        self.find_field.setFocus()
        self.find_field.selectAll()

    def hide_find(self) -> None:
        self.find_bar.hide()
        self.editor.setFocus()

    def find_next(self, *, backward: bool = False) -> bool:
        needle = self.find_field.text()
        if not needle:
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        found = self.editor.find(needle, flags)
        if not found:  # wrap around
            cursor = self.editor.textCursor()
            cursor.movePosition(
                QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
            )
            self.editor.setTextCursor(cursor)
            found = self.editor.find(needle, flags)
        count = self.editor.toPlainText().count(needle)
        self.find_status.setText(
            self.tr("{0} match(es)").format(count) if found else self.tr("not found")
        )
        return found

    def select_range(self, offset: int, length: int) -> None:
        """Select ``length`` characters at ``offset`` (code points, as the backend counts)."""
        text = self.editor.toPlainText()
        start, end = _utf16_units(text, offset), _utf16_units(text, offset + length)
        cursor = self.editor.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.editor.setTextCursor(cursor)
        self.editor.centerCursor()


def _tool_button(parent: QWidget, text: str, tip: str) -> QToolButton:
    button = QToolButton(parent)
    button.setText(text)
    button.setToolTip(tip)
    return button


def extra_selections(
    edit: QPlainTextEdit, spans: Sequence[tuple[int, int, QTextCharFormat]]
) -> list[QTextEdit.ExtraSelection]:
    """Extra selections for ``spans`` given in code points (the backend's offsets)."""
    to_units = utf16_mapper(edit.toPlainText())
    document = edit.document()
    selections = []
    for start, end, fmt in spans:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(document)
        cursor.setPosition(to_units(start))
        cursor.setPosition(to_units(end), QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        selection.format = fmt
        selections.append(selection)
    return selections


def utf16_mapper(text: str) -> Callable[[int], int]:
    """Code point offset → Qt position, clamped to the text; O(1) for all-BMP text."""
    n = len(text)
    if not any(ord(ch) > 0xFFFF for ch in text):
        return lambda cp: min(max(cp, 0), n)
    prefix = [0]
    for ch in text:
        prefix.append(prefix[-1] + (2 if ord(ch) > 0xFFFF else 1))
    return lambda cp: prefix[min(max(cp, 0), n)]


def _utf16_units(text: str, code_points: int) -> int:
    """Qt counts positions in UTF-16 units: rare CJK characters (e.g. 𠀋) take two."""
    return len(text[:code_points].encode("utf-16-le")) // 2
