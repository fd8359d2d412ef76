"""Page-by-page review: navigation, loading a page into the views, status, restore.

The controller owns the "current page" and the order of operations that keeps
work safe: before leaving a page its typed text is saved and turned into a
version; only then is the next page loaded.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QModelIndex, QObject, Signal

from backend.errors import StoreError
from backend.models import Change, PageState, ReviewStatus
from backend.safe_text import replaced_warning
from gui.review.autosave import Autosave
from gui.review.commands import CommandQueue
from gui.review.hooks import DocumentHooks
from gui.review.page_pictures import PagePictures

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLineEdit, QListView

    from gui.review.history_panel import HistoryPanel
    from gui.review.page_list_model import PageListModel
    from gui.review.search_panel import SearchPanel
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace
    from gui.widgets.page_view import PageView
    from gui.widgets.transcript_editor import TranscriptEditor


class ReviewViews(Protocol):
    """The shell's widgets the controller fills and listens to (the main window has them)."""

    editor: TranscriptEditor
    note: QLineEdit
    page_view: PageView
    page_list: QListView
    page_list_model: PageListModel
    search: SearchPanel
    history: HistoryPanel

    def show_page_state(self, state: PageState, page_count: int) -> None: ...

    def show_status(self, status: ReviewStatus) -> None: ...

    def select_page_row(self, page: int) -> None: ...


