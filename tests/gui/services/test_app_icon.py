"""The application icon: every shipped size, set on the application."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gui.services import app_icon


def test_icon_has_every_size_and_is_installed(qapp: QApplication) -> None:
    icon = app_icon.app_icon()
    sizes = sorted(size.width() for size in icon.availableSizes())
    assert sizes == [16, 24, 32, 48, 64, 128, 256, 512]
    app_icon.install(qapp)
    assert not qapp.windowIcon().isNull()
    assert qapp.desktopFileName() == "proofdesk"
