"""The page image: zoom, fit width / fit page, pan by dragging.

The view never renders; it says which scale it wants (``render_wanted``) and
shows whatever pixmap it is given, stretched until the sharp one arrives.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPixmap, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene, QGraphicsView, QWidget

MIN_ZOOM, MAX_ZOOM = 0.1, 8.0
ZOOM_STEP = 1.25


class FitMode(Enum):
    WIDTH = "width"
    PAGE = "page"
    CUSTOM = "custom"


class PageView(QGraphicsView):
    render_wanted = Signal(float)  # pixels per point (zoom × device pixel ratio)
    painted = Signal()  # a page image has been drawn on screen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setBackgroundBrush(QColor("#5a5a5a"))
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self._item = QGraphicsPixmapItem()
        self._item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.scene().addItem(self._item)
        self.fit_mode = FitMode.WIDTH
        self.zoom = 1.0  # logical pixels per point
        self._page_size = (595.0, 842.0)
        self._pixmap_scale = 0.0  # pixels per point of the pixmap shown
        self._has_image = False
        self._resize_timer = QTimer(self, singleShot=True, interval=120)
        self._resize_timer.timeout.connect(self._apply_fit)
        self.setAccessibleName(self.tr("Page image"))

    # -- what the owner calls ------------------------------------------------------

    def set_page_size(self, width_pt: float, height_pt: float) -> None:
        self._page_size = (max(width_pt, 1.0), max(height_pt, 1.0))
        self._has_image = False
        self._apply_fit(emit=False)

    def wanted_scale(self) -> float:
        return self.zoom * self.devicePixelRatioF()

    def show_pixmap(self, pixmap: QPixmap, scale: float) -> None:
        """Show a page rendered at ``scale`` pixels per point."""
        self._pixmap_scale = scale
        self._item.setPixmap(pixmap)
        self._has_image = True
        self._update_item_scale()
        self.viewport().update()

    def set_fit(self, mode: FitMode) -> None:
        self.fit_mode = mode
        self._apply_fit()

    def zoom_by(self, factor: float) -> None:
        self.fit_mode = FitMode.CUSTOM
        self._set_zoom(self.zoom * factor)

    def set_zoom(self, zoom: float) -> None:
        self.fit_mode = FitMode.CUSTOM
        self._set_zoom(zoom)

    # -- internals ----------------------------------------------------------------

    def _apply_fit(self, emit: bool = True) -> None:
        w_pt, h_pt = self._page_size
        margin = 16
        area = self.viewport().size()
        width_zoom = max(area.width() - margin, 50) / w_pt
        if self.fit_mode is FitMode.WIDTH:
            self._set_zoom(width_zoom, emit)
        elif self.fit_mode is FitMode.PAGE:
            self._set_zoom(min(width_zoom, max(area.height() - margin, 50) / h_pt), emit)
        else:
            self._set_zoom(self.zoom, emit)

    def _set_zoom(self, zoom: float, emit: bool = True) -> None:
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        changed = abs(zoom - self.zoom) > 1e-4
        self.zoom = zoom
        w_pt, h_pt = self._page_size
        self.scene().setSceneRect(0, 0, w_pt * zoom, h_pt * zoom)
        self._update_item_scale()
        if emit and (changed or not self._has_image):
            self.render_wanted.emit(self.wanted_scale())

    def _update_item_scale(self) -> None:
        if self._pixmap_scale > 0:
            # The pixmap's logical size is pt × scale / dpr; stretch it to pt × zoom.
            self._item.setScale(self.zoom * self.devicePixelRatioF() / self._pixmap_scale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit_mode is not FitMode.CUSTOM:
            self._resize_timer.start()  # re-render once the resize settles

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)
            event.accept()
        else:
            super().wheelEvent(event)

    def paintEvent(self, event: object) -> None:
        super().paintEvent(event)  # type: ignore[arg-type]
        if self._has_image:
            self.painted.emit()
