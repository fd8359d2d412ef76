"""The application icon (``resources/icons``: an SVG and PNGs rendered from it).

Set on the QApplication, so every window and dialog shows it; the desktop
entry's name ties the running window to ``proofdesk.desktop`` on Wayland.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication, QIcon

ICONS = Path(__file__).resolve().parent.parent.parent / "resources" / "icons"
DESKTOP_FILE = "proofdesk"  # packaging/proofdesk.desktop, without ".desktop"


def app_icon() -> QIcon:
    """Every PNG size we ship (crisp at any scale, no SVG plugin needed); empty if none."""
    icon = QIcon()
    for png in sorted(ICONS.glob("proofdesk-*.png")):
        icon.addFile(str(png))
    return icon


def install(app: QGuiApplication) -> None:
    app.setWindowIcon(app_icon())
    app.setDesktopFileName(DESKTOP_FILE)
