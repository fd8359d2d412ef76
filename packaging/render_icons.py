"""Render resources/icons/proofdesk.svg to the PNG sizes desktops ask for.

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py

The PNGs are committed (the app and the build read them); run this again after
editing the SVG. Uses Qt's own SVG renderer, so no extra tool is needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(ICONS / "proofdesk.svg"))
    if not renderer.isValid():
        print("proofdesk.svg is not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        out = ICONS / f"proofdesk-{size}.png"
        if not image.save(str(out)):
            print(f"could not write {out}", file=sys.stderr)
            return 1
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
