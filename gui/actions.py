"""Menus, actions and keyboard shortcuts: the review is meant to be driven from the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMenu

from backend import paths
from backend.models import ReviewStatus
from gui import dialogs
from gui.page_view import ZOOM_STEP, FitMode

if TYPE_CHECKING:
    from gui.main_window import MainWindow

Keys = QKeySequence.StandardKey


def install_actions(w: MainWindow) -> dict[str, QAction]:
    actions = Actions(w)
    return actions.install()


class Actions(QObject):
    """Owns the window's actions; a QObject so every label goes through ``self.tr``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window

    def install(self) -> dict[str, QAction]:
        w = self.w
        c, o, run = w.controller, w.opener, w.runner.run
        acts: dict[str, QAction] = {}

        def add(
            menu: QMenu,
            name: str,
            text: str,
            slot: Callable[[], object],
            *keys: str | QKeySequence.StandardKey,
        ) -> QAction:
            action = QAction(text, w)
            shortcuts = [QKeySequence(k) for k in keys]
            action.setShortcuts(shortcuts)
            if shortcuts:
                action.setToolTip(f"{text.replace('&', '')} ({shortcuts[0].toString()})")
            action.triggered.connect(lambda _checked=False: slot())
            menu.addAction(action)
            acts[name] = action
            return action

        bar = w.menuBar()
        file = bar.addMenu(self.tr("&File"))
        add(file, "open", self.tr("&Open…"), o.choose_and_open, Keys.Open)
        w.recent_menu = file.addMenu(self.tr("Open &Recent"))
        w.recent_menu.aboutToShow.connect(lambda: self._fill_recent())
        add(
            file,
            "import_jsonl",
            self.tr("&Import Transcripts (JSONL)…"),
            lambda: o.import_transcripts(folder=False),
            "Ctrl+I",
        )
        add(
            file,
            "import_folder",
            self.tr("Import Transcripts from a &Folder…"),
            lambda: o.import_transcripts(folder=True),
            "Ctrl+Shift+I",
        )
        add(file, "export", self.tr("&Export…"), lambda: self._show_export(), "Ctrl+E")
        add(file, "save", self.tr("&Save"), lambda: run(c.save_now(), name="save"), Keys.Save)
        file.addSeparator()
        add(file, "quit", self.tr("&Quit"), w.close, Keys.Quit)

        edit = bar.addMenu(self.tr("&Edit"))
        add(edit, "undo", self.tr("&Undo"), w.editor.editor.undo, Keys.Undo)
        add(edit, "redo", self.tr("&Redo"), w.editor.editor.redo, Keys.Redo, "Ctrl+Y")
        edit.addSeparator()
        add(edit, "find", self.tr("&Find in Page…"), w.editor.show_find, Keys.Find)
        add(edit, "find_next", self.tr("Find &Next"), w.editor.find_next, Keys.FindNext)
        add(
            edit,
            "search",
            self.tr("&Search All Pages…"),
            lambda: self._show_search(),
            "Ctrl+Shift+F",
        )

        page = bar.addMenu(self.tr("&Page"))
        add(page, "next", self.tr("&Next Page"), lambda: c.step(1), "Ctrl+PgDown", "Alt+Right")
        add(
            page, "previous", self.tr("&Previous Page"), lambda: c.step(-1), "Ctrl+PgUp", "Alt+Left"
        )
        add(page, "first", self.tr("&First Page"), lambda: c.go_to(0), "Alt+Home")
        add(
            page,
            "last",
            self.tr("&Last Page"),
            lambda: c.go_to((c.workspace.page_count if c.workspace else 1) - 1),
            "Alt+End",
        )
        add(page, "goto", self.tr("&Go to Page…"), lambda: self._ask_page(), "Ctrl+G")
        page.addSeparator()
        add(
            page,
            "approve_next",
            self.tr("&Approve and Next"),
            # A navigation: it cancels (and is cancelled by) other page moves.
            lambda: run(c.set_status(ReviewStatus.APPROVED, advance=True), name="navigate"),
            "Ctrl+Return",
            "Ctrl+Enter",
        )
        add(
            page,
            "flag",
            self.tr("&Flag for Another Look"),
            lambda: run(c.set_status(ReviewStatus.FLAGGED), name="status"),
            "Ctrl+Shift+L",
        )
        add(
            page,
            "unreviewed",
            self.tr("Mark &Unreviewed"),
            lambda: run(c.set_status(ReviewStatus.UNREVIEWED), name="status"),
        )

        view = bar.addMenu(self.tr("&View"))
        add(
            view,
            "zoom_in",
            self.tr("Zoom &In"),
            lambda: w.page_view.zoom_by(ZOOM_STEP),
            Keys.ZoomIn,
            "Ctrl+=",
        )
        add(
            view,
            "zoom_out",
            self.tr("Zoom &Out"),
            lambda: w.page_view.zoom_by(1 / ZOOM_STEP),
            Keys.ZoomOut,
        )
        add(
            view,
            "fit_width",
            self.tr("Fit &Width"),
            lambda: w.page_view.set_fit(FitMode.WIDTH),
            "Ctrl+1",
        )
        add(
            view,
            "fit_page",
            self.tr("Fit &Page"),
            lambda: w.page_view.set_fit(FitMode.PAGE),
            "Ctrl+2",
        )
        add(
            view,
            "actual_size",
            self.tr("&Actual Size"),
            lambda: w.page_view.set_zoom(96 / 72),
            "Ctrl+0",
        )
        view.addSeparator()
        view.addAction(w.history_dock.toggleViewAction())
        w.history_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+H"))
        view.addAction(w.search_dock.toggleViewAction())

        w.ocr_ui.install_menu(bar.addMenu(self.tr("&OCR")), add)
        review = bar.addMenu(self.tr("&Review"))
        review.setObjectName("menu-review")  # the review queue and run comparison add to it
        w.review_ui.install_menu(review, add)

        help_menu = bar.addMenu(self.tr("&Help"))
        add(
            help_menu,
            "shortcuts",
            self.tr("&Keyboard Shortcuts"),
            lambda: self._show_shortcuts(acts),
            "F1",
        )
        add(help_menu, "backups", self.tr("Where Are My &Backups?"), lambda: self._show_backups())

        w.note.editingFinished.connect(lambda: run(c.save_note_if_changed(), name="note"))
        return acts

    def _fill_recent(self) -> None:
        w = self.w
        w.recent_menu.clear()
        for path in w.settings.recent_files():
            action = w.recent_menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: w.opener.open_path(Path(p)))
        if w.recent_menu.isEmpty():
            w.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    def _show_search(self) -> None:
        w = self.w
        w.search_dock.show()
        w.search_dock.raise_()
        w.search.focus()

    def _ask_page(self) -> None:
        w = self.w
        ws = w.controller.workspace
        if ws is None:
            return
        number, ok = QInputDialog.getInt(
            w,
            self.tr("Go to Page"),
            self.tr("Page number:"),
            w.controller.current + 1,
            1,
            ws.page_count,
        )
        if ok:
            w.controller.go_to(number - 1)

    def _show_shortcuts(self, acts: dict[str, QAction]) -> None:
        w = self.w
        rows = [
            f"{a.text().replace('&', '')}: {', '.join(k.toString() for k in a.shortcuts())}"
            for a in acts.values()
            if a.shortcuts()
        ]
        dialogs.show_message(w, self.tr("Keyboard Shortcuts"), "\n".join(rows))

    def _show_export(self) -> None:
        # Only when asked: they import the exporters.
        from backend.export import review_aids_provider
        from gui.export_dialog import ExportDialog

        ws = self.w.controller.workspace
        if ws is None:
            self.w.statusBar().showMessage(self.tr("Open a document to export it."), 5000)
            return
        # The dialog asks the provider only for the formats that carry agreement
        # and critical flags (JSONL, the reports): a diff per page for those alone.
        dialog = ExportDialog(
            ws.session,
            ws.run_in_store,
            aids=review_aids_provider(ws.session, self.w.aids.settings),
            runner=self.w.runner,
            password=ws.password,
            parent=self.w,
        )
        dialog.finished.connect(dialog.deleteLater)
        self.w.aids.document_changed.connect(dialog.document_changed)  # closing: it closes
        dialog.show()
        dialog.refresh_preview()

    def _show_backups(self) -> None:
        w = self.w
        ws = w.controller.workspace
        where = paths.backup_dir_for(ws.session.store.path) if ws else paths.data_dir()
        dialogs.show_message(
            w,
            self.tr("Backups"),
            self.tr(
                "The review is backed up on close and every 30 minutes, older backups thinned "
                "to one a day, then one a week.\n\nBackups of this document:\n{0}"
            ).format(where),
        )
