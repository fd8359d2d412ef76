"""What of each dock a reviewer sees without scrolling, for ``layout_probe``.

A dock's primary actions and text are *visible* when the widget's rectangle, mapped
to the window, lies inside both the dock and the viewport of the scroll area the dock
wraps its content in (``gui.shell.screen_fit.scrolling``); a part below or beside the
viewport needs scrolling to be seen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QDockWidget, QMainWindow, QPlainTextEdit, QScrollArea, QWidget

# Per dock: the attributes of its content widget a reviewer needs in view.
PRIMARY = {
    "dock-compare": (
        "alternate_choice",
        "run_button",
        "agreement",
        "summary",
        "alt_view",
        "flag_list",
        "accept_button",
    ),
    "dock-history": ("list", "diff", "caption", "restore_button"),
    "dock-search": ("field", "results"),
    "dock-review-queue": ("summary", "view"),
    "dock-batch": ("start_button",),
    "dock-ocr": ("run_button", "region_button"),
}
ALT_LINES = 8  # the Compare dock shows at least this many lines of the alternate


def _in_window(w: QMainWindow, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(w, widget.rect().topLeft()), widget.size())


def _find(root: QWidget, name: str) -> QWidget | None:
    """``root.name``, or that attribute of a child panel (the batch's view)."""
    found = getattr(root, name, None)
    if isinstance(found, QWidget):
        return found
    for child in root.findChildren(QWidget):
        found = child.__dict__.get(name) if hasattr(child, "__dict__") else None
        if isinstance(found, QWidget):
            return found
    return None


def dock_fit(w: QMainWindow, dock: QDockWidget) -> dict[str, Any]:
    """The primary widgets of ``dock`` not wholly in view, and the alternate's lines."""
    area = dock.widget()
    assert isinstance(area, QScrollArea), dock.objectName()
    content = area.widget()
    port = _in_window(w, area.viewport()).intersected(_in_window(w, dock))
    hidden = []
    for name in PRIMARY.get(dock.objectName(), ()):
        widget = _find(content, name)
        assert widget is not None, (dock.objectName(), name)
        if not widget.isVisible() or not port.contains(_in_window(w, widget)):
            hidden.append(name)
    row: dict[str, Any] = {"hidden": hidden, "hscroll": area.horizontalScrollBar().isVisible()}
    alt = _find(content, "alt_view") if dock.objectName() == "dock-compare" else None
    if isinstance(alt, QPlainTextEdit):
        shown = _in_window(w, alt.viewport()).intersected(port)
        row["alt_lines"] = shown.height() // max(alt.fontMetrics().lineSpacing(), 1)
    return row


def raised_docks(w: QMainWindow) -> dict[str, dict[str, Any]]:
    """``dock_fit`` of every dock on screen (a tab behind another is not)."""
    return {
        d.objectName(): dock_fit(w, d)
        for d in w.findChildren(QDockWidget)
        if d.isVisible() and not d.isFloating() and not d.visibleRegion().isEmpty()
    }
