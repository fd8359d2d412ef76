"""The table's region on the scan, outlined on the page view while a cell is marked.

The page view marks one box (``set_highlight``: the cell); the table region the
layout model found is drawn around it as a dashed outline, so the reviewer sees
which table on the scan the grid is. Kept as page-relative fractions and placed
again whenever the page view's scene changes size (zoom, fit, another page).

When the review finds the whole table wrong (another number of rows than the ruled
table on the scan), the outline is drawn in the flag red, solid, and the scan's rows
past the transcript's last (when the transcript has fewer) are filled in that red.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsView

from gui.tables.scan_boxes import Box
from gui.widgets.theme import CRITICAL as CRITICAL_COLOURS

CRITICAL = QColor(CRITICAL_COLOURS[0])  # the light theme's: drawn on the white scan


class RegionMark(QObject):
    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        self.box: Box | None = None  # what is outlined, as fractions of the page
        self.rows: Box | None = None  # the scan's rows the transcript lacks, filled
        self.critical = False
        self.item = QGraphicsRectItem()
        self._pen = QPen(QColor(0, 120, 215, 200), 2, Qt.PenStyle.DashLine)
        self._pen.setCosmetic(True)  # the same width at any zoom
        self._critical_pen = QPen(CRITICAL, 2, Qt.PenStyle.SolidLine)
        self._critical_pen.setCosmetic(True)
        self.item.setPen(self._pen)
        self.item.setZValue(1)
        self.item.hide()
        self.rows_item = QGraphicsRectItem()
        self.rows_item.setPen(self._critical_pen)
        fill = QColor(CRITICAL)
        fill.setAlpha(50)  # the scan's text stays readable under it
        self.rows_item.setBrush(QBrush(fill))
        self.rows_item.setZValue(1)
        self.rows_item.hide()
        view.scene().addItem(self.item)
        view.scene().addItem(self.rows_item)
        view.scene().sceneRectChanged.connect(self._place)

    def show(self, box: Box | None, *, critical: bool = False, rows: Box | None = None) -> None:
        """Outline ``box`` (None: nothing); ``critical``: the review finds the whole table
        wrong; ``rows``: the scan's rows it lacks, filled."""
        self.box, self.critical, self.rows = box, critical, rows
        self.item.setPen(self._critical_pen if critical else self._pen)
        self._place()

    def rect(self) -> QRectF | None:
        """The outline in scene pixels, or None when nothing is outlined."""
        return self.item.rect() if self.item.isVisible() else None

    def rows_rect(self) -> QRectF | None:
        """The scan's rows the transcript lacks, in scene pixels, or None."""
        return self.rows_item.rect() if self.rows_item.isVisible() else None

    def _place(self) -> None:
        for item, box in ((self.item, self.box), (self.rows_item, self.rows)):
            if box is None:
                item.hide()
                continue
            item.setRect(self._scene_rect(box))
            item.show()

    def _scene_rect(self, box: Box) -> QRectF:
        scene = self.view.sceneRect()
        x0, y0, x1, y1 = box
        return QRectF(
            QPointF(scene.x() + x0 * scene.width(), scene.y() + y0 * scene.height()),
            QPointF(scene.x() + x1 * scene.width(), scene.y() + y1 * scene.height()),
        )
