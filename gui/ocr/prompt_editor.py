"""The prompt a page is read with: presets, editing, and saving it for one page or
the whole document.

What is in the editor is what is sent. Replacing the editor's text (a preset,
the default, another page's prompt) goes through the undo stack, so an
unsaved edit is one Ctrl+Z away rather than lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from backend.ocr.prompts import Preset, load_presets
from gui.widgets.transcript_editor import cjk_font

if TYPE_CHECKING:
    from gui.services.ocr_hub import OcrHub
    from gui.services.tasks import TaskRunner


class PromptEditor(QWidget):
    text_changed = Signal()

    def __init__(self, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        self.page = -1
        self._saved_text = ""  # the text the page's prompt has in the store
        self._scope = ""
        self.presets, default_id = load_presets()
        self.default_text = next(p.text for p in self.presets if p.id == default_id)
        self.preset = QComboBox(self)
        self.preset.setAccessibleName(self.tr("Prompt preset"))
        self.preset.setPlaceholderText(self.tr("Use a preset…"))
        for p in self.presets:
            self.preset.addItem(p.title, p.id)
        self.preset.setCurrentIndex(-1)
        # Never narrower than its longest title, measured as the style draws it: the box's
        # own size hint came out 8 px short of a zh_TW title and cut it by a character.
        option = QStyleOptionComboBox()
        self.preset.initStyleOption(option)
        widest = max(
            (self.preset.fontMetrics().horizontalAdvance(p.title) for p in self.presets), default=0
        )
        content = QSize(widest, self.preset.fontMetrics().height())
        need = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, content, self.preset
        )
        self.preset.setMinimumWidth(need.width())
        self.preset.activated.connect(lambda row: self._use_preset(self.presets[row]))
        self.scope = QLabel(self)
        self.editor = QPlainTextEdit(self)
        self.editor.setFont(cjk_font(11))
        self.editor.setAccessibleName(self.tr("Prompt"))
        self.editor.setTabChangesFocus(True)  # Tab moves on; a prompt has no use for tabs
        self.editor.textChanged.connect(self._edited)
        self.save_page = QPushButton(self.tr("Save for this page"), self)
        self.save_page.setToolTip(self.tr("Read this page with this prompt from now on"))
        self.save_document = QPushButton(self.tr("Save for whole document"), self)
        self.save_document.setToolTip(
            self.tr("Read every page with this prompt, except pages with their own")
        )
        self.reset = QPushButton(self.tr("Reset to default"), self)
        self.reset.setToolTip(
            self.tr("Put the default prompt in the editor (save it to keep it; Ctrl+Z undoes)")
        )
        self.save_page.clicked.connect(lambda: self._save(for_page=True))
        self.save_document.clicked.connect(lambda: self._save(for_page=False))
        self.reset.clicked.connect(lambda: self._replace(self.default_text))
        top = QHBoxLayout()
        top.addWidget(self.scope, 1)
        top.addWidget(self.preset)
        buttons = QHBoxLayout()
        for button in (self.save_page, self.save_document, self.reset):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.editor, 1)
        layout.addLayout(buttons)

    def text(self) -> str:
        return self.editor.toPlainText()

    def load(self, page: int) -> None:
        """Show ``page``'s prompt (its own, else the document's, else the default)."""
        self.page = page
        self.runner.run(self._load(page), name="ocr-prompt-load")

    async def _load(self, page: int) -> None:
        ws = self.hub.workspace
        if ws is None:
            return
        prompt, scope = await ws.prompt_for(page)
        if page != self.page:
            return
        self._saved_text, self._scope = prompt, scope
        if self.text() != prompt:
            self._replace(prompt)
        self._show_scope()

    def _use_preset(self, preset: Preset) -> None:
        self._replace(preset.text)
        self.preset.setCurrentIndex(-1)  # a preset is a starting point, not a setting

    def _replace(self, text: str) -> None:
        cursor = self.editor.textCursor()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)  # undoable, unlike setPlainText
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.editor.setTextCursor(cursor)

    def _edited(self) -> None:
        self._show_scope()
        self.text_changed.emit()

    def _show_scope(self) -> None:
        names = {
            "page": self.tr("Prompt for this page"),
            "document": self.tr("Document prompt"),
            "default": self.tr("Default prompt"),
        }
        text = names.get(self._scope, "")
        if self._scope and self.text() != self._saved_text:
            text = self.tr("{0} · edited, not saved").format(text)
        self.scope.setText(text)

    def _save(self, *, for_page: bool) -> None:
        if self.page >= 0:
            self.runner.run(self._store(self.page if for_page else None, self.text()))

    async def _store(self, page: int | None, text: str) -> None:
        ws = self.hub.workspace
        if ws is None:
            return
        if page is None:
            # The default saved as "the document's prompt" would stop following the preset.
            await ws.set_prompt("" if text == self.default_text else text, page=None)
        else:
            # Saved equal to what the page gets anyway: no override, so a later
            # document prompt still reaches this page.
            await ws.set_prompt("", page=page)
            fallback, _ = await ws.prompt_for(page)
            if fallback != text:
                await ws.set_prompt(text, page=page)
        if self.page >= 0:
            await self._load(self.page)
