"""A list delegate that draws a row's text as rich text (a highlighted match, say).

Rows keep their plain text in ``DisplayRole`` (for accessibility and tests) and
the marked-up version in ``HtmlRole``; the colours come from the palette, so the
highlight reads in light and dark themes alike.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

HtmlRole = Qt.ItemDataRole.UserRole + 20

Index = QModelIndex | QPersistentModelIndex


def marked(before: str, match: str, after: str, palette: QPalette) -> str:
    """``match`` between its context, highlighted with the palette's selection colours."""
    back = palette.color(QPalette.ColorRole.Highlight).name()
    fore = palette.color(QPalette.ColorRole.HighlightedText).name()
    return (
        f"{escape(before)}<span style='background-color:{back}; color:{fore}; "
        f"font-weight:600'>{escape(match)}</span>{escape(after)}"
    )


class RichTextDelegate(QStyledItemDelegate):
    def _document(self, option: QStyleOptionViewItem, index: Index) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(2)
        doc.setHtml(str(index.data(HtmlRole) or escape(str(index.data() or ""))))
        return doc

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if not index.data(HtmlRole):
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        doc = self._document(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(role))
        rect = opt.rect
        painter.save()
        painter.translate(rect.topLeft())
        doc.setTextWidth(rect.width())
        doc.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        if not index.data(HtmlRole):
            return super().sizeHint(option, index)
        doc = self._document(option, index)
        width = option.rect.width() if option.rect.width() > 0 else 400
        doc.setTextWidth(width)
        return QSize(int(doc.idealWidth()), int(doc.size().height()))
