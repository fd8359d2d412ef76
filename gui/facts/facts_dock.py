"""The Facts dock (issue 24 point 3): the document's facts, their variants and pages.

A tree: fact → variant → each place it is read. A click or Enter on a place goes to
its page and selects it; Enter on a variant that is not the majority offers to make
it agree: a find & replace of that spelling with the majority's, on the variant's
pages, shown as the replace dialog's preview first (``agree_wanted``; the composition
root connects it), so nothing changes before the reviewer applies. Below, the
document's glossary.

Kept current: a change record naming new working text re-reads those pages' facts
on the store's thread and redraws the tree; while the dock is hidden it only notes
that it is stale, and reads the facts once shown.

Built in the background: when a document opens (or the glossary changes), the pages
its facts index lacks are read in steps on the store's thread (``DocumentFacts.step``),
the progress shown above the tree and in the status bar; a save or a page's review
waits for one step at most. Until the facts are ready the page review goes without
the cross-page flags; ``renewed`` then has the page reviewed again. Closing the document
stops the build; what was read is stored, and the next open goes on from it.

Others' saves: every few seconds (``CATCH_UP_MS``) the store is asked whether working
text changed outside this window (a CLI or a second window on the file, a reviewer on
the team server whose notification was missed); the pages that did are read again,
and only they (``DocumentFacts.catch_up``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QSplitter, QTreeView, QVBoxLayout, QWidget

from backend.facts.model import FactGroup
from backend.models import Change
from backend.session.facts import STEP_PAGES, FactsProgress
from gui.context import ActionSpec, Host, Navigator
from gui.facts.facts_model import FactsModel, LevelRole, PlaceRole, page_ranges
from gui.facts.glossary_panel import GlossaryPanel
from gui.facts.source import FactsCalls

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner

TOGGLE_KEYS = ("Ctrl+K",)  # docs/SHORTCUTS.md: no desktop takes it
CATCH_UP_MS = 5000  # one cheap query a look (``changes_stamp``); the digests only on a change


class FactsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.model = FactsModel(self)
        self.view = QTreeView(self)
        self.view.setModel(self.model)
        self.view.setHeaderHidden(True)
        self.view.setUniformRowHeights(True)
        self.view.setAccessibleName(self.tr("Facts"))
        self.glossary = GlossaryPanel(self)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.view)
        split.addWidget(self.glossary)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)


class FactsDock(QObject):
    agree_wanted = Signal(str, str, str)  # find, replace with, pages ("3, 7-9")
    progress = Signal(int, int)  # pages read, of pages to read (the background build)
    # The facts became whole (the build) or others changed them: review the page again.
    renewed = Signal()

    def __init__(
        self,
        host: Host,
        navigator: Navigator,
        runner: TaskRunner,
        calls: Callable[[], FactsCalls | None],
    ) -> None:
        """``calls``: the open document's facts (None: no document is open)."""
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self._calls = host, navigator, runner, calls
        self.panel = FactsPanel(host.dialog_parent())
        self.model, self.view = self.panel.model, self.panel.view
        self.dock = host.add_dock(self.panel, self.tr("Facts"), "facts")
        self.stale = True  # the tree is not of the document's text as it is now
        self.pending: set[int] = set()  # pages whose text changed, to read again
        self._reading = False
        self.building = False  # the background build runs (the summary is its progress)
        self.step_pages = STEP_PAGES
        self._catch_up = QTimer(self)
        self._catch_up.setInterval(CATCH_UP_MS)
        self._catch_up.timeout.connect(self.catch_up)
        self.dock.visibilityChanged.connect(lambda shown: self.refresh() if shown else None)
        self.view.activated.connect(self._activated)  # Enter (and a double click)
        self.view.clicked.connect(self._clicked)
        glossary = self.panel.glossary
        glossary.add_wanted.connect(lambda term: self._edit_glossary(add=term))
        glossary.remove_wanted.connect(lambda term: self._edit_glossary(remove=term))
        glossary.export_wanted.connect(self._export)
        glossary.import_wanted.connect(self._import)

    def actions(self) -> list[ActionSpec]:
        toggle = self.dock.toggleViewAction()
        toggle.setText(self.tr("&Facts"))
        toggle.setShortcut(QKeySequence(TOGGLE_KEYS[0]))
        return [ActionSpec("view", "facts_dock", group="docks", action=toggle)]

    # -- the document -----------------------------------------------------------------------

    def document_opened(self) -> None:
        self.stale = True
        self.build()
        self.refresh()
        self._catch_up.start()

    def document_closed(self) -> None:
        self.runner.run(_nothing(), name="facts")  # a read in flight is of the closed one
        self.runner.run(_nothing(), name="facts-build")  # the build stops (its rows kept)
        self.runner.run(_nothing(), name="facts-catch-up")
        self._catch_up.stop()
        self.building = False
        self.pending.clear()
        self.model.set_groups([])
        self.panel.glossary.set_terms([])
        self.panel.summary.clear()
        self.stale = True

    def changed(self, change: Change) -> None:
        """A mutation's record: new working text on ``change.pages`` re-reads them.

        Pages gather in ``pending`` and one task reads them all: "latest wins" would
        drop the read of a page saved just before another (a cancelled store call never
        runs), and its facts would stay those of its old text."""
        if change.text or change.versions:
            self.pending |= change.pages
            if not self._reading:
                self._reading = True
                self.runner.run(self._read_pending(), background=True)

    def build(self) -> None:
        """Read in the background what the index lacks (nothing to do: one quick step)."""
        calls = self._calls()  # made now, on open: the page review waits for the build
        if calls is not None and calls.step is not None:
            self.runner.run(self._build(calls), name="facts-build", background=True)

    async def _build(self, calls: FactsCalls) -> None:
        assert calls.step is not None
        done = await calls.step(self.step_pages)
        if done.ready and not done.more:
            return  # the index was whole (and every kind ready): nothing was built
        was_ready = done.ready
        self.building = not done.ready
        said, progress = (-1, -1), ""
        try:
            while True:
                if not was_ready and (done.read, done.to_read) != said:  # pages read
                    said = (done.read, done.to_read)
                    progress = self._say(done)
                if done.ready and not was_ready:
                    was_ready = True
                    self.building = False
                    self.renewed.emit()
                    self.stale = True
                    self.refresh()
                if not done.more:
                    return
                done = await calls.step(self.step_pages)
        finally:
            self.building = False
            # The progress is no summary once the build ends: with the dock hidden (no
            # refresh to replace it) or the server away (the refresh failing), "Reading
            # the document's facts: 0 of 0 pages…" stayed above the tree for good.
            if progress and self.panel.summary.text() == progress:  # not a refresh's since
                self.panel.summary.clear()

    def catch_up(self) -> None:
        """Read again the pages others changed (the timer's; nothing while building)."""
        calls = self._calls()
        if calls is not None and calls.catch_up is not None and not self.building:
            self.runner.run(self._caught_up(calls), name="facts-catch-up", background=True)

    async def _caught_up(self, calls: FactsCalls) -> None:
        assert calls.catch_up is not None
        if await calls.catch_up():
            self.renewed.emit()
            self.stale = True
            self.refresh()

    def _say(self, done: FactsProgress) -> str:
        self.progress.emit(done.read, done.to_read)
        text = self.tr("Reading the document's facts: {0} of {1} pages…").format(
            done.read, done.to_read
        )
        self.panel.summary.setText(text)
        self.host.show_message(text, 3000)
        return text

    async def _read_pending(self) -> None:
        try:
            while self.pending and (calls := self._calls()) is not None:
                pages, self.pending = self.pending, set()
                await calls.pages_changed(pages)
                self.stale = True
                self.refresh()
        finally:
            self._reading = False

    def refresh(self) -> None:
        """Read the facts again now if shown (else when next shown)."""
        if self.dock.isVisible() and self._calls() is not None:
            self.runner.run(self._refresh(), name="facts", background=True)

    async def _refresh(self) -> None:
        calls = self._calls()
        if calls is None:
            return
        groups, terms = await calls.read()
        now = self._calls()
        if now is None or now.document != calls.document:
            return  # another document since
        self._show(groups, terms)

    def _show(self, groups: list[FactGroup], terms: list[str]) -> None:
        # The row the keyboard is on stays where it was, as far as it still exists.
        where = self.view.currentIndex()
        path: list[int] = []
        while where.isValid():
            path.insert(0, where.row())
            where = where.parent()
        self.model.set_groups(groups)
        self.panel.glossary.set_terms(terms)
        conflicts = self.model.conflicts()
        if not self.building:  # else the summary says the build's progress
            self.panel.summary.setText(
                self.tr("{0} fact(s); {1} read differently across pages.").format(
                    len(groups), conflicts
                )
            )
        for row in range(self.model.rowCount()):  # the conflicts open, the rest folded
            if self.model.groups[row].conflict:
                self.view.expand(self.model.index(row, 0))
        self._restore_row(path)
        self.stale = False

    def _restore_row(self, path: list[int]) -> None:
        index = QModelIndex()
        for row in path:
            child = self.model.index(row, 0, index)
            if not child.isValid():
                break
            index = child
        if index.isValid():
            self.view.setCurrentIndex(index)

    # -- going to a place, making a variant agree -------------------------------------------

    def _clicked(self, index: QModelIndex) -> None:
        if index.data(LevelRole) == "place":
            self._go(index)

    def _activated(self, index: QModelIndex) -> None:
        level = index.data(LevelRole)
        if level == "place":
            self._go(index)
        elif level == "variant":
            self.offer_agreement(index)
        else:
            self.view.setExpanded(index, not self.view.isExpanded(index))

    def _go(self, index: QModelIndex) -> None:
        page, start, end = index.data(PlaceRole)
        self.nav.move(self.nav.open_hit(int(page), int(start), int(end) - int(start)))

    def offer_agreement(self, index: QModelIndex) -> None:
        group, variant = self.model.group_at(index), self.model.variant_at(index)
        if group is None or variant is None:
            return
        majority = group.variants[0]
        if variant is majority:
            self.host.show_message(
                self.tr("“{0}” is what most pages read; choose another spelling to change.").format(
                    variant.value
                )
            )
            return
        self.agree_wanted.emit(variant.value, majority.value, page_ranges(variant.pages))

    # -- the glossary ------------------------------------------------------------------------

    def _edit_glossary(self, *, add: str = "", remove: str = "") -> None:
        self.runner.run(self._set_glossary(add, remove), name="glossary")

    async def _set_glossary(self, add: str, remove: str) -> None:
        calls = self._calls()
        if calls is None:
            return
        terms = [t for t in await calls.glossary() if t != remove]
        if add and add not in terms:
            terms.append(add)
        await calls.set_glossary(terms)
        self.panel.glossary.set_terms(terms)
        self.stale = True
        self.build()  # every page is read again with the terms (in the background)
        self.refresh()  # a term's variants are facts now (or no longer)

    def _export(self) -> None:
        calls = self._calls()
        if calls is None:
            return
        name, _filter = QFileDialog.getSaveFileName(
            self.panel, self.tr("Export Glossary"), "", self.tr("Glossary (*.json)")
        )
        if name:
            self.runner.run(_await(calls.export_glossary(Path(name))), name="glossary")

    def _import(self) -> None:
        if self._calls() is None:
            return
        name, _filter = QFileDialog.getOpenFileName(
            self.panel, self.tr("Import Glossary"), "", self.tr("Glossary (*.json *.tsv *.txt)")
        )
        if name:
            self.runner.run(self.import_glossary(Path(name)), name="glossary")

    async def import_glossary(self, path: Path) -> None:
        calls = self._calls()
        if calls is not None:
            self.panel.glossary.set_terms(await calls.import_glossary(path))
            self.stale = True
            self.build()
            self.refresh()


async def _nothing() -> None:
    return None


async def _await(work: Awaitable[None]) -> None:
    await work
