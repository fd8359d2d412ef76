"""Menus, actions and keyboard shortcuts: the review is meant to be driven from the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox

from backend import paths
from backend.models import ReviewStatus
from gui.page_view import ZOOM_STEP, FitMode

if TYPE_CHECKING:
    from gui.main_window import MainWindow

Keys = QKeySequence.StandardKey


def _tr(text: str) -> str:
    return QCoreApplication.translate("Actions", text)


def install_actions(w: MainWindow) -> dict[str, QAction]:
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
    file = bar.addMenu(_tr("&File"))
    add(file, "open", _tr("&Open…"), o.choose_and_open, Keys.Open)
    w.recent_menu = file.addMenu(_tr("Open &Recent"))
    w.recent_menu.aboutToShow.connect(lambda: _fill_recent(w))
    add(
        file,
        "import_jsonl",
        _tr("&Import Transcripts (JSONL)…"),
        lambda: o.import_transcripts(folder=False),
        "Ctrl+I",
    )
    add(
        file,
        "import_folder",
        _tr("Import Transcripts from a &Folder…"),
        lambda: o.import_transcripts(folder=True),
        "Ctrl+Shift+I",
    )
    add(file, "save", _tr("&Save"), lambda: run(c.save_now(), name="save"), Keys.Save)
    file.addSeparator()
    add(file, "quit", _tr("&Quit"), w.close, Keys.Quit)

    edit = bar.addMenu(_tr("&Edit"))
    add(edit, "undo", _tr("&Undo"), w.editor.editor.undo, Keys.Undo)
    add(edit, "redo", _tr("&Redo"), w.editor.editor.redo, Keys.Redo, "Ctrl+Y")
    edit.addSeparator()
    add(edit, "find", _tr("&Find in Page…"), w.editor.show_find, Keys.Find)
    add(edit, "find_next", _tr("Find &Next"), w.editor.find_next, Keys.FindNext)
    add(edit, "search", _tr("&Search All Pages…"), lambda: _show_search(w), "Ctrl+Shift+F")

    page = bar.addMenu(_tr("&Page"))
    add(page, "next", _tr("&Next Page"), lambda: c.step(1), "Ctrl+PgDown", "Alt+Right")
    add(page, "previous", _tr("&Previous Page"), lambda: c.step(-1), "Ctrl+PgUp", "Alt+Left")
    add(page, "first", _tr("&First Page"), lambda: c.go_to(0), "Alt+Home")
    add(
        page,
        "last",
        _tr("&Last Page"),
        lambda: c.go_to((c.workspace.page_count if c.workspace else 1) - 1),
        "Alt+End",
    )
    add(page, "goto", _tr("&Go to Page…"), lambda: _ask_page(w), "Ctrl+G")
    page.addSeparator()
    add(
        page,
        "approve_next",
        _tr("&Approve and Next"),
        lambda: run(c.set_status(ReviewStatus.APPROVED, advance=True), name="status"),
        "Ctrl+Return",
        "Ctrl+Enter",
    )
    add(
        page,
        "flag",
        _tr("&Flag for Another Look"),
        lambda: run(c.set_status(ReviewStatus.FLAGGED), name="status"),
        "Ctrl+Shift+L",
    )
    add(
        page,
        "unreviewed",
        _tr("Mark &Unreviewed"),
        lambda: run(c.set_status(ReviewStatus.UNREVIEWED), name="status"),
    )

    view = bar.addMenu(_tr("&View"))
    add(
        view,
        "zoom_in",
        _tr("Zoom &In"),
        lambda: w.page_view.zoom_by(ZOOM_STEP),
        Keys.ZoomIn,
        "Ctrl+=",
    )
    add(
        view, "zoom_out", _tr("Zoom &Out"), lambda: w.page_view.zoom_by(1 / ZOOM_STEP), Keys.ZoomOut
    )
    add(view, "fit_width", _tr("Fit &Width"), lambda: w.page_view.set_fit(FitMode.WIDTH), "Ctrl+1")
    add(view, "fit_page", _tr("Fit &Page"), lambda: w.page_view.set_fit(FitMode.PAGE), "Ctrl+2")
    add(view, "actual_size", _tr("&Actual Size"), lambda: w.page_view.set_zoom(96 / 72), "Ctrl+0")
    view.addSeparator()
    view.addAction(w.history_dock.toggleViewAction())
    w.history_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+H"))
    view.addAction(w.search_dock.toggleViewAction())

    help_menu = bar.addMenu(_tr("&Help"))
    add(help_menu, "shortcuts", _tr("&Keyboard Shortcuts"), lambda: _show_shortcuts(w, acts), "F1")
    add(help_menu, "backups", _tr("Where Are My &Backups?"), lambda: _show_backups(w))

    w.note.returnPressed.connect(lambda: _save_note(w))
    return acts


def _fill_recent(w: MainWindow) -> None:
    w.recent_menu.clear()
    for path in w.settings.recent_files():
        action = w.recent_menu.addAction(path)
        action.triggered.connect(lambda _c=False, p=path: w.opener.open_path(Path(p)))
    if w.recent_menu.isEmpty():
        w.recent_menu.addAction(_tr("(none yet)")).setEnabled(False)


def _show_search(w: MainWindow) -> None:
    w.search_dock.show()
    w.search_dock.raise_()
    w.search.focus()


def _ask_page(w: MainWindow) -> None:
    ws = w.controller.workspace
    if ws is None:
        return
    number, ok = QInputDialog.getInt(
        w, _tr("Go to Page"), _tr("Page number:"), w.controller.current + 1, 1, ws.page_count
    )
    if ok:
        w.controller.go_to(number - 1)


def _save_note(w: MainWindow) -> None:
    ws, page = w.controller.workspace, w.controller.current
    if ws is not None and page >= 0:
        w.runner.run(ws.set_note(page, w.note.text()))
        w.statusBar().showMessage(_tr("Note saved."), 3000)


def _show_shortcuts(w: MainWindow, acts: dict[str, QAction]) -> None:
    rows = [
        f"{a.text().replace('&', '')}: {', '.join(k.toString() for k in a.shortcuts())}"
        for a in acts.values()
        if a.shortcuts()
    ]
    QMessageBox.information(w, _tr("Keyboard Shortcuts"), "\n".join(rows))


def _show_backups(w: MainWindow) -> None:
    ws = w.controller.workspace
    where = paths.backup_dir_for(ws.session.store.path) if ws else paths.data_dir()
    QMessageBox.information(
        w,
        _tr("Backups"),
        _tr(
            "The review is backed up on close and every 30 minutes, older backups thinned "
            "to one a day, then one a week.\n\nBackups of this document:\n{0}"
        ).format(where),
    )
