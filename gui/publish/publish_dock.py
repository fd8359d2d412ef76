"""The Publish dock (issue 25 point 2): the document's findings of personal data, and
the reviewer's decision about each, one key a decision.

The list has the keyboard, so plain letters are the keys: **A** masks the finding
(accept), **S** keeps it (skip); **Shift+A** / **Shift+S** decide so for every
occurrence of that person or number in the document; **Enter** goes to the finding's
page and selects it in the transcript. After a decision the list is read again and
the next unreviewed finding (after the one decided, in document order) is current.

Kept current: a change record naming new working text reads the findings again
(detection runs on the store's thread, ~1.6 s on 3,000 pages); while the dock is
hidden it only notes that it is stale, and reads once shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from backend.models import Change
from backend.publish.decisions import Decision, Reviewed
from gui.context import ActionSpec, Host, Navigator
from gui.publish.publish_model import PublishModel
from gui.publish.region_mark import RegionMark
from gui.publish.source import PublishCalls

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner
    from gui.widgets.page_view import PageView

TOGGLE_KEYS = ("F9",)  # docs/SHORTCUTS.md: no desktop takes it (Ctrl+F9 is KDE's)


class PublishView(QTreeView):
    """A flat list whose letter keys decide: A accept, S skip, with Shift every occurrence;
    R marks the finding's region on the scan, Esc stops that."""

    decided = Signal(str, bool)  # Decision value, every occurrence
    region_wanted = Signal()
    region_cancelled = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        every = mods == Qt.KeyboardModifier.ShiftModifier
        if mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            if event.key() == Qt.Key.Key_A:
                self.decided.emit(Decision.ACCEPT.value, every)
                return
            if event.key() == Qt.Key.Key_S:
                self.decided.emit(Decision.SKIP.value, every)
                return
        if mods == Qt.KeyboardModifier.NoModifier:
            if event.key() == Qt.Key.Key_R:
                self.region_wanted.emit()
                return
            if event.key() == Qt.Key.Key_Escape:
                self.region_cancelled.emit()
                return
        super().keyPressEvent(event)


class PublishPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.model = PublishModel(self)
        self.view = PublishView(self)
        self.view.setModel(self.model)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAccessibleName(self.tr("Personal data to mask"))
        self.view.setToolTip(
            self.tr(
                "A: mask this finding · S: keep it · Shift+A / Shift+S: the same for every "
                "occurrence of this person or number · Enter: go to it in the transcript · "
                "R: mark the region where it stands on the scan (Esc cancels)"
            )
        )
        self.region_button = QPushButton(self.tr("Mark Region on the Scan (R)"), self)
        self.region_button.setToolTip(
            self.tr(
                "For a finding with no place on the scan: go to its page and drag over where "
                "it stands, so the redacted PDF removes those pixels too. Esc cancels."
            )
        )
        self.region_button.setEnabled(False)  # until a finding is current
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.region_button)


