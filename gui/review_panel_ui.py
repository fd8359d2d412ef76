"""The review aids in the main window: the Compare dock, the Review menu's keys, the wiring.

Kept out of ``main_window.py`` as ``ocr_ui`` is: everything here talks to
``window.aids`` (the ``AidsHub``), the editor and the review controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu

from gui.review_panel import ReviewPanel
from gui.review_panel_nav import ReviewNavigator

if TYPE_CHECKING:
    from gui.main_window import MainWindow

Add = Callable[..., QAction]
ACCEPT_KEYS = ("Alt+Return", "Alt+Enter")


class ReviewUi(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        hub, c = window.aids, window.controller
        self.panel = ReviewPanel(hub, window)
        self.nav = ReviewNavigator(hub, window.editor, self.panel, c.go_to, self)
        self.dock = QDockWidget(self.tr("Compare"), window)
        self.dock.setObjectName("dock-compare")  # saveState needs object names
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()  # until Ctrl+D or the Review menu; the saved layout may bring it back
        self.dialog: QObject | None = None
        hub.text_source = lambda: (c.current, window.editor.text())
        c.page_loaded.connect(self._page_loaded)
        window.editor.editor.textChanged.connect(hub.text_changed)
        hub.summaries_changed.connect(window.page_list_model.set_review_summaries)
        hub.document_changed.connect(self.panel.set_document)
        self.nav.message.connect(lambda m: window.statusBar().showMessage(m, 5000))

    def _page_loaded(self, page: int) -> None:
        self.panel.current_page = page
        self.nav.page_loaded(page)
        self.w.aids.page_changed()

    # -- menu ---------------------------------------------------------------------------

    def install_menu(self, menu: QMenu, add: Add) -> None:
        nav = self.nav
        toggle = add(
            menu, "compare", self.tr("&Compare with Alternate Reading"), self._toggle, "Ctrl+D"
        )
        toggle.setCheckable(True)
        self.dock.visibilityChanged.connect(toggle.setChecked)
        self._toggle_action = toggle
        menu.addSeparator()
        add(menu, "next_difference", self.tr("&Next Difference"), nav.next_difference, "F8")
        add(
            menu,
            "previous_difference",
            self.tr("&Previous Difference"),
            lambda: nav.next_difference(-1),
            "Shift+F8",
        )
        add(menu, "next_marker", self.tr("Next &Marker"), nav.next_marker, "F7")
        add(
            menu,
            "previous_marker",
            self.tr("Previous Mar&ker"),
            lambda: nav.next_marker(-1),
            "Shift+F7",
        )
        accept = add(
            menu,
            "accept_alternate",
            self.tr("&Accept Alternate's Reading"),
            nav.accept,
            *ACCEPT_KEYS,
        )
        self.panel.accept_button.setToolTip(
            self.tr("Replace this difference with what the alternate reads ({0})").format(
                accept.shortcut().toString()
            )
        )
        menu.addSeparator()
        add(
            menu,
            "read_alternate",
            self.tr("&Read This Page with an Offline Engine"),
            self._read_this_page,
        )
        add(menu, "marker_patterns", self.tr("Marker &Patterns…"), self._edit_patterns)
        self._low_confidence_action(menu)

    def _low_confidence_action(self, menu: QMenu) -> None:
        action = QAction(self.tr("Underline &Low-Confidence Tokens"), self.w)
        action.setCheckable(True)
        action.setChecked(self.w.aids.show_low_confidence)
        box = self.panel.low_confidence
        action.toggled.connect(box.setChecked)  # the box tells the hub; both stay in step
        box.toggled.connect(action.setChecked)
        menu.addAction(action)
        self.low_confidence = action

    def _toggle(self) -> None:
        if self._toggle_action.isChecked():
            self.show_dock()
        else:
            self.dock.hide()

    def show_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()

    def _read_this_page(self) -> None:
        self.show_dock()
        self.panel.scope.setCurrentIndex(self.panel.scope.findData("page"))
        self.panel.run()

    def _edit_patterns(self) -> None:
        from gui.markers_dialog import MarkersDialog

        dialog = MarkersDialog(self.w.aids, self.w)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()