class ReviewController(QObject):
    page_loaded = Signal(int)
    message = Signal(str)  # short status-bar messages

    def __init__(
        self,
        views: ReviewViews,
        runner: TaskRunner,
        hooks: DocumentHooks | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.w = views
        self.hooks = hooks or DocumentHooks()
        self.runner = runner
        self.workspace: Workspace | None = None
        self.current = self._shown = -1  # the page shown; _shown: once loaded in full
        self._target = -1  # the page a navigation is heading to
        self._loaded_note = ""
        self.autosave = Autosave(self._save_draft, runner.run, self)
        self.commands = CommandQueue(runner)
        self.pictures = PagePictures(
            views, runner, lambda: (self.workspace, self.current), self.message.emit, self
        )
        self._transitions = 0  # nested page transitions in progress
        w = views
        w.editor.text_edited.connect(self._on_text_edited)
        w.editor.characters_replaced.connect(lambda n: self.message.emit(replaced_warning(n)))
        w.page_list.selectionModel().currentRowChanged.connect(self._row_chosen)
        # Riskiest first (or back): the rows moved, the page shown stays selected.
        w.page_list_model.modelReset.connect(
            lambda: w.select_page_row(self.current) if self.current >= 0 else None
        )
        w.search.hit_chosen.connect(
            lambda page, offset, length: self.move(self.open_hit(page, offset, length))
        )
        w.history.restore_requested.connect(
            lambda vid: self.runner.run(self._restore(vid), name="restore")
        )

    def _row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.row() < 0:
            return
        page = self.w.page_list_model.page_at(current.row())
        if page != self.current:
            self.go_to(page)

    # -- attaching a document ------------------------------------------------------

    async def attach(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.current = -1
        self._target = -1
        workspace.changed.connect(self._on_change)
        for opened in self.hooks.opened:
            opened(workspace)
        self.pictures.document_opened(workspace, await workspace.statuses())
        await self._navigate(0)

    async def detach(self, *, force: bool = False) -> bool:
        """Save and close the open document. False if typed text could not be saved
        (unless ``force``: then what is saved is kept and the rest is let go)."""
        if self.workspace is None:
            return True
        async with self.commands.closing():  # the status changes given are made first
            await self._stop_writers()  # a batch's pages in flight must not outlive the store
            async with self.page_transition():
                await self.save_note_if_changed()
                if not await self.flush_edits() and not force:
                    return False
                self.autosave.discard()
                for closing in self.hooks.closing:  # e.g. an alternate OCR run storing into it
                    await closing()
                self.pictures.document_closing()
                workspace, self.workspace = self.workspace, None
                for closed in self.hooks.closed:
                    closed()
                self.current = self._target = -1  # nothing typed from now on belongs to it
                await workspace.close()
                # Nothing may hear a closed document (every feature's listener goes), and it is
                # freed: a window that opened many documents does not keep them all alive.
                workspace.changed.disconnect()
                workspace.deleteLater()
            if workspace.session.backup_error:
                self.message.emit(workspace.session.backup_error)
            return True

    @asynccontextmanager
    async def page_transition(self) -> AsyncIterator[None]:
        """No typing while a page's text is saved and (re)loaded: keys typed in
        between would be attributed to the wrong page or overwritten by the load."""
        self._put_pending()  # before the text is frozen: a cell's typing goes in first
        self._transitions += 1
        self.w.editor.editor.setReadOnly(True)
        try:
            yield
        finally:
            self._transitions -= 1
            editable = self._transitions == 0 and self.workspace is not None
            editable = editable and not any(keep(self.current) for keep in self.hooks.read_only)
            self.w.editor.editor.setReadOnly(not editable)

    # -- the commands: page moves and status changes, run by the controller -----------

    def move(self, work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """Queue a page move (go to a page, open a hit): it runs after the commands before
        it, and a newer move supersedes it (``commands``). Done when it is over."""
        return self.commands.move(work)

    def change_status(self, status: ReviewStatus, *, advance: bool = False) -> asyncio.Future[Any]:
        """Give the page shown ``status`` once the commands before it are done; ``advance``:
        then go to the next page. Never dropped, whatever follows."""
        return self.commands.status(self.set_status(status, advance=advance, of=self.workspace))

    # -- navigation ------------------------------------------------------------------

    def go_to(self, page: int) -> None:
        if self.workspace is not None and 0 <= page < self.workspace.page_count:
            self._target = page  # quick repeated steps count from where we are heading
            self.move(self._navigate(page))

    def step(self, delta: int) -> None:
        if self.workspace is not None:
            origin = self._target if self._target >= 0 else self.current
            self.go_to(min(max(origin + delta, 0), self.workspace.page_count - 1))

    async def open_hit(self, page: int, offset: int, length: int) -> None:
        """Save, go to ``page`` and select ``length`` code points at ``offset``."""
        self._target = page
        await self._navigate(page)
        if self.current == page:
            self.w.editor.select_range(offset, length)

    async def _navigate(self, page: int) -> None:
        ws = self.workspace
        if ws is None:
            return
        async with self.page_transition():
            previous = self.current
            if previous >= 0:
                await self.save_note_if_changed()
                if not await self.flush_edits():
                    self.message.emit(self.tr("Your text is not saved yet; staying on this page."))
                    self._target = previous
                    self.w.select_page_row(previous)
                    return
                if previous == page and self._shown == page:
                    return  # already here (e.g. a search hit on this page): nothing to reload
                if previous != page:  # (else a load of it was cancelled midway: load it again)
                    await ws.commit_draft(previous)
            state = await ws.page_state(page)
            width, height = await ws.page_size(page)
            self.current, self._shown = page, -1
            self._loaded_note = state.note
            self.w.show_page_state(state, ws.page_count)
        self.w.page_view.set_page_size(width, height)
        self.w.select_page_row(page)
        self.request_render()
        await self.refresh_history()
        self._shown = page  # loaded in full
        self.page_loaded.emit(page)

    def request_render(self) -> None:
        self.pictures.request_render()

    # -- editing and reviewing ----------------------------------------------------------

    def _on_text_edited(self, text: str) -> None:
        if self.current >= 0:
            self.autosave.text_changed(self.current, text)
            self._tell_if_checked()

    def _tell_if_checked(self) -> None:
        """The first keystroke on an approved (or reviewed) page takes that back (the store's
        rule): say so, and save at once so the page list and the status bar show it now."""
        status, notice = self.w.page_list_model.status(self.current), self.w.editor.notice
        if status not in (ReviewStatus.APPROVED, ReviewStatus.REVIEWED) or notice.isVisible():
            return
        if status is ReviewStatus.APPROVED:
            text = self.tr(
                "This page was approved. Your edit takes the approval back: the page is "
                "in progress again until it is approved again."
            )
        else:
            text = self.tr(
                "This page was marked reviewed. Your edit takes that back: the page is in "
                "progress again until it is reviewed again."
            )
        notice.show_notices([text])
        self.runner.run(self.flush_edits())

    async def _save_draft(self, page: int, text: str) -> None:
        if self.workspace is None:  # never drop text silently: autosave keeps and retries it
            raise StoreError("No document is open to save this text into.")
        await self.workspace.save_draft(page, text)

    async def save_note_if_changed(self) -> None:
        """The page note is saved on Enter, on leaving the field, the page, or the document."""
        note = self.w.note.text()
        if self.workspace is None or self.current < 0 or note == self._loaded_note:
            return
        await self.workspace.set_note(self.current, note)
        self._loaded_note = note
        self.message.emit(self.tr("Note saved."))

    async def save_now(self) -> None:
        """Ctrl+S: write the text and make it a version now."""
        if self.workspace is not None and await self.flush_edits():
            await self.workspace.commit_draft(self.current)
            self.message.emit(self.tr("Saved."))

    async def set_status(
        self, status: ReviewStatus, *, advance: bool = False, of: Workspace | None = None
    ) -> None:
        ws = self.workspace  # ``of``: given for that document, which may have closed since
        if ws is None or self.current < 0 or (of is not None and of is not ws):
            return
        await self._stop_writers()  # a batch's pages in flight must not outlive the store
        async with self.page_transition():
            await self.save_note_if_changed()
            if not await self.flush_edits():
                self.message.emit(self.tr("Your text is not saved yet; try again in a moment."))
                return
            page = self.current
            approving = status is ReviewStatus.APPROVED
            if approving and not await self._approval_allowed(self.w.editor.text()):
                return  # e.g. markers left and the reviewer chose to deal with them first
            await ws.set_status(page, status)
            if advance and page + 1 < ws.page_count:
                self._target = page + 1
                await self._navigate(page + 1)

    async def _restore(self, version_id: int) -> None:
        ws = self.workspace
        if ws is None:
            return
        async with self.page_transition():
            if not await self.flush_edits():
                # Restoring now would put the old version over typing that is not saved.
                self.message.emit(
                    self.tr(
                        "Version #{0} was not restored: your typing could not be saved "
                        "first. Try again once the status bar says it is saved."
                    ).format(version_id)
                )
                return
            await ws.restore(version_id)
            state = await ws.page_state(self.current)
            self.w.show_page_state(state, ws.page_count)
        await self.refresh_history()
        self.message.emit(self.tr("Version #{0} restored as a new version.").format(version_id))

    async def flush_edits(self) -> bool:
        """Save what was typed now (what features hold first: ``hooks.before_save``);
        False if it could not be saved."""
        self._put_pending()
        return await self.autosave.flush()

    def _put_pending(self) -> None:
        for put in self.hooks.before_save:
            put()

    async def _stop_writers(self) -> None:
        for stop in self.hooks.stop_writers:
            await stop()

    async def _approval_allowed(self, text: str) -> bool:
        for check in self.hooks.approve_checks:
            if not await check(text):
                return False
        return True

    async def reload_page(self, page: int) -> None:
        """Show a page's working text again after something outside the editor changed
        it (an accepted OCR reading); nothing typed meanwhile is lost or misplaced."""
        ws = self.workspace
        if ws is None or page != self.current:
            return
        async with self.page_transition():
            if not await self.flush_edits():
                return
            self.w.show_page_state(await ws.page_state(page), ws.page_count)
        await self.refresh_history()

    async def refresh_history(self) -> None:
        ws = self.workspace
        if ws is None or self.current < 0:
            return
        versions = await ws.versions(self.current)
        state = await ws.page_state(self.current)
        self.w.history.set_versions(versions, state.version_id)

    def _on_change(self, change: Change) -> None:
        """Redraw only what a mutation changed."""
        if change.message:
            self.message.emit(change.message)
        if change.status:
            self.runner.run(self._refresh_statuses(change), background=True)
        if self.current in change.pages and change.versions:
            if change.text:  # a new working text (a run's reading): the page shows it now
                self.runner.run(self._reading_arrived(self.current), name="reading-arrived")
            elif change.message:  # e.g. the reading kept out of the way of an edit
                self.w.editor.notice.show_notices([change.message])
            self.runner.run(self.refresh_history(), name="history", background=True)

    async def _reading_arrived(self, page: int) -> None:
        """New working text for the page on screen, from outside the editor (an OCR run).
        Typing not yet saved wins, as the store's rule says of a person's edit: it is saved
        over the reading, which stays in the history, and the reviewer is told."""
        if page != self.current or self.workspace is None:
            return
        if not self.autosave.dirty:
            await self.reload_page(page)
            return
        if await self.flush_edits():
            self.w.editor.notice.show_notices(
                [
                    self.tr(
                        "A new reading of this page arrived while you were typing. Your "
                        "edit is kept; the reading is in the page's history."
                    )
                ]
            )

    async def _refresh_statuses(self, change: Change) -> None:
        ws = self.workspace
        if ws is None:
            return
        for page in change.pages:
            state = await ws.page_state(page)
            self.w.page_list_model.set_status(page, state.status)
            if page == self.current:
                self.w.show_status(state.status)