class PublishDock(QObject):
    def __init__(
        self,
        host: Host,
        navigator: Navigator,
        runner: TaskRunner,
        calls: Callable[[], PublishCalls | None],
        page_view: PageView | None = None,
    ) -> None:
        """``calls``: the open document's Publish review (None: no document is open);
        ``page_view``: where regions are drawn (None: R does nothing)."""
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self._calls = host, navigator, runner, calls
        self.panel = PublishPanel(host.dialog_parent())
        self.model, self.view = self.panel.model, self.panel.view
        self.dock = host.add_dock(self.panel, self.tr("Publish"), "publish")
        self.stale = True  # the list is not of the document's text as it is now
        self.deciding = False  # a decision is being written: keys wait for it
        self.dock.visibilityChanged.connect(lambda shown: self.refresh() if shown else None)
        self.view.activated.connect(self._go)  # Enter (and a double click)
        self.view.decided.connect(lambda value, every: self.decide(Decision(value), every))
        self.region: RegionMark | None = None
        if page_view is not None:
            self.region = RegionMark(
                host, navigator, runner, page_view, calls, lambda: self.model.state, self._refresh
            )
            self.view.region_cancelled.connect(self.region.cancel)
        self.view.region_wanted.connect(self.mark_region)
        self.panel.region_button.clicked.connect(self.mark_region)
        self.model.modelReset.connect(self._enable)
        self.view.selectionModel().currentChanged.connect(self._enable)
        # (page, kind, start, end) of a finding to select once read
        self.wanted: tuple[int, str, int, int] | None = None

    def actions(self) -> list[ActionSpec]:
        toggle = self.dock.toggleViewAction()
        toggle.setText(self.tr("P&ublish Review"))
        toggle.setShortcut(QKeySequence(TOGGLE_KEYS[0]))
        return [ActionSpec("view", "publish_dock", group="docks", action=toggle)]

    # -- the document -----------------------------------------------------------------------

    def document_opened(self) -> None:
        self.stale = True
        self.refresh()

    def document_closed(self) -> None:
        self.runner.run(_nothing(), name="publish")  # a read in flight is of the closed one
        self.model.set_state(None)
        self.panel.summary.clear()
        self.stale = True

    def changed(self, change: Change) -> None:
        """A mutation's record: new working text means new findings (or fewer)."""
        if change.text or change.versions:
            self.stale = True
            self.refresh()

    def refresh(self, after: tuple[int, int] | None = None) -> None:
        """Read the findings again now if shown (else when next shown). ``after``: the
        place (page, start) of a finding just decided: the next unreviewed is made current."""
        if self.dock.isVisible() and self._calls() is not None:
            self.runner.run(self._refresh(after), name="publish")

    async def _refresh(self, after: tuple[int, int] | None = None) -> None:
        calls = self._calls()
        if calls is None:
            return
        state = await calls.read()
        now = self._calls()
        if now is None or now.document != calls.document:
            return  # another document since
        current = self._current()
        self.model.set_state(state)
        self.panel.summary.setText(
            self.tr("{0} of {1} finding(s) unreviewed.").format(
                self.model.unreviewed(), len(self.model.rows)
            )
        )
        self.stale = False
        if after is not None:
            self._select_next_unreviewed(after)
        elif current is not None:
            self._select(lambda r: r.finding == current.finding)
        if self.wanted is not None:
            self._select_wanted()

    def _current(self) -> Reviewed | None:
        index = self.view.currentIndex()
        return self.model.rows[index.row()] if index.isValid() else None

    def _select(self, wanted: Callable[[Reviewed], bool]) -> bool:
        for row, item in enumerate(self.model.rows):
            if wanted(item):
                self.view.setCurrentIndex(self.model.index(row, 0))
                return True
        return False

    def _select_next_unreviewed(self, after: tuple[int, int]) -> None:
        def later(r: Reviewed) -> bool:
            return r.decision is None and (r.finding.page, r.finding.start) > after

        if not self._select(later) and not self._select(lambda r: r.decision is None):
            self._select(lambda r: True)  # all decided: the row kept in view

    # -- deciding, going to a finding -------------------------------------------------------

    def decide(self, decision: Decision, every: bool = False) -> None:
        """The current finding masked (ACCEPT) or kept (SKIP); ``every``: every occurrence
        of its person or number."""
        item, calls, state = self._current(), self._calls(), self.model.state
        if item is None or calls is None or state is None:
            return
        if self.deciding:  # the list is about to change under the key: wait for it
            self.host.show_message(self.tr("Still recording the last decision…"), 2000)
            return
        self.deciding = True
        self.runner.run(self._decide(calls, item, decision, every))

    async def _decide(
        self, calls: PublishCalls, item: Reviewed, decision: Decision, every: bool
    ) -> None:
        try:
            assert self.model.state is not None
            await calls.decide(self.model.state, [item], decision, every)
            f = item.finding
            await self._refresh(after=(f.page, f.start))
        finally:
            self.deciding = False

    def _enable(self) -> None:
        self.panel.region_button.setEnabled(self.region is not None and self._current() is not None)

    def mark_region(self) -> None:
        """R: mark where the current finding stands on the scan."""
        item = self._current()
        if item is None or self.region is None or self._calls() is None:
            return
        self.region.start(item)

    def select_unplaced(self, page: int, kind: str, start: int, end: int) -> None:
        """Show the dock with the finding of ``kind`` at ``start:end`` of ``page`` current
        (the publish dialog's "Mark them": one the scan cannot place), so R is the next key."""
        self.wanted = (page, kind, start, end)
        self.host.show_dock(self.dock)
        self.host.show_message(self.tr("Press R to mark where this finding stands on the scan."), 0)
        if not self.stale:
            self._select_wanted()
        else:
            self.refresh()  # _refresh selects it

    def _select_wanted(self) -> None:
        assert self.wanted is not None
        page, kind, start, end = self.wanted
        self.wanted = None

        def of_kind(r: Reviewed) -> bool:
            f = r.finding
            return f.page == page and f.kind.value == kind and r.masked

        # That very finding: another of its kind on the page may be placed on the scan.
        # When the exported text is not the working one (approved pages only, markers
        # stripped) its span may be elsewhere: the first of its kind with no region.
        if not self._select(
            lambda r: of_kind(r) and (r.finding.start, r.finding.end) == (start, end)
        ):
            self._select(lambda r: of_kind(r) and not self.model.has_region(r))
        self.view.setFocus()

    def _go(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        f = self.model.rows[index.row()].finding
        self.nav.move(self.nav.open_hit(f.page, f.start, f.end - f.start))


async def _nothing() -> None:
    return None
