"""Turning backend pixels into Qt images."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPixmap

from backend.models import RenderedPage


def to_pixmap(page: RenderedPage, device_pixel_ratio: float = 1.0) -> QPixmap:
    image = QImage(page.samples, page.width, page.height, page.stride, QImage.Format.Format_RGB888)
    # copy(): the QImage above borrows the bytes; the pixmap must own its pixels.
    pixmap = QPixmap.fromImage(image.copy())
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    return pixmap
