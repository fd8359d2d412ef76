"""Menus, actions and keyboard shortcuts: the review is meant to be driven from the keyboard.

Every feature declares its entries as ``gui.context.ActionSpec`` data; the
shell makes the QActions and the menus from them (``install_menus``), in the
order of ``MENUS`` and, inside a menu, of its groups. The shell's own entries
(open, save, pages, zoom, help) are ``ShellActions.actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMainWindow, QMenu

from backend.models import ReviewStatus
from backend.settings import paths
from gui.context import ActionSpec
from gui.shell.finding import find_next
from gui.shell.help_dialog import HelpDialog
from gui.shell.keys import mac_safe
from gui.widgets import dialogs
from gui.widgets.page_view import ZOOM_STEP, FitMode

if TYPE_CHECKING:
    from gui.shell.main_window import MainWindow

Keys = QKeySequence.StandardKey

# Top-level menus in the order shown. Each is a list of sections, drawn with a
# separator between them; a section lists its groups in order. An entry's group
# places it; a group no section names goes last, in a section of its own.
MENUS: dict[str, tuple[tuple[str, ...], ...]] = {
    "file": (("open", "import", "export", "publish", "save"), ("team",), ("quit",)),
    "edit": (("undo",), ("find",)),
    "page": (("go",), ("status",)),
    "view": (("zoom",), ("docks",), ("team",)),
    "ocr": (("",), ("offline_engine",), ("offline",), ("servers",), ("docks",)),
    "review": (("",), ("steps",), ("engines", "queue", "runs")),
    "help": (("",),),
}


def _place(menu: str, group: str) -> tuple[int, int]:
    """(section, rank) of ``group`` in ``menu``."""
    rank = 0
    for section, groups in enumerate(MENUS[menu]):
        for name in groups:
            if name == group:
                return section, rank
            rank += 1
    return len(MENUS[menu]), rank


class MenuTitles(QObject):
    """The menus' titles, through ``self.tr`` like every label."""

    def title(self, menu: str) -> str:
        return {
            "file": self.tr("&File"),
            "edit": self.tr("&Edit"),
            "page": self.tr("&Page"),
            "view": self.tr("&View"),
            "ocr": self.tr("&OCR"),
            "review": self.tr("&Review"),
            "help": self.tr("&Help"),
        }[menu]


def install_menus(window: QMainWindow, specs: Sequence[ActionSpec]) -> dict[str, QAction]:
    """Make every spec's action in its menu; the actions by name."""
    unknown = sorted({s.menu for s in specs} - set(MENUS))
    if unknown:
        raise ValueError(f"no such menu: {', '.join(unknown)}")
    titles = MenuTitles(window)
    acts: dict[str, QAction] = {}
    for menu_name in MENUS:
        menu = window.menuBar().addMenu(titles.title(menu_name))
        menu.setObjectName(f"menu-{menu_name}")
        entries = [s for s in specs if s.menu == menu_name]
        entries.sort(key=lambda s: _place(menu_name, s.group))  # stable: given order in a group
        previous: int | None = None
        for spec in entries:
            section = _place(menu_name, spec.group)[0]
            if previous is not None and section != previous:
                menu.addSeparator()
            previous = section
            acts[spec.name] = _make_action(window, menu, spec)
    return acts


def _make_action(window: QMainWindow, menu: QMenu, spec: ActionSpec) -> QAction:
    action = spec.action or QAction(spec.text, window)
    shortcuts: list[QKeySequence] = []
    for key in spec.keys:  # a standard key may name one given already ("F3" and FindNext)
        for sequence in (
            QKeySequence.keyBindings(key) if isinstance(key, Keys) else [QKeySequence(key)]
        ):
            if not sequence.isEmpty() and sequence not in shortcuts:
                shortcuts.append(sequence)
    if shortcuts:
        action.setShortcuts(shortcuts)
        label = action.text().replace("&", "")
        action.setToolTip(f"{label} ({shortcuts[0].toString()})")
    action.setCheckable(spec.checkable or action.isCheckable())
    if spec.slot is not None:
        slot = spec.slot
        action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    if spec.created is not None:
        spec.created(action)
    return action


