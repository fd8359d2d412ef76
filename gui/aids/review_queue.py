"""The review queue: every legal-critical disagreement and whole-page diagnosis (a loop, a
page cut short: issue 22) in the document, walked from the keyboard.

The queue is computed on the store's thread (``session.review_queue``) and
refreshed, a moment after the text or versions change, as a "latest wins" task.
F12 / Shift+F12 go to the next / previous item across pages, selecting
its span in the transcript; Enter (or a double-click) in the list does the same.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from backend.models import Change
from backend.review.values import Diagnosis, FlagKind, PageReview
from gui.aids.review_queue_model import Found, ReviewQueueModel, as_item, risk_ranks
from gui.context import ActionSpec, Host, Navigator

if TYPE_CHECKING:
    from gui.services.aids_hub import AidsHub
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace
    from gui.widgets.transcript_editor import TranscriptEditor

REFRESH_DELAY_MS = 1500  # after the last change: typing does not recompute per keystroke


class ReviewQueuePanel(QWidget):
    """The list and a one-line summary; ``chosen`` carries the row to go to."""

    chosen = Signal(int)

    def __init__(self, model: ReviewQueueModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.view = QTableView(self)
        self.view.setModel(model)
        self.view.setAccessibleName(self.tr("Legal-critical items and whole-page problems"))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.view.activated.connect(lambda index: self.chosen.emit(index.row()))  # Enter
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)

    def show_count(self, pages_total: int | None = None) -> None:
        items = self.model.items
        pages = len({p for p, _f in items})
        whole = sum(1 for _p, f in items if isinstance(f, Diagnosis))
        if not items:
            self.summary.setText(self.tr("No legal-critical items or whole-page problems."))
        elif whole:
            self.summary.setText(
                self.tr(
                    "{0} legal-critical item(s) and {1} whole-page problem(s) on {2} page(s). "
                    "F12: next."
                ).format(len(items) - whole, whole, pages)
            )
        else:
            self.summary.setText(
                self.tr("{0} legal-critical item(s) on {1} page(s). F12: next.").format(
                    len(items), pages
                )
            )

    def select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)  # moving the selection does not navigate
        self.view.scrollTo(index)


class ReviewQueue(QObject):
    """Keeps the queue current for the open document and walks it."""

    by_risk_changed = Signal(bool)  # riskiest pages first (the page list follows)

    def __init__(
        self,
        host: Host,
        nav: Navigator,
        runner: TaskRunner,
        editor: TranscriptEditor,
        hub: AidsHub,
    ) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.editor, self.hub = host, nav, runner, editor, hub
        self.model = ReviewQueueModel(self)
        self.panel = ReviewQueuePanel(self.model)
        self.panel.chosen.connect(self.open_row)
        self.workspace: Workspace | None = None
        self.row = -1  # the row last gone to
        self._heading: tuple[int, int] | None = None  # (page, start) of a navigation in flight
        self._task: asyncio.Task[None] | None = None  # the refresh running, if any
        self._timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.request_refresh)
        nav.page_loaded.connect(lambda _page: self._follow_document())
        # Shown from the Review menu (Ctrl+Shift+K); F12 works without it.
        self.dock = host.add_dock(self.panel, self.tr("Review Queue"), "review-queue")
        hub.review_changed.connect(self.set_review)
        hub.document_changed.connect(self.document_changed)  # 0: closing, before the store
        # The document's reviews changed: recompute soon.
        hub.summaries_changed.connect(lambda *_a: self.schedule_refresh())
        hub.settings_changed.connect(lambda *_a: self.schedule_refresh())

    # -- keeping it current -------------------------------------------------------------

    def _follow_document(self) -> None:
        ws = self.nav.workspace
        if ws is self.workspace:
            return
        self.document_closed()
        self.workspace = ws
        if ws is not None:
            ws.changed.connect(self._on_change)
            self.request_refresh()

    def document_changed(self, page_count: int) -> None:
        if page_count == 0:
            self.document_closed()

    def document_closed(self) -> None:
        """Stop the pass over the document (its store is about to close) and empty the list."""
        self._timer.stop()
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self.workspace is not None:
            self.workspace.changed.disconnect(self._on_change)
            self.workspace = None
        self.model.set_items([])
        self.row = -1
        self._heading = None
        self.panel.show_count()

    def _on_change(self, change: Change) -> None:
        if change.text or change.versions:
            self.schedule_refresh()

    def schedule_refresh(self) -> None:
        self._timer.start()  # restarts: one refresh after a burst of changes

    def request_refresh(self) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # Qt events handled outside the loop (tests between runs)
            self._timer.start()  # try again once the loop runs
            return
        self._task = self.runner.run(self.refresh(), name="review-queue", background=True)

    async def refresh(self) -> None:
        ws = self.nav.workspace
        if ws is None or ws.closed or ws.closing:
            self.model.set_items([])
            self.panel.show_count()
            return
        settings = self.hub.settings
        entries = await ws.review_queue(settings)
        if ws is not self.nav.workspace:
            return  # the document was closed (or another opened) meanwhile
        walked_to = self.model.items[self.row] if 0 <= self.row < len(self.model.items) else None
        self.model.set_items([as_item(e) for e in entries])
        # The item last gone to stays the selected row when it is still in the queue: a
        # refresh after F12 (its page saved on the way) used to clear the selection.
        self.row = self.model.items.index(walked_to) if walked_to in self.model.items else -1
        if self.row >= 0:
            self.panel.select_row(self.row)
        self.panel.show_count()

    def set_review(self, review: PageReview | None) -> None:
        """The current page's fresh review (from the aids hub): update just its rows."""
        if review is None or self.workspace is None:
            return
        if review.same_reading and self.hub.alternate_id is not None:
            return  # its own reading, chosen in the dock, checks nothing: the rows stay
        found: list[Found] = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
        self.model.replace_page(review.page, [*found, *review.diagnoses])
        self.panel.show_count()

    def actions(self) -> list[ActionSpec]:
        toggle = self.dock.toggleViewAction()
        toggle.setText(self.tr("Review &Queue"))
        toggle.setShortcut(QKeySequence("Ctrl+Shift+K"))
        return [
            ActionSpec(
                "review",
                "critical_next",
                self.tr("Next Critical &Item or Page Problem"),
                lambda: self.step(1),
                ("F12",),
                group="queue",
            ),
            ActionSpec(
                "review",
                "critical_previous",
                self.tr("Pre&vious Critical Item or Page Problem"),
                lambda: self.step(-1),
                ("Shift+F12",),
                group="queue",
            ),
            ActionSpec(
                "review",
                "by_risk",
                self.tr("Riskiest Pages &First"),
                group="queue",
                checkable=True,
                created=self._bind_by_risk,
            ),
            ActionSpec("review", "review_queue", group="queue", action=toggle),
        ]

    def _bind_by_risk(self, action: QAction) -> None:
        action.toggled.connect(self.set_by_risk)
        self.by_risk_action = action

    def set_by_risk(self, on: bool) -> None:
        """Order the queue (and, through ``by_risk_changed``, the page list) by page risk."""
        self.model.set_ranks(risk_ranks(self.hub.summaries) if on else None)
        self.row = -1
        self.by_risk_changed.emit(on)

    # -- walking it -----------------------------------------------------------------------

    def step(self, delta: int) -> None:
        """Go to the next (+1) or previous (-1) item from where the reviewer is."""
        items = self.model.items
        if not items or self.nav.workspace is None:
            self.host.show_message(self.tr("No legal-critical items or whole-page problems."), 5000)
            return
        keys = [(self.model.rank(p), f.start) for p, f in items]
        page, offset, end = self._position()
        here = (self.model.rank(page), offset)
        if 0 <= self.row < len(items) and (items[self.row][0], items[self.row][1].start) == (
            page,
            offset,
        ):
            row = self.row + delta  # several items can start at one place
        elif delta > 0:
            # An item that starts at the caret is still ahead unless it is the one shown
            # (its span selected): a page opens with the caret at 0, where a block lost
            # from the top of the page (a zero-width diagnosis) or a loop starts.
            row = next(
                (
                    r
                    for r, k in enumerate(keys)
                    if k > here or (k == here and not _selected(items[r][1], offset, end))
                ),
                len(items),
            )
        else:
            row = next((r for r in reversed(range(len(keys))) if keys[r] < here), -1)
        if not 0 <= row < len(items):
            row %= len(items)
            self.host.show_message(
                self.tr("Wrapped around to the first critical item or page problem.")
                if delta > 0
                else self.tr("Wrapped around to the last critical item or page problem."),
                5000,
            )
        self.open_row(row)

    def _position(self) -> tuple[int, int, int]:
        """The page and the selection (code points) the next step counts from."""
        if self._heading is not None:  # quick repeated steps count from where we are heading
            page, start = self._heading
            return page, start, start
        from gui.aids.image_link import utf16_to_code_points

        editor = self.editor.editor
        cursor, text = editor.textCursor(), editor.toPlainText()
        start = utf16_to_code_points(text, cursor.selectionStart())
        return self.nav.current, start, utf16_to_code_points(text, cursor.selectionEnd())

    def open_row(self, row: int) -> None:
        if not 0 <= row < len(self.model.items):
            return
        page, flag = self.model.items[row]
        self.row = row
        self.panel.select_row(row)
        self._heading = (page, flag.start)
        c = self.nav
        # The controller's own "open a search hit": save, go to the page, select.
        task = c.move(c.open_hit(page, flag.start, flag.end - flag.start))
        task.add_done_callback(lambda _t: self._arrived(page, flag.start))

    def _arrived(self, page: int, start: int) -> None:
        if self._heading == (page, start):
            self._heading = None
            self.editor.editor.setFocus()


def _selected(item: Found, start: int, end: int) -> bool:
    """Whether the selection [start, end) is ``item``'s span, shown: a caret (nothing
    selected) shows no item, not even one of no width."""
    return start < end and (item.start, item.end) == (start, end)
