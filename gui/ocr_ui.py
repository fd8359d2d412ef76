"""The OCR part of the main window: its docks, dialogs and menu, wired to the rest.

Kept out of ``main_window.py`` so that file stays about reviewing; everything
here talks to ``window.ocr`` (the ``OcrHub``) and the review controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QLabel, QMenu, QWidget

from gui.batch_panel import BatchPanel
from gui.ocr_panel import OcrPanel

if TYPE_CHECKING:
    from gui.main_window import MainWindow

Add = Callable[..., QAction]


class OcrUi(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        hub, runner = window.ocr, window.runner
        self.panel = OcrPanel(hub, runner, window)
        self.panel.flush_edits = window.controller.autosave.flush
        self.batch = BatchPanel(hub, runner, window)
        self.panel_dock = self._dock(self.panel, self.tr("OCR"), "ocr")
        self.batch_dock = self._dock(self.batch, self.tr("Batch"), "batch")
        window.tabifyDockWidget(self.panel_dock, self.batch_dock)
        # Hidden until asked for (Ctrl+R, Ctrl+B, the OCR menu): the page and its text
        # are the main view. The window's saved layout brings them back as left.
        self.panel_dock.hide()
        self.batch_dock.hide()
        self._dialogs: dict[str, QDialog] = {}
        self.server_label = QLabel(window)
        window.statusBar().addPermanentWidget(self.server_label)
        self._wire()

    def _dock(self, widget: QWidget, title: str, name: str) -> QDockWidget:
        dock = QDockWidget(title, self.w)
        dock.setObjectName(f"dock-{name}")
        dock.setWidget(widget)
        self.w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        return dock

    def _wire(self) -> None:
        w, c, hub = self.w, self.w.controller, self.w.ocr
        c.page_loaded.connect(self.panel.set_page)
        self.panel.accepted.connect(lambda page: w.runner.run(c.reload_page(page)))
        self.panel.insert_text.connect(self._insert)
        self.panel.replace_selection.connect(self._replace)
        self.panel.region_mode_wanted.connect(w.page_view.set_region_mode)
        w.page_view.region_selected.connect(self.panel.run_region)
        w.page_view.region_mode_changed.connect(self.panel.show_region_mode)
        self.batch.page_activated.connect(c.go_to)
        hub.profiles_changed.connect(self._show_server)
        hub.load_changed.connect(self._show_load)
        self._show_server()

    # -- the document coming and going ----------------------------------------------

    def document_opened(self, page_count: int) -> None:
        self.batch.set_document(page_count, self._selected_pages, lambda: self.w.controller.current)

    def document_closed(self) -> None:
        self.batch.clear_document()

    def _selected_pages(self) -> list[int]:
        rows = self.w.page_list.selectionModel().selectedIndexes()
        return sorted({index.row() for index in rows})

    # -- the editor receives a region's text --------------------------------------------

    def _insert(self, text: str) -> None:
        editor = self.w.editor.editor
        cursor = editor.textCursor()
        cursor.clearSelection()
        editor.setTextCursor(cursor)
        editor.insertPlainText(text)

    def _replace(self, text: str) -> None:
        self.w.editor.editor.insertPlainText(text)

    # -- status bar: which server re-runs go to -----------------------------------------

    def _show_server(self) -> None:
        active = self.w.ocr.active
        self.server_label.setText(
            self.tr("Server: {0}").format(active.name) if active else self.tr("No OCR server")
        )

    def _show_load(self, profile_id: str, summary: str) -> None:
        active = self.w.ocr.active
        if active is not None and active.id == profile_id:
            self.server_label.setToolTip(summary)

    # -- menu ---------------------------------------------------------------------------

    def install_menu(self, menu: QMenu, add: Add) -> None:
        add(menu, "ocr_rerun", self.tr("&Re-run This Page"), self._rerun, "Ctrl+R")
        add(
            menu,
            "ocr_region",
            self.tr("Re-run a &Region…"),
            self._region,
            "Ctrl+Shift+R",
        )
        add(menu, "ocr_batch", self.tr("&Batch…"), self._batch, "Ctrl+B")
        menu.addSeparator()
        add(menu, "ocr_servers", self.tr("&Servers…"), lambda: self._dialog("servers"))
        add(menu, "ocr_local", self.tr("&Local vLLM Server…"), lambda: self._dialog("local"))
        add(menu, "ocr_planner", self.tr("&VRAM Planner…"), lambda: self._dialog("planner"))
        menu.addSeparator()
        for dock in (self.panel_dock, self.batch_dock):
            menu.addAction(dock.toggleViewAction())
        self.panel_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+Shift+O"))

    def _show(self, dock: QDockWidget) -> None:
        if not dock.isVisible():
            dock.show()
            # About 40% of the height: enough for the comparison, the page stays in view.
            height = int(self.w.height() * 0.4)
            self.w.resizeDocks([dock], [height], Qt.Orientation.Vertical)
        dock.raise_()

    def _rerun(self) -> None:
        self._show(self.panel_dock)
        self.panel.run()

    def _region(self) -> None:
        self._show(self.panel_dock)
        self.w.page_view.set_region_mode(True)

    def _batch(self) -> None:
        self._show(self.batch_dock)
        self.batch.focus_start()

    def _dialog(self, name: str) -> None:
        dialog = self._dialogs.get(name)
        if dialog is None:
            dialog = self._make(name)
            self._dialogs[name] = dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def _make(self, name: str) -> QDialog:
        hub, runner = self.w.ocr, self.w.runner
        if name == "servers":
            from gui.servers_dialog import ServersDialog

            return ServersDialog(hub, runner, self.w)
        if name == "local":
            from gui.local_server_dialog import LocalServerDialog

            return LocalServerDialog(hub, runner, self.w)
        from gui.planner_dialog import PlannerDialog

        return PlannerDialog(self.w)
