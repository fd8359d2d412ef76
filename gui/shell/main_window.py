"""The main window: page list | page image | transcript, with history and search docks.

It lays out widgets and shows state; the review logic lives in
``ReviewController`` and opening files in ``gui.review.opener``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QMenu,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from backend.engines.offline.registry import engine_names, engine_spec
from backend.i18n import _
from backend.models import PageState, ReviewStatus
from backend.safe_text import placeholders
from gui.review.autosave import SaveState
from gui.review.history_panel import HistoryPanel
from gui.review.page_list_model import THUMB_SIZE, PageListModel
from gui.review.search_panel import SearchPanel
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from gui.shell.help_dialog import PageListLegend
from gui.shell.screen_fit import ScreenFit, default_size, scrolling
from gui.widgets import dialogs
from gui.widgets.notice_bar import NoticeBar
from gui.widgets.page_view import PageView
from gui.widgets.theme import ALERT, set_color
from gui.widgets.transcript_editor import TranscriptEditor

SIDE_SHARE, SIDE_MIN_WIDTH = 0.3, 380  # the side docks' width on a first start
BOTTOM_SHARE = 0.35  # of the window's height at most, for a dock below the page

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from gui.aids.compare_dock import CompareDock
    from gui.aids.eval_dialog import RunComparison
    from gui.aids.image_link import ImageLink
    from gui.aids.review_queue import ReviewQueue
    from gui.facts.facts_dock import FactsDock
    from gui.ocr.ocr_docks import OcrDocks
    from gui.onboarding.feature import Onboarding
    from gui.review.controller import ReviewController
    from gui.review.opener import Opener
    from gui.review.replace_action import ReplaceAction
    from gui.servers.tools import ServerTools
    from gui.services.aids_hub import AidsHub
    from gui.services.ocr_hub import OcrHub
    from gui.team.feature import TeamFeature


class MainWindow(QMainWindow):
    file_dropped = Signal(object)  # Path of a local file dropped on the window

    def __init__(self, settings: GuiSettings, runner: TaskRunner) -> None:
        super().__init__()
        self.settings = settings
        self.runner = runner
        self.setWindowTitle(self.tr("ProofDesk"))
        self.setAcceptDrops(True)
        self._build_central()
        self._build_docks()
        self._build_status_bar()
        self.screen_fit = ScreenFit(self)
        self._default_state = self.saveState()
        self._close_confirmed = False
        self._closing = False
        # Set by the composition root (gui.compose) once the features exist.
        self.controller: ReviewController
        self.opener: Opener
        self.ocr: OcrHub
        self.aids: AidsHub
        self.ocr_ui: OcrDocks
        self.review_ui: CompareDock
        self.image_link: ImageLink
        self.review_queue: ReviewQueue
        self.review_queue_dock: QDockWidget
        self.run_comparison: RunComparison
        self.server_tools: ServerTools
        self.onboarding: Onboarding
        self.team: TeamFeature
        self.replace: ReplaceAction
        self.facts: FactsDock
        self.actions_by_name: dict[str, QAction] = {}
        self.recent_menu: QMenu  # built with the menus
        # What closing does before the window goes: save and close the document,
        # stop servers and workers. False: the user chose to keep the window open.
        self.shutdown: Callable[[], Awaitable[bool]] = _nothing_to_shut_down
        runner.error.connect(self.show_error)

    # -- building -----------------------------------------------------------------------

    def _build_central(self) -> None:
        self.page_list_model = PageListModel(0, self)
        self.page_list = QListView(self)
        self.page_list.setModel(self.page_list_model)
        self.page_list.setViewMode(QListView.ViewMode.IconMode)  # number under the thumbnail
        self.page_list.setFlow(QListView.Flow.TopToBottom)
        self.page_list.setWrapping(False)
        self.page_list.setMovement(QListView.Movement.Static)
        self.page_list.setIconSize(THUMB_SIZE)
        self.page_list.setSpacing(4)
        self.page_list.setUniformItemSizes(True)  # 2,000 rows without measuring each
        self.page_list.setAccessibleName(self.tr("Pages"))
        legend = PageListLegend(self).as_text()
        self.page_list_model.legend = "\n\n" + legend + "\n" + self.tr("F1: every shortcut")
        self.page_list.setWhatsThis(legend)
        self.page_view = PageView(self)
        self.editor = TranscriptEditor(self)
        self.editor.editor.setPlaceholderText(
            self.tr(
                "No transcript for this page yet. To get one:\n\n"
                "• File ▸ Import Transcripts (Ctrl+I): a JSONL file or a folder of page files "
                "from a VLM run\n"
                "• OCR ▸ Transcribe This Page with the Offline Engine: RapidOCR on this "
                "computer, no server needed\n"
                "• OCR ▸ Servers…: connect to a vLLM server, then OCR ▸ Re-run This Page "
                "(Ctrl+R)"
            )
        )
        self.note = QLineEdit(self)
        self.note.setPlaceholderText(self.tr("Note for this page"))
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.editor)
        column.addWidget(self.note)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        for widget in (self.page_list, self.page_view, right):
            self.splitter.addWidget(widget)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 3)
        self.splitter.setSizes([150, 620, 620])
        self.notice_bar = NoticeBar(self)
        central = QWidget(self)
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self.notice_bar)
        outer.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

    def _build_docks(self) -> None:
        self.history = HistoryPanel(self)
        self.history_dock = self._dock(self.history, self.tr("History"), "history")
        self.search = SearchPanel(self._search, self.runner.run, self)
        self.search_dock = self._dock(self.search, self.tr("Search"), "search")
        self.tabifyDockWidget(self.history_dock, self.search_dock)
        self.history_dock.raise_()

    def _dock(
        self,
        widget: QWidget,
        title: str,
        name: str,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{name}")  # saveState needs object names
        dock.setWidget(scrolling(widget))  # squeezed, it scrolls; it never grows the window
        self.addDockWidget(area, dock)
        # Shown by its toggle (Ctrl+D, the View menu), a tab comes to the front.
        dock.toggleViewAction().triggered.connect(lambda on: dock.raise_() if on else None)
        if area == Qt.DockWidgetArea.BottomDockWidgetArea:
            dock.visibilityChanged.connect(lambda shown: self._fit_bottom(dock, shown))
        return dock

    def _fit_bottom(self, dock: QDockWidget, shown: bool) -> None:
        """A bottom dock shown by its toggle takes its content's height (the OCR dock's:
        60% of a 1366×768 window); cut to ``BOTTOM_SHARE`` of the window, it scrolls."""
        most = int(self.height() * BOTTOM_SHARE)
        if shown and not dock.isFloating() and dock.height() > most:
            self.resizeDocks([dock], [most], Qt.Orientation.Vertical)

    # -- gui.context.Host: what features may use of the window ----------------------------

    def add_dock(
        self,
        widget: QWidget,
        title: str,
        name: str,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
    ) -> QDockWidget:
        dock = self._dock(widget, title, name, area)
        dock.hide()  # until asked for; restore_layout may bring it back as it was left
        return dock

    def show_dock(self, dock: QDockWidget, height_share: float | None = None) -> None:
        if not dock.isVisible():
            dock.show()
            if height_share is not None:
                self.resizeDocks(
                    [dock], [int(self.height() * height_share)], Qt.Orientation.Vertical
                )
        dock.raise_()

    def tabify_docks(self, first: QDockWidget, second: QDockWidget) -> None:
        self.tabifyDockWidget(first, second)

    def add_status_widget(self, widget: QWidget) -> None:
        self.statusBar().addPermanentWidget(widget)

    # Tests set this: a message then stays until the next one, since a loaded machine
    # can spend the 5 s a message shows before the test reads it.
    keep_messages = False

    def show_message(self, text: str, ms: int = 5000) -> None:
        # Status messages quote servers and files: their control characters made visible.
        self.statusBar().showMessage(placeholders(text), 0 if self.keep_messages else ms)

    async def confirm(self, question: str) -> bool:
        return await dialogs.ask_yes_no(self, self.tr("Please confirm"), question)

    def dialog_parent(self) -> QWidget:
        return self

    async def ask_close_unsaved(self, reason: str) -> bool:
        """Whether to close although the latest typing could not be saved (``reason``)."""
        return await dialogs.ask_yes_no(
            self,
            self.tr("Not saved"),
            self.tr(
                "Your latest typing could not be saved ({0}). Close anyway and lose it?"
            ).format(reason),
        )

    def _build_status_bar(self) -> None:
        self.page_label = QLabel(self)
        self.status_label = QLabel(self)
        self.source_label = QLabel(self)  # which engine or person the text came from
        self.save_label = QLabel(self)
        for label in (self.page_label, self.status_label, self.source_label, self.save_label):
            self.statusBar().addPermanentWidget(label)
        self.show_save_state(SaveState.SAVED, "")

    async def _search(self, query: str) -> list:  # type: ignore[type-arg]
        ws = self.controller.workspace
        return [] if ws is None else await ws.search(query)

    def selected_pages(self) -> list[int]:
        """The pages selected in the page list, ascending."""
        rows = self.page_list.selectionModel().selectedIndexes()
        return sorted({index.row() for index in rows})

    # -- showing state --------------------------------------------------------------------

    def show_page_state(self, state: PageState, page_count: int) -> None:
        self.editor.set_text(state.text)
        self.note.setText(state.note)
        self.page_label.setText(self.tr("Page {0} / {1}").format(state.page + 1, page_count))
        self.show_status(state.status)
        self.source_label.setText(self.source_text(*state.source))

    def source_text(self, kind: str, engine: str, model: str) -> str:
        """Says who produced the text shown: a VLM, an offline engine, a person, an import."""
        if kind == "ocr" and engine in engine_names():
            label = _(engine_spec(engine).label)
            return self.tr("text: {0} (offline engine)").format(label)
        if kind == "ocr":
            return self.tr("text: {0}").format(placeholders(model or engine) or self.tr("OCR"))
        return {
            "edit": self.tr("text: edited"),
            "restore": self.tr("text: restored version"),
            "import": self.tr("text: imported"),
        }.get(kind, "")

    def show_status(self, status: ReviewStatus) -> None:
        self.status_label.setText(self.page_list_model.status_name(status))

    def show_save_state(self, state: SaveState, reason: str) -> None:
        text = {
            SaveState.SAVED: self.tr("saved"),
            SaveState.PENDING: self.tr("editing"),
            SaveState.SAVING: self.tr("saving"),
            SaveState.FAILED: self.tr("not saved — retrying: {0}").format(reason),
            SaveState.REFUSED: self.tr("not saved: {0}").format(reason),
        }[state]
        self.save_label.setText(text)
        alert = state in (SaveState.FAILED, SaveState.REFUSED)
        set_color(self.save_label, ALERT if alert else None)

    def select_page_row(self, page: int) -> None:
        index = self.page_list_model.index(self.page_list_model.row_of(page))
        self.page_list.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.page_list.scrollTo(index)

    def show_error(self, message: str) -> None:
        dialogs.show_message_once(self, self.tr("ProofDesk"), message, warning=True)

    def set_document_title(self, path: Path | None) -> None:
        name = placeholders(path.name) if path else ""
        self.setWindowTitle(self.tr("{0} — ProofDesk").format(name) if name else "ProofDesk")

    # -- layout memory ----------------------------------------------------------------------

    def _group_side_docks(self) -> None:
        """Every dock at the side a tab of one group, the full height of the window.

        Stacked, three docks at 1366×768 got ~100 px each: the Compare dock showed
        1-4 lines of the alternate, History hid its Restore button. The side area
        also takes the bottom-right corner, so a bottom dock (OCR, Batch) sits under
        the page and its text only and leaves the side docks their height."""
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        side = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in self.findChildren(QDockWidget):
            if dock is not self.history_dock and self.dockWidgetArea(dock) == side:
                self.tabifyDockWidget(self.history_dock, dock)
        self.history_dock.raise_()

    def _size_side(self) -> None:
        """The side docks' width of a first start: restored from the state saved while
        they were hidden, they came back 260 px wide and scrolled sideways."""
        width = max(SIDE_MIN_WIDTH, int(self.width() * SIDE_SHARE))
        self.resizeDocks([self.history_dock], [width], Qt.Orientation.Horizontal)

    def restore_layout(self) -> None:
        """The geometry and docks as left last time; after every feature added its docks."""
        self._group_side_docks()
        self._default_state = self.saveState()  # every feature's docks, as first placed
        if (geometry := self.settings.geometry) is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(default_size(self.screen()))
        if (state := self.settings.window_state) is not None:
            self.restoreState(state)
        else:
            self._size_side()
        if (split := self.settings.splitter_state("main")) is not None:
            self.splitter.restoreState(split)
        self.screen_fit.fit()  # a layout saved on a bigger screen is brought onto this one

    def reset_layout(self) -> None:
        """View ▸ Reset Layout: the docks, sizes and panes of a first start."""
        for dock in self.findChildren(QDockWidget):
            dock.setFloating(False)
        self.restoreState(self._default_state)
        if not (self.isMaximized() or self.isFullScreen()):
            self.resize(default_size(self.screen()))
        self.screen_fit.fit()
        self._size_side()
        width = self.splitter.width() or 1390
        self.splitter.setSizes([150, (width - 150) // 2, (width - 150) // 2])

    def _save_layout(self) -> None:
        self.settings.geometry = self.saveGeometry()
        self.settings.window_state = self.saveState()
        self.settings.set_splitter_state("main", self.splitter.saveState())
        self.settings.sync()

    # -- closing, drag and drop -----------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._close_confirmed:
            event.accept()
            return
        event.ignore()  # save first, then close for real
        if not self._closing:  # a second click must not cancel the save in progress
            self._closing = True
            self.runner.run(self._close_safely())

    async def _close_safely(self) -> None:
        try:
            self._save_layout()
            if not await self.shutdown():
                return
            self._close_confirmed = True
            self.close()
        finally:
            self._closing = False

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile():
            self.file_dropped.emit(Path(urls[0].toLocalFile()))


async def _nothing_to_shut_down() -> bool:
    return True
