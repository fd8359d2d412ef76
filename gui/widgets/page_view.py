"""The page image: zoom, fit width / fit page, pan by dragging, and drawing a region.

The view never renders; it says which scale it wants (``render_wanted``) and
shows whatever pixmap it is given, stretched until the sharp one arrives.

In region mode (``set_region_mode(True)``) a drag draws a rectangle instead of
panning; on release the rectangle goes out as page-relative fractions
(``region_selected``), so it means the same page area at any zoom. More than one
feature draws regions (OCR's re-read, Publish's mark on the scan): each asks for the mode
as its ``owner`` and acts only on a region drawn while ``region_owner`` is itself.

Outside region mode a click (not a pan) goes out as ``page_clicked`` at a
page-relative point, and ``set_highlight`` marks a page-relative box (the
line the transcript cursor is in), scrolled into view.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

MIN_ZOOM, MAX_ZOOM = 0.1, 8.0
ZOOM_STEP = 1.25
MIN_REGION_PX = 4  # a smaller "rectangle" is a click (or a shaky one), not a region

Region = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the page


class FitMode(Enum):
    WIDTH = "width"
    PAGE = "page"
    CUSTOM = "custom"


class PageView(QGraphicsView):
    render_wanted = Signal(float)  # pixels per point (zoom × device pixel ratio)
    painted = Signal()  # a page image has been drawn on screen
    region_selected = Signal(tuple)  # Region: fractions of the page, 0..1
    region_mode_changed = Signal(bool)
    page_clicked = Signal(float, float)  # fractions of the page, outside region mode

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
        self.region_mode = False
        self.region_owner: object | None = None  # who asked for region mode
        self._drag_origin: tuple[float, float] | None = None  # fractions of the page
        self._region: Region | None = None  # the rectangle shown, as fractions
        self._band = QGraphicsRectItem()
        self._band.setPen(QPen(QColor("#1565c0"), 2, Qt.PenStyle.DashLine))
        self._band.setBrush(QBrush(QColor(21, 101, 192, 40)))
        self._band.setZValue(1)
        self._band.hide()
        self.scene().addItem(self._band)
        self._press_at: QPointF | None = None  # where a possible click began (viewport)
        self._highlight_box: Region | None = None
        self._highlight = QGraphicsRectItem()
        self._highlight.setPen(QPen(QColor(255, 160, 0, 220), 2))
        self._highlight.setBrush(QBrush(QColor(255, 200, 0, 70)))
        self._highlight.setZValue(1)
        self._highlight.hide()
        self.scene().addItem(self._highlight)

    # -- what the owner calls ------------------------------------------------------

    def set_page_size(self, width_pt: float, height_pt: float) -> None:
        self._page_size = (max(width_pt, 1.0), max(height_pt, 1.0))
        self._has_image = False
        self._show_region(None)  # a rectangle drawn on the last page means nothing here
        self.set_highlight(None)
        self._drag_origin = None
        self._apply_fit(emit=False)

    def clear_image(self) -> None:
        """Show no page (another document is opening: its first page is not drawn yet)."""
        self._item.setPixmap(QPixmap())
        self._has_image = False
        self.viewport().update()

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

    def set_region_mode(self, on: bool, owner: object | None = None) -> None:
        """Dragging draws a region (crosshair) instead of panning (open hand).

        ``owner``: the feature asking. Every listener hears ``region_selected``, so each
        must act only on a region drawn in its own mode, or one drag would both re-read
        the region and mark it for Publish. Another owner's request ends the mode in
        force first, so its owner hears it end; off ends the mode whoever owns it."""
        if on and self.region_mode and owner is not self.region_owner:
            self.set_region_mode(False)
        if on == self.region_mode:
            return
        self.region_mode = on
        self.region_owner = owner if on else None
        self._drag_origin = None
        if on:
            self.setDragMode(QGraphicsView.DragMode.NoDrag)
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)
            self.setFocus()  # so that Esc reaches the view
        else:
            self._show_region(None)
            self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # sets the open hand
        self.region_mode_changed.emit(on)

    def set_highlight(self, box: Region | None, *, reveal: bool = True) -> None:
        """Mark a page-relative box (None clears it); ``reveal`` scrolls it into view."""
        self._highlight_box = box
        if box is None:
            self._highlight.hide()
            return
        self._highlight.setRect(self._scene_rect(box))
        self._highlight.show()
        if reveal:
            self.ensureVisible(self._highlight.rect(), 24, 24)

    def highlight_rect(self) -> QRectF | None:
        """The highlight in scene pixels, or None when nothing is marked."""
        return self._highlight.rect() if self._highlight.isVisible() else None

    def page_pixmap(self) -> QPixmap | None:
        """The page image shown (possibly a stretched preview), or None."""
        return self._item.pixmap() if self._has_image else None

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
        self._show_region(self._region)  # the same page area at the new size
        if self._highlight_box is not None:
            self._highlight.setRect(self._scene_rect(self._highlight_box))
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

    # -- drawing a region -------------------------------------------------------------

    def _fractions_at(self, event: QMouseEvent) -> tuple[float, float]:
        """Where the mouse is, as fractions of the page, clamped onto the page."""
        point = self.mapToScene(event.position().toPoint())
        rect = self.sceneRect()
        fx = (point.x() - rect.x()) / max(rect.width(), 1.0)
        fy = (point.y() - rect.y()) / max(rect.height(), 1.0)
        return min(max(fx, 0.0), 1.0), min(max(fy, 0.0), 1.0)

    def _region_to(self, end: tuple[float, float]) -> Region | None:
        if self._drag_origin is None:
            return None
        (ax, ay), (bx, by) = self._drag_origin, end
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)

    def _show_region(self, region: Region | None) -> None:
        self._region = region
        if region is None:
            self._band.hide()
            return
        self._band.setRect(self._scene_rect(region))
        self._band.show()

    def _scene_rect(self, region: Region) -> QRectF:
        rect = self.sceneRect()
        x0, y0, x1, y1 = region
        return QRectF(
            QPointF(rect.x() + x0 * rect.width(), rect.y() + y0 * rect.height()),
            QPointF(rect.x() + x1 * rect.width(), rect.y() + y1 * rect.height()),
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.region_mode and event.button() == Qt.MouseButton.LeftButton:
            self._drag_origin = self._fractions_at(event)
            self._show_region(self._region_to(self._drag_origin))
            event.accept()
            return
        left = event.button() == Qt.MouseButton.LeftButton
        self._press_at = event.position() if left and not self.region_mode else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.region_mode and self._drag_origin is not None:
            self._show_region(self._region_to(self._fractions_at(event)))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if not (self.region_mode and self._drag_origin is not None):
            super().mouseReleaseEvent(event)
            self._maybe_clicked(event)
            return
        event.accept()
        if event.button() != Qt.MouseButton.LeftButton:
            return
        region = self._region_to(self._fractions_at(event))
        self._drag_origin = None
        rect = self.sceneRect()  # scene units are screen pixels: zoom sizes the scene
        if (
            region is None
            or min((region[2] - region[0]) * rect.width(), (region[3] - region[1]) * rect.height())
            < MIN_REGION_PX
        ):
            self._show_region(None)  # a click, not a drag
            return
        self._show_region(region)
        self.region_selected.emit(region)

    def _maybe_clicked(self, event: QMouseEvent) -> None:
        """A press and release in (nearly) one place on the page is a click, not a pan."""
        start, self._press_at = self._press_at, None
        if start is None or event.button() != Qt.MouseButton.LeftButton:
            return
        moved = event.position() - start
        if abs(moved.x()) + abs(moved.y()) >= MIN_REGION_PX:
            return
        point = self.mapToScene(event.position().toPoint())
        rect = self.sceneRect()
        if rect.contains(point):
            fx = (point.x() - rect.x()) / max(rect.width(), 1.0)
            fy = (point.y() - rect.y()) / max(rect.height(), 1.0)
            self.page_clicked.emit(fx, fy)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.region_mode and event.key() == Qt.Key.Key_Escape:
            self.set_region_mode(False)
            event.accept()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: object) -> None:
        super().paintEvent(event)  # type: ignore[arg-type]
        if self._has_image:
            self.painted.emit()
