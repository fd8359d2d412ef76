"""The OCR docks (re-run a page, batch) and their menu entries, wired to the review.

Everything here talks to the ``OcrHub``, the page on screen (a ``Navigator``),
the editor and the page view it is given; the server dialogs are the servers
feature's (``gui.servers.tools``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel

from gui.context import ActionSpec, Host, Navigator
from gui.ocr.batch_panel import BatchPanel
from gui.ocr.ocr_panel import OcrPanel
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets.page_view import PageView
from gui.widgets.transcript_editor import TranscriptEditor

DOCK_HEIGHT_SHARE = 0.3  # enough for the comparison; the page and its text stay usable


class OcrDocks(QObject):
    def __init__(
        self,
        host: Host,
        hub: OcrHub,
        runner: TaskRunner,
        nav: Navigator,
        editor: TranscriptEditor,
        page_view: PageView,
        selected_pages: Callable[[], list[int]],
    ) -> None:
        parent = host.dialog_parent()
        super().__init__(parent)
        self.host, self.hub, self.runner, self.nav = host, hub, runner, nav
        self.editor, self.page_view, self._selected_pages = editor, page_view, selected_pages
        self.panel = OcrPanel(hub, runner, parent)
        self.panel.flush_edits = nav.flush_edits
        self.batch = BatchPanel(hub, runner, parent)
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        # Hidden until asked for (Ctrl+R, Ctrl+B, the OCR menu): the page and its text
        # are the main view. The window's saved layout brings them back as left.
        self.panel_dock = host.add_dock(self.panel, self.tr("OCR"), "ocr", bottom)
        # The batch panel is a tall column (pages, servers, buttons, problem pages): a
        # tab at the side, where it has the window's height; at the bottom of a
        # 1366×768 screen it took half the window and still hid its Start button.
        self.batch_dock = host.add_dock(self.batch, self.tr("Batch"), "batch")
        self.server_label = QLabel(parent)
        host.add_status_widget(self.server_label)
        self._wire()

    def _wire(self) -> None:
        nav, hub = self.nav, self.hub
        nav.page_loaded.connect(self.panel.set_page)
        self.panel.accepted.connect(lambda page: self.runner.run(nav.reload_page(page)))
        self.panel.insert_text.connect(self._insert)
        self.panel.replace_selection.connect(self._replace)
        self.panel.region_mode_wanted.connect(
            lambda on: self.page_view.set_region_mode(on, self.panel)
        )
        self.page_view.region_selected.connect(self._region_drawn)
        self.page_view.region_mode_changed.connect(self._region_mode_changed)
        self.batch.page_activated.connect(nav.go_to)
        hub.profiles_changed.connect(self._show_server)
        hub.load_changed.connect(self._show_load)
        self._show_server()

    # -- a region is OCR's only when OCR asked for the mode (Publish draws regions too) --

    def _region_drawn(self, region: tuple[float, float, float, float]) -> None:
        if self.page_view.region_owner is self.panel:
            self.panel.run_region(region)

    def _region_mode_changed(self, on: bool) -> None:
        self.panel.show_region_mode(on and self.page_view.region_owner is self.panel)

    # -- the document coming and going ----------------------------------------------

    def document_opened(self, page_count: int) -> None:
        self.batch.set_document(page_count, self._selected_pages, lambda: self.nav.current)

    def document_closed(self) -> None:
        self.batch.clear_document()

    # -- the editor receives a region's text --------------------------------------------

    def _insert(self, text: str) -> None:
        editor = self.editor.editor
        cursor = editor.textCursor()
        cursor.clearSelection()
        editor.setTextCursor(cursor)
        editor.insertPlainText(text)

    def _replace(self, text: str) -> None:
        self.editor.editor.insertPlainText(text)

    # -- status bar: which server re-runs go to -----------------------------------------

    def _show_server(self) -> None:
        active = self.hub.active
        self.server_label.setText(
            self.tr("Server: {0}").format(active.name) if active else self.tr("No OCR server")
        )

    def _show_load(self, profile_id: str, summary: str) -> None:
        active = self.hub.active
        if active is not None and active.id == profile_id:
            self.server_label.setToolTip(summary)

    # -- menu ---------------------------------------------------------------------------

    def actions(self) -> list[ActionSpec]:
        """The OCR menu's re-run and batch entries, and the docks' toggles."""
        self.panel_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+Shift+O"))
        return [
            ActionSpec("ocr", "ocr_rerun", self.tr("&Re-run This Page"), self._rerun, ("Ctrl+R",)),
            ActionSpec(
                "ocr", "ocr_region", self.tr("Re-run a Re&gion…"), self._region, ("Ctrl+Shift+R",)
            ),
            ActionSpec("ocr", "ocr_batch", self.tr("&Batch…"), self._batch, ("Ctrl+B",)),
            ActionSpec("ocr", "ocr_dock", group="docks", action=self.panel_dock.toggleViewAction()),
            ActionSpec(
                "ocr", "batch_dock", group="docks", action=self.batch_dock.toggleViewAction()
            ),
        ]

    def _rerun(self) -> None:
        self.host.show_dock(self.panel_dock, DOCK_HEIGHT_SHARE)
        self.panel.run()

    def _region(self) -> None:
        self.host.show_dock(self.panel_dock, DOCK_HEIGHT_SHARE)
        self.page_view.set_region_mode(True, self.panel)

    def _batch(self) -> None:
        self.host.show_dock(self.batch_dock)
        self.batch.focus_start()
