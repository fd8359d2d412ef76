"""The table's region on the scan, outlined on the page view while a cell is marked.

The page view marks one box (``set_highlight``: the cell); the table region the
layout model found is drawn around it as a dashed outline, so the reviewer sees
which table on the scan the grid is. Kept as page-relative fractions and placed
again whenever the page view's scene changes size (zoom, fit, another page).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsView

from gui.tables.scan_boxes import Box


class RegionMark(QObject):
    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        self.box: Box | None = None  # what is outlined, as fractions of the page
        self.item = QGraphicsRectItem()
        pen = QPen(QColor(0, 120, 215, 200), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)  # the same width at any zoom
        self.item.setPen(pen)
        self.item.setZValue(1)
        self.item.hide()
        view.scene().addItem(self.item)
        view.scene().sceneRectChanged.connect(self._place)

    def show(self, box: Box | None) -> None:
        """Outline ``box`` (None: nothing)."""
        self.box = box
        self._place()

    def rect(self) -> QRectF | None:
        """The outline in scene pixels, or None when nothing is outlined."""
        return self.item.rect() if self.item.isVisible() else None

    def _place(self) -> None:
        if self.box is None:
            self.item.hide()
            return
        scene = self.view.sceneRect()
        x0, y0, x1, y1 = self.box
        self.item.setRect(
            QRectF(
                QPointF(scene.x() + x0 * scene.width(), scene.y() + y0 * scene.height()),
                QPointF(scene.x() + x1 * scene.width(), scene.y() + y1 * scene.height()),
            )
        )
        self.item.show()