class ShellActions(QObject):
    """The shell's own entries: documents, editing, pages, zoom, docks, help."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window

    def actions(self) -> list[ActionSpec]:
        return self._file() + self._edit() + self._page() + self._view() + self._help()

    def _file(self) -> list[ActionSpec]:
        o, c, run = self.w.opener, self.w.controller, self.w.runner.run
        return [
            ActionSpec(
                "file",
                "open",
                self.tr("&Open…"),
                o.choose_and_open,
                (Keys.Open,),
                "open",
                created=self._add_recent_menu,
            ),
            ActionSpec(
                "file",
                "import_jsonl",
                self.tr("&Import Transcripts (JSONL)…"),
                lambda: o.import_transcripts(folder=False),
                ("Ctrl+I",),
                "import",
            ),
            ActionSpec(
                "file",
                "import_folder",
                self.tr("Import Transcripts from a &Folder…"),
                lambda: o.import_transcripts(folder=True),
                ("Ctrl+Shift+I",),
                "import",
            ),
            ActionSpec(
                "file",
                "save",
                self.tr("&Save"),
                lambda: run(c.save_now(), name="save"),
                (Keys.Save,),
                "save",
            ),
            ActionSpec("file", "quit", self.tr("&Quit"), self.w.close, (Keys.Quit,), "quit"),
        ]

    def _edit(self) -> list[ActionSpec]:
        editor = self.w.editor
        return [
            ActionSpec("edit", "undo", self.tr("&Undo"), editor.editor.undo, (Keys.Undo,), "undo"),
            ActionSpec(
                "edit", "redo", self.tr("&Redo"), editor.editor.redo, (Keys.Redo, "Ctrl+Y"), "undo"
            ),
            ActionSpec(
                "edit", "find", self.tr("&Find in Page…"), editor.show_find, (Keys.Find,), "find"
            ),
            ActionSpec(
                "edit",
                "find_next",
                self.tr("Find &Next"),
                lambda: find_next(self.w, 1),
                ("F3", Keys.FindNext),
                "find",
            ),
            ActionSpec(
                "edit",
                "find_previous",
                self.tr("Find Pre&vious"),
                lambda: find_next(self.w, -1),
                ("Shift+F3", Keys.FindPrevious),
                "find",
            ),
            ActionSpec(
                "edit",
                "search",
                self.tr("&Search All Pages…"),
                self._show_search,
                ("Ctrl+Shift+J",),  # not +F (IMEs) nor +A (KDE Deselect): docs/SHORTCUTS.md
                "find",
            ),
        ]

    def _page(self) -> list[ActionSpec]:
        c = self.w.controller
        last = lambda: c.go_to((c.workspace.page_count if c.workspace else 1) - 1)  # noqa: E731
        return [
            ActionSpec(
                "page",
                "next",
                self.tr("&Next Page"),
                lambda: c.step(1),
                mac_safe(("Ctrl+PgDown", "Alt+Right")),
                "go",
            ),
            ActionSpec(
                "page",
                "previous",
                self.tr("&Previous Page"),
                lambda: c.step(-1),
                mac_safe(("Ctrl+PgUp", "Alt+Left")),
                "go",
            ),
            ActionSpec(
                "page", "first", self.tr("&First Page"), lambda: c.go_to(0), ("Alt+Home",), "go"
            ),
            ActionSpec("page", "last", self.tr("&Last Page"), last, ("Alt+End",), "go"),
            ActionSpec("page", "goto", self.tr("&Go to Page…"), self._ask_page, ("Ctrl+L",), "go"),
            ActionSpec(
                "page",
                "approve_next",
                self.tr("&Approve and Next"),
                # A status change, then a page move: run in turn with the other commands.
                lambda: c.change_status(ReviewStatus.APPROVED, advance=True),
                ("Ctrl+Return", "Ctrl+Enter"),
                "status",
            ),
            ActionSpec(
                "page",
                "flag",
                self.tr("Flag for Ano&ther Look"),
                lambda: c.change_status(ReviewStatus.FLAGGED),
                ("Ctrl+Shift+L",),
                "status",
            ),
            ActionSpec(
                "page",
                "reviewed",
                # Done, waiting for a second person's final approval (the team store's rule).
                self.tr("Mark &Reviewed"),
                lambda: c.change_status(ReviewStatus.REVIEWED),
                group="status",
            ),
            ActionSpec(
                "page",
                "unreviewed",
                self.tr("Mark &Unreviewed"),
                lambda: c.change_status(ReviewStatus.UNREVIEWED),
                group="status",
            ),
        ]

    def _view(self) -> list[ActionSpec]:
        view = self.w.page_view
        return [
            ActionSpec(
                "view",
                "zoom_in",
                self.tr("Zoom &In"),
                lambda: view.zoom_by(ZOOM_STEP),
                (Keys.ZoomIn, "Ctrl+="),
                "zoom",
            ),
            ActionSpec(
                "view",
                "zoom_out",
                self.tr("Zoom &Out"),
                lambda: view.zoom_by(1 / ZOOM_STEP),
                (Keys.ZoomOut,),
                "zoom",
            ),
            ActionSpec(
                "view",
                "fit_width",
                self.tr("Fit &Width"),
                lambda: view.set_fit(FitMode.WIDTH),
                ("Ctrl+1",),
                "zoom",
            ),
            ActionSpec(
                "view",
                "fit_page",
                self.tr("Fit &Page"),
                lambda: view.set_fit(FitMode.PAGE),
                ("Ctrl+2",),
                "zoom",
            ),
            ActionSpec(
                "view",
                "actual_size",
                self.tr("&Actual Size"),
                lambda: view.set_zoom(96 / 72),
                ("Ctrl+0",),
                "zoom",
            ),
            ActionSpec(
                "view", "history_dock", group="docks", action=self.w.history_dock.toggleViewAction()
            ),
            # Not the dock's toggle: a tab behind Search must come to the front, not hide.
            ActionSpec(
                "view",
                "show_history",
                self.tr("Show &History"),
                lambda: self.w.show_dock(self.w.history_dock),
                mac_safe(("Ctrl+H",)),
                "docks",
            ),
            ActionSpec(
                "view", "search_dock", group="docks", action=self.w.search_dock.toggleViewAction()
            ),
            ActionSpec(
                "view", "reset_layout", self.tr("&Reset Layout"), self.w.reset_layout, group="docks"
            ),
        ]

    def _help(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "help", "shortcuts", self.tr("&Keyboard Shortcuts"), self._show_shortcuts, ("F1",)
            ),
            ActionSpec("help", "backups", self.tr("Where Are My &Backups?"), self._show_backups),
        ]

    # -- what the entries do --------------------------------------------------------------

    def _add_recent_menu(self, open_action: QAction) -> None:
        """Open Recent goes right under Open…, filled each time it opens."""
        w = self.w
        menu = w.menuBar().findChild(QMenu, "menu-file")
        assert isinstance(menu, QMenu), open_action.text()
        w.recent_menu = QMenu(self.tr("Open &Recent"), menu)
        menu.addMenu(w.recent_menu)
        w.recent_menu.aboutToShow.connect(self._fill_recent)

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

    def _show_shortcuts(self) -> None:
        HelpDialog(self.w.actions_by_name.values(), self.w).show()  # deleted when closed

    def _show_backups(self) -> None:
        w = self.w
        ws = w.controller.workspace
        store = ws.session.store.local_file() if ws else None  # None: on the team server
        where = paths.backup_dir_for(store) if store else paths.data_dir()
        dialogs.show_message(
            w,
            self.tr("Backups"),
            self.tr(
                "The review is backed up on close and every 30 minutes, older backups thinned "
                "to one a day, then one a week.\n\nBackups of this document:\n{0}"
            ).format(where),
        )
